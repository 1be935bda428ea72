import { AdminConsole } from '@/features/admin/components/admin-console';
import { isOwnerToken } from '@/features/admin/lib/owner';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { ErrorView } from '../error-screen';

/** /admin/*: the shop owner's console. Members get the error screen (the API refuses them too). */
export function Component() {
  const session = useSession();
  const owner = isOwnerToken(session?.idToken);
  useDocumentMeta(owner ? '店長後台' : '權限不足');
  if (!owner) return <ErrorView statusCode={403} statusMessage="Permission denied" />;
  return <AdminConsole />;
}
