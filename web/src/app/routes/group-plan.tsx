import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('團購活動');
  return <NotYetOpen title="團購活動">團購活動頁即將上線。</NotYetOpen>;
}
