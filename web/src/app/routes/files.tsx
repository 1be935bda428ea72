import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('檔案下載');
  return <NotYetOpen title="檔案下載">檔案下載區即將上線。</NotYetOpen>;
}
