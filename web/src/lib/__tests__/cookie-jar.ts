// A minimal document.cookie for unit tests in Node (web/src/lib/cookies.ts reads and writes it).
export function installCookieJar(protocol = 'http:') {
  const jar = new Map<string, { value: string; attrs: string }>();
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1);
      const expires = attrs.find((a) => a.trim().toLowerCase().startsWith('expires='));
      if (expires && Date.parse(expires.split('=')[1]!) < Date.now()) jar.delete(name);
      else jar.set(name, { value, attrs: attrs.join(';') });
    },
  };
  Object.assign(globalThis, { document: doc, location: { protocol, hostname: '127.0.0.1' }, window: globalThis });
  return {
    jar,
    attrsOf: (name: string) => jar.get(name)?.attrs ?? '',
    uninstall: () => {
      delete (globalThis as Record<string, unknown>).document;
      delete (globalThis as Record<string, unknown>).location;
      delete (globalThis as Record<string, unknown>).window;
    },
  };
}

/** An unsigned ID token with these claims (the emulator's kind). */
export function makeIdToken(claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}
