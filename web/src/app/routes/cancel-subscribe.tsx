import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('取消訂閱電子報');
  return <NotYetOpen title="取消訂閱電子報">取消訂閱功能即將上線。</NotYetOpen>;
}
