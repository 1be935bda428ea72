import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('團購購物車');
  return <NotYetOpen title="團購購物車">團購結帳功能即將上線。</NotYetOpen>;
}
