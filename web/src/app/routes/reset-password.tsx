import { ResetPasswordPage } from '@/features/account/components/reset-password-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('忘記密碼');
  return <ResetPasswordPage />;
}
