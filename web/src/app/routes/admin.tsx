import { useEffect, useState } from 'react';
import { AdminConsole } from '@/features/admin/components/admin-console';
import { isOwnerToken } from '@/lib/owner';
import { refreshIdToken } from '@/lib/session';
import { useDocumentMeta } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { ErrorView } from '../error-screen';

/** /admin/*: the shop owner's console. Members get the error screen (the API refuses them too). */
export function Component() {
  const session = useSession();
  const owner = isOwnerToken(session?.idToken);
  // The owner role may have been granted after this token was minted: ask for a fresh token once
  // before refusing (the server checks the account itself too).
  const [checked, setChecked] = useState(owner);
  const signedIn = session !== null;
  useEffect(() => {
    if (owner || !signedIn) return;
    let live = true;
    void refreshIdToken().finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [owner, signedIn]);
  useDocumentMeta(owner ? '店長後台' : checked ? '權限不足' : '店長後台');
  if (!owner && !checked && signedIn) return <p role="status" className="page-loading">確認權限中…</p>;
  if (!owner) return <ErrorView statusCode={403} statusMessage="Permission denied" />;
  return <AdminConsole />;
}
