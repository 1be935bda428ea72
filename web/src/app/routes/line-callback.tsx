import { LineCallbackPage } from '@/features/account/components/line-callback-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('LINE 登入');
  return <LineCallbackPage />;
}
