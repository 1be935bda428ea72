import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('常見問題');
  return <NotYetOpen title="常見問題">常見問題正在整理中。</NotYetOpen>;
}
