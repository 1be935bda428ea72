import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('訂購書籍');
  return <NotYetOpen title="訂購書籍">書籍列表即將上線。</NotYetOpen>;
}
