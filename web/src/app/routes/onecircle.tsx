import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('一圈讀書會團購');
  return <NotYetOpen title="一圈讀書會團購">團購訂購表單即將上線。</NotYetOpen>;
}
