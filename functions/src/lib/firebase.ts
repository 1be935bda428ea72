// firebase-admin is loaded on first use, not at import: importing the function entry stays cheap
// (measured by `npm run bench`), and cold starts that never touch Firestore skip it entirely.
// Dynamic import() works the same in the compiled CommonJS function and in the ESM test runner.
import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { config } from '../config';
import { withShopSettings } from './firestore-settings';

export const PROJECT_ID = config().projectId;

let appP: Promise<App> | undefined;
let dbP: Promise<Firestore> | undefined;
let authP: Promise<Auth> | undefined;

export function adminApp(): Promise<App> {
  appP ??= import('firebase-admin/app').then(({ getApps, initializeApp }) => getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
  return appP;
}

export function db(): Promise<Firestore> {
  dbP ??= Promise.all([adminApp(), import('firebase-admin/firestore')]).then(([app, { getFirestore }]) => withShopSettings(getFirestore(app)));
  return dbP;
}

export function auth(): Promise<Auth> {
  authP ??= Promise.all([adminApp(), import('firebase-admin/auth')]).then(([app, { getAuth }]) => getAuth(app));
  return authP;
}

/** FieldValue, Timestamp and friends, loaded with the SDK. */
export function firestoreNs(): Promise<typeof import('firebase-admin/firestore')> {
  return import('firebase-admin/firestore');
}
