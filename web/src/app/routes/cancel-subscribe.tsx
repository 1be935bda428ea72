import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/content/components/unsubscribe-panel';
import '@/features/content/content.css';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  const [params] = useSearchParams();
  useDocumentMeta('取消訂閱電子報', '取消訂閱青嶼書房電子報。');
  const token = params.get('token') ?? '';
  return <UnsubscribePanel key={token} token={token} />;
}
