import { LogInPage } from '@/features/account/components/log-in-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('會員登入');
  return <LogInPage />;
}
