import * as z from 'zod/mini';

// Parsed once at start-up; a bad value fails loudly with the key's name.
const schema = z.object({
  VITE_FIREBASE_API_KEY: z._default(z.string(), 'demo-api-key'),
  VITE_FIREBASE_PROJECT_ID: z._default(z.string(), 'demo-bookstore'),
  VITE_FIREBASE_AUTH_DOMAIN: z._default(z.string(), 'demo-bookstore.firebaseapp.com'),
  VITE_USE_EMULATORS: z.optional(z.enum(['true', 'false'])),
  VITE_AUTH_EMULATOR_HOST: z._default(z.string(), '127.0.0.1:9099'),
  VITE_FIRESTORE_EMULATOR_HOST: z._default(z.string(), '127.0.0.1:8080'),
  VITE_GTM_ID: z.optional(z.string().check(z.regex(/^GTM-[A-Z0-9]+$/))),
});

function parse() {
  const r = schema.safeParse(import.meta.env);
  if (!r.success) {
    const keys = r.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid environment variables: ${keys}`);
  }
  return r.data;
}

const raw = parse();
const isLocalHost = typeof location !== 'undefined' && ['127.0.0.1', 'localhost'].includes(location.hostname);

export const env = {
  firebase: {
    apiKey: raw.VITE_FIREBASE_API_KEY,
    projectId: raw.VITE_FIREBASE_PROJECT_ID,
    authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN,
  },
  /** Emulators when asked, or by default when the shop is served from this machine. */
  useEmulators: raw.VITE_USE_EMULATORS ? raw.VITE_USE_EMULATORS === 'true' : isLocalHost,
  authEmulatorHost: raw.VITE_AUTH_EMULATOR_HOST,
  firestoreEmulatorHost: raw.VITE_FIRESTORE_EMULATOR_HOST,
  gtmId: raw.VITE_GTM_ID,
  apiBase: '/api',
};
