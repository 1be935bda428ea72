import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('會員登入');
  return <NotYetOpen title="會員登入">會員登入功能即將上線。</NotYetOpen>;
}
