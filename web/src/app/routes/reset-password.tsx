import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('忘記密碼');
  return <NotYetOpen title="忘記密碼">密碼重設功能即將上線。</NotYetOpen>;
}
