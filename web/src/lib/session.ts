import Cookies from 'js-cookie';

// The browser session of the seed's sections 3 and 4: kept in cookies, restored on load.
// "Logged in" means the idToken cookie is present.

export interface Session {
  name: string;
  email: string;
  emailVerified: boolean;
  picture: string;
  userId: string;
  provider: string;
  idToken: string;
  refreshToken: string;
}

export const COOKIE_NAMES = {
  userName: 'userName',
  email: 'email',
  emailVerified: 'emailVerified',
  photoUrl: 'photoUrl',
  userId: 'userId',
  idToken: 'idToken',
  refreshToken: 'refreshToken',
  signInProvider: 'signInProvider',
} as const;

const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'Lax',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
  expires: 30,
});

type Listener = (s: Session | null) => void;
const listeners = new Set<Listener>();
let current: Session | null | undefined;

/** Rebuilds the session from the cookies; null when there is no idToken cookie. */
export function restoreSession(): Session | null {
  const idToken = Cookies.get(COOKIE_NAMES.idToken);
  if (!idToken) return null;
  return {
    name: Cookies.get(COOKIE_NAMES.userName) ?? '',
    email: Cookies.get(COOKIE_NAMES.email) ?? '',
    emailVerified: Cookies.get(COOKIE_NAMES.emailVerified) === 'true',
    picture: Cookies.get(COOKIE_NAMES.photoUrl) ?? '',
    userId: Cookies.get(COOKIE_NAMES.userId) ?? '',
    provider: Cookies.get(COOKIE_NAMES.signInProvider) ?? '',
    idToken,
    refreshToken: Cookies.get(COOKIE_NAMES.refreshToken) ?? '',
  };
}

export function getSession(): Session | null {
  if (current === undefined) current = restoreSession();
  return current;
}

export function isLoggedIn(): boolean {
  return Boolean(Cookies.get(COOKIE_NAMES.idToken));
}

export function setSession(s: Session): void {
  const o = cookieOptions();
  Cookies.set(COOKIE_NAMES.userName, s.name, o);
  Cookies.set(COOKIE_NAMES.email, s.email, o);
  Cookies.set(COOKIE_NAMES.emailVerified, String(s.emailVerified), o);
  Cookies.set(COOKIE_NAMES.photoUrl, s.picture, o);
  Cookies.set(COOKIE_NAMES.userId, s.userId, o);
  Cookies.set(COOKIE_NAMES.idToken, s.idToken, o);
  Cookies.set(COOKIE_NAMES.refreshToken, s.refreshToken, o);
  Cookies.set(COOKIE_NAMES.signInProvider, s.provider, o);
  current = s;
  listeners.forEach((l) => l(s));
}

/** Clears every session field and cookie. */
export function clearSession(): void {
  for (const name of Object.values(COOKIE_NAMES)) Cookies.remove(name, { path: '/' });
  current = null;
  listeners.forEach((l) => l(null));
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
