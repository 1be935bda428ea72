// The Firebase JS SDK, loaded only when a feature needs it (Google sign-in; live stock and progress read
// Firestore's REST API instead: lib/live/live-document.tsx),
// never in the storefront's first JS. Connects to the emulators when env.useEmulators.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { env } from '@/config/env';

let appP: Promise<FirebaseApp> | undefined;
let authP: Promise<Auth> | undefined;

export function firebaseApp(): Promise<FirebaseApp> {
  appP ??= import('firebase/app').then(({ initializeApp, getApps }) => getApps()[0] ?? initializeApp(env.firebase));
  return appP;
}

export function firebaseAuth(): Promise<Auth> {
  authP ??= Promise.all([firebaseApp(), import('firebase/auth')]).then(([app, { getAuth, connectAuthEmulator }]) => {
    const auth = getAuth(app);
    if (env.useEmulators) connectAuthEmulator(auth, `http://${env.authEmulatorHost}`, { disableWarnings: true });
    return auth;
  });
  return authP;
}
