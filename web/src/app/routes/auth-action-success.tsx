import { useParams } from 'react-router';
import { AuthActionSuccessPage } from '@/features/account/components/auth-action-success-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  const { modeSuccess } = useParams();
  useDocumentMeta(modeSuccess === 'resetPassword-success' ? '密碼已重設' : '信箱驗證成功');
  return <AuthActionSuccessPage />;
}
