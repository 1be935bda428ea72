import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('會員註冊');
  return <NotYetOpen title="會員註冊">會員註冊功能即將上線。</NotYetOpen>;
}
