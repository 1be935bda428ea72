import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('訂單查詢');
  return <NotYetOpen title="訂單查詢">訂單查詢功能即將上線。</NotYetOpen>;
}
