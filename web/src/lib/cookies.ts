// The session's cookies (./session.ts), read and written as js-cookie did: the value percent-encoded
// (a Chinese name), the attributes the session names: a few lines instead of js-cookie's 1.4 KiB in
// every page's first script; a value written by js-cookie reads back the same.

export interface CookieAttributes {
  path: string;
  sameSite?: 'Lax' | 'Strict';
  secure?: boolean;
  /** Days from now. */
  expires?: number;
}

// On the server (the `ssr` function renders the same modules) there is no document and no cookie.
const jar = () => (typeof document === 'undefined' ? null : document);

export function getCookie(name: string): string | undefined {
  const cookie = jar()?.cookie;
  for (const pair of cookie ? cookie.split('; ') : []) {
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq) !== name) continue;
    const raw = pair.slice(eq + 1).replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, a: CookieAttributes): void {
  const doc = jar();
  if (!doc) return;
  const expires = a.expires === undefined ? '' : `; expires=${new Date(Date.now() + a.expires * 86_400_000).toUTCString()}`;
  doc.cookie = `${name}=${encodeURIComponent(value)}; path=${a.path}${expires}${a.sameSite ? `; samesite=${a.sameSite}` : ''}${a.secure ? '; secure' : ''}`;
}

export function removeCookie(name: string, a: Pick<CookieAttributes, 'path'>): void {
  setCookie(name, '', { path: a.path, expires: -1 });
}
