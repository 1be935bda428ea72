import { ProfilePage } from '@/features/account/components/profile-page';
import { useDocumentMeta } from '@/lib/use-document-title';

export function Component() {
  useDocumentMeta('會員資料');
  return <ProfilePage />;
}
