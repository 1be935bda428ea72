// The Firebase JS SDK, loaded only when a feature needs it (Google sign-in, live stock and progress),
// never in the storefront's first JS. Connects to the emulators when env.useEmulators.
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { env } from '@/config/env';

let appP: Promise<FirebaseApp> | undefined;
let authP: Promise<Auth> | undefined;
let dbP: Promise<Firestore> | undefined;

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

export function firestore(): Promise<Firestore> {
  dbP ??= Promise.all([firebaseApp(), import('firebase/firestore')]).then(([app, { getFirestore, connectFirestoreEmulator }]) => {
    const db = getFirestore(app);
    if (env.useEmulators) {
      const [host, port] = env.firestoreEmulatorHost.split(':');
      connectFirestoreEmulator(db, host!, Number(port));
    }
    return db;
  });
  return dbP;
}
