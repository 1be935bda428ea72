import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, removeCookie, setCookie } from '../cookies';
import { installCookieJar } from './cookie-jar';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

describe('cookies', () => {
  it('reads back what it wrote, a Chinese name and an = included, and nothing for an unknown name', () => {
    const jar = installCookieJar();
    uninstall = jar.uninstall;
    setCookie('userName', '王小明 = Mary; 林', { path: '/', sameSite: 'Lax', expires: 30 });
    setCookie('idToken', 'a.b.c', { path: '/' });
    expect(getCookie('userName')).toBe('王小明 = Mary; 林');
    expect(getCookie('idToken')).toBe('a.b.c');
    expect(getCookie('user')).toBeUndefined();
    expect(jar.attrsOf('userName').toLowerCase()).toMatch(/path=\/.*expires=.*samesite=lax/);
  });

  it('reads a value as js-cookie wrote it (its own percent-encoding), and one that is not encoded at all', () => {
    const jar = installCookieJar();
    uninstall = jar.uninstall;
    // js-cookie 3 leaves #$&+^`| and the like as they are and encodes the rest.
    document.cookie = 'userName=%E7%8E%8B%E5%B0%8F%E6%98%8E+#$; path=/';
    document.cookie = 'email=100%; path=/';
    expect(getCookie('userName')).toBe('王小明+#$');
    expect(getCookie('email')).toBe('100%');
  });

  it('reads nothing and writes nothing where there is no document (the ssr function renders these modules)', () => {
    expect(typeof document).toBe('undefined');
    expect(getCookie('idToken')).toBeUndefined();
    expect(() => setCookie('idToken', 'x', { path: '/' })).not.toThrow();
    expect(() => removeCookie('idToken', { path: '/' })).not.toThrow();
  });

  it('removes a cookie', () => {
    const jar = installCookieJar();
    uninstall = jar.uninstall;
    setCookie('photoUrl', 'https://example.com/a.png', { path: '/' });
    removeCookie('photoUrl', { path: '/' });
    expect(getCookie('photoUrl')).toBeUndefined();
  });
});
