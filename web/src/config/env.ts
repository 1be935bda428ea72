// Parsed once at start-up; a bad value fails loudly with the key's name. Hand-written rather than zod:
// this module is in every page's first JS, and zod belongs in the lazy form chunks only.

type Raw = Record<string, string | undefined>;

function parse(raw: Raw) {
  const bad: string[] = [];
  const str = (key: string, fallback: string) => {
    const v = raw[key];
    if (v === undefined || v === '') return fallback;
    return v;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const v = raw[key];
    if (v === undefined || v === '') return undefined;
    if (!(allowed as readonly string[]).includes(v)) bad.push(key);
    return v as T;
  };
  const matching = (key: string, re: RegExp) => {
    const v = raw[key];
    if (v === undefined || v === '') return undefined;
    if (!re.test(v)) bad.push(key);
    return v;
  };
  const hostPort = /^[\w.-]+:\d{1,5}$/;
  const out = {
    VITE_FIREBASE_API_KEY: str('VITE_FIREBASE_API_KEY', 'demo-api-key'),
    VITE_FIREBASE_PROJECT_ID: str('VITE_FIREBASE_PROJECT_ID', 'demo-bookstore'),
    VITE_FIREBASE_AUTH_DOMAIN: str('VITE_FIREBASE_AUTH_DOMAIN', 'demo-bookstore.firebaseapp.com'),
    VITE_USE_EMULATORS: oneOf('VITE_USE_EMULATORS', ['true', 'false'] as const),
    // Set for every local build and dev server (scripts/lib/firebase-env.mjs); a deploy's build has
    // none, so no emulator address ships (npm run deploy:check scans for one).
    VITE_AUTH_EMULATOR_HOST: matching('VITE_AUTH_EMULATOR_HOST', hostPort),
    VITE_FIRESTORE_EMULATOR_HOST: matching('VITE_FIRESTORE_EMULATOR_HOST', hostPort),
    VITE_GTM_ID: matching('VITE_GTM_ID', /^GTM-[A-Z0-9]+$/),
  };
  if (bad.length) throw new Error(`Invalid environment variables: ${bad.join(', ')}`);
  return out;
}

const raw = parse(import.meta.env as Raw);
const isLocalHost = typeof location !== 'undefined' && ['127.0.0.1', 'localhost'].includes(location.hostname);

export const env = {
  firebase: {
    apiKey: raw.VITE_FIREBASE_API_KEY,
    projectId: raw.VITE_FIREBASE_PROJECT_ID,
    authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN,
  },
  /** Emulators when the build knows where they are and asks, or by default when served from this machine. */
  useEmulators: !!raw.VITE_AUTH_EMULATOR_HOST && !!raw.VITE_FIRESTORE_EMULATOR_HOST && (raw.VITE_USE_EMULATORS ? raw.VITE_USE_EMULATORS === 'true' : isLocalHost),
  authEmulatorHost: raw.VITE_AUTH_EMULATOR_HOST ?? '',
  firestoreEmulatorHost: raw.VITE_FIRESTORE_EMULATOR_HOST ?? '',
  gtmId: raw.VITE_GTM_ID,
  apiBase: '/api',
};
