import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('書籍介紹');
  return <NotYetOpen title="書籍介紹">書籍介紹頁即將上線。</NotYetOpen>;
}
