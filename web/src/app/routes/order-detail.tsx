import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('訂單詳情');
  return <NotYetOpen title="訂單詳情">訂單詳情頁即將上線。</NotYetOpen>;
}
