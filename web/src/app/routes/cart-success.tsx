import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('訂單完成');
  return <NotYetOpen title="訂單完成">訂單完成頁即將上線。</NotYetOpen>;
}
