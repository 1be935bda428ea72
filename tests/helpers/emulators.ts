// Helpers for tests that run against the emulators (inside `firebase emulators:exec`).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { withShopSettings } from '../../functions/src/lib/firestore-settings';
import { signInWithPassword } from '../../web/e2e/support/auth-emulator';
export { signInWithPassword };

export const PROJECT_ID = 'demo-bookstore';
export const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
export const HOSTING_URL = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  throw new Error('These tests need the emulators: run them through `npm test` or scripts/emulators.mjs exec');
}

export function adminApp() {
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}
/**
 * The Admin SDK's Firestore, with the settings the functions give it: API test files share one module graph
 * per worker (vitest.config.ts), so a test's handle may be the first to use the process's one instance.
 */
export const adminDb = () => withShopSettings(getFirestore(adminApp()));
export const adminAuth = () => getAuth(adminApp());

/** A unique suffix so tests never collide with the demo data or with each other. */
export function uniq(prefix = 't'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

/** Creates an account in the Auth emulator and signs it in; `admin` sets the owner claim. */
export async function createTestUser(opts: { emailVerified?: boolean; admin?: boolean; displayName?: string } = {}): Promise<TestUser> {
  const email = `${uniq('user')}@example.com`.toLowerCase();
  const password = 'secret123';
  const user = await adminAuth().createUser({ email, password, emailVerified: opts.emailVerified ?? true, displayName: opts.displayName ?? '測試會員' });
  if (opts.admin) await adminAuth().setCustomUserClaims(user.uid, { admin: true });
  const { idToken, refreshToken } = await signInWithPassword(email, password);
  return { uid: user.uid, email, password, idToken, refreshToken };
}

/** The email links the Auth emulator "sent". */
export async function oobCodes(): Promise<{ email: string; requestType: string; oobCode: string; oobLink: string }[]> {
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string; oobLink: string }[] };
  return body.oobCodes ?? [];
}

/**
 * Headers that make the Functions emulator count a test's requests as its own client for the rate
 * limits (the run's secret comes from scripts/test.mjs or scripts/emulators.mjs exec). Without them
 * every caller of the emulator is one local client, as `npm start` serves it.
 */
export function testClientHeaders(id: string = uniq('client')): Record<string, string> {
  const secret = process.env.RATE_LIMIT_TEST_SECRET;
  if (!secret) throw new Error('RATE_LIMIT_TEST_SECRET is unset: run the tests through `npm test` or scripts/emulators.mjs exec');
  return { 'X-Test-Client': `${secret}:${id}` };
}

/**
 * A book of the test's own written straight to Firestore (launched unless told otherwise), with `qty`
 * copies in stock unless `withStock` is false, so stock-changing tests never touch the demo shop's.
 */
export async function seedBook(opts: {
  prefix: string;
  qty: number;
  name?: string;
  /** Without a name: `${namePrefix} ${productId}`. */
  namePrefix?: string;
  listPrice?: number;
  salePrice?: number;
  launched?: boolean;
  withStock?: boolean;
  /** The storefront lists only books with an introduction (productSchema); order tests do not need one. */
  withIntroduction?: boolean;
}): Promise<string> {
  const productId = uniq(opts.prefix);
  await adminDb().doc(`products/${productId}`).set({
    name: opts.name ?? `${opts.namePrefix ?? '測試書'} ${productId}`,
    author: '測試作者',
    imgSrc: '/images/books/test.jpg',
    listPrice: opts.listPrice ?? 1000,
    salePrice: opts.salePrice ?? 800,
    launched: opts.launched ?? true,
    sortOrder: 999,
    isNew: false,
    ...(opts.withIntroduction ? { bookIntroduction: { primaryColor: '#225', slogan: '測試標語', overview: '測試簡介', summary: [], detail: [] } } : {}),
  });
  if (opts.withStock !== false) await adminDb().doc(`stock/${productId}`).set({ qty: opts.qty, updatedAt: new Date().toISOString() });
  return productId;
}
