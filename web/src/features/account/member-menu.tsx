import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { isLoggedIn } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import './member-menu.css';

// The header's member menu. Part of the first JS: no zod, no Firebase here. A visitor who is not signed
// in (every first visit, and what the server renders) gets only the link; the signed-in menu (its
// panel, the verification mail, the owner's link: 0.3 KiB brotli) is a chunk of its own, loaded once a
// session is there, with the link shown until it has arrived, as before hydration (docs/storefront.md,
// "Fourth round").

const loadSignedInMenu = () => import('./signed-in-menu');
// A signed-in visitor's menu is fetched as the entry runs, beside hydration rather than after it.
if (isLoggedIn()) void loadSignedInMenu();
const SignedInMenu = lazy(loadSignedInMenu);

function LogInLink() {
  return (
    <Link className="btn btn--ghost btn--small" to="/user/logIn">
      登入／註冊
    </Link>
  );
}

export function MemberMenu() {
  const session = useSession();
  if (!session) return <LogInLink />;
  return (
    <Suspense fallback={<LogInLink />}>
      <SignedInMenu session={session} />
    </Suspense>
  );
}
