import { AuthActionPage } from '@/features/account/components/auth-action-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('帳號驗證');
  return <AuthActionPage />;
}
