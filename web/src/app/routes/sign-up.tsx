import { SignUpPage } from '@/features/account/components/sign-up-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('會員註冊');
  return <SignUpPage />;
}
