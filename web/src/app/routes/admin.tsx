import { NotYetOpen } from '@/components/page-status';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('店長後台');
  return <NotYetOpen title="店長後台">店長後台即將上線。</NotYetOpen>;
}
