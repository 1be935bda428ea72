import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('驗證完成');
  return <NotYetOpen title="驗證完成">驗證完成頁即將上線。</NotYetOpen>;
}
