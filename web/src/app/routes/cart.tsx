import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('購物車');
  return <NotYetOpen title="購物車">購物車與結帳功能即將上線。</NotYetOpen>;
}
