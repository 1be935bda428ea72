import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('團體與企業採購');
  return <NotYetOpen title="團體與企業採購">團體與企業採購說明正在準備中。</NotYetOpen>;
}
