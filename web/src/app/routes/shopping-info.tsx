import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('購物須知');
  return <NotYetOpen title="購物須知">購物須知正在整理中。</NotYetOpen>;
}
