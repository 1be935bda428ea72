import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('帳號驗證');
  return <NotYetOpen title="帳號驗證">帳號驗證功能即將上線。</NotYetOpen>;
}
