import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('聯絡我們');
  return <NotYetOpen title="聯絡我們">聯絡頁面正在準備中，請來電 06-234-5678。</NotYetOpen>;
}
