// What the browser journeys share: the emulators' addresses, the Admin SDK for fixtures, members signed
// in through the session cookies the shop reads (no login page), fixture books, and the optional
// screenshots. (tests/helpers/emulators.ts is CommonJS to Playwright's ESM loader, so this lives here.)
import type { BrowserContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { signInWithPassword } from './auth-emulator';
export { signInWithPassword };

export const HOSTING_URL = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';

/**
 * A rate-limit client of the test's own (docs/limits.md, Tests): with this run's RATE_LIMIT_TEST_SECRET
 * (`npm test` and `scripts/emulators.mjs exec` set it) the API counts a request carrying the header as
 * client `id`, so the browser tests' sign-ups and orders neither use up nor inherit a window of another
 * run's (a rerun within the hour met the production 10 sign-ups an hour). Without the secret, against a
 * shop `npm start` serves: no header, the production limits for the one `local` client.
 */
export function testClientHeaders(id = `e2e-${randomUUID()}`): Record<string, string> {
  const secret = process.env.RATE_LIMIT_TEST_SECRET;
  return secret ? { 'X-Test-Client': `${secret}:${id}` } : {};
}
export const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
/** SCREENSHOTS=1 makes `shoot` save the pages it is given. */
export const SHOTS = process.env.SCREENSHOTS === '1';

export const adminApp = () => getApps()[0] ?? initializeApp({ projectId: 'demo-bookstore' });
export const adminDb = () => getFirestore(adminApp());
/** An id no other run or test uses (documents of the shared demo project outlive a run). */
export const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A mobile number no other test uses, ending in `tail` (three digits, for the masked `*******678`). The
 * group orders are limited to 5 a day per phone (docs/limits.md), and the browser tests share one
 * emulator run: two specs giving one fixed number used up its day and the third got 429.
 */
export const uniqPhone = (tail = String(Math.floor(Math.random() * 1000)).padStart(3, '0')) =>
  `09${String(Math.floor(Math.random() * 1e2)).padStart(2, '0')}-${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')}-${tail}`;

/** A verified member of its own (email prefix `prefix`), created through the Admin SDK. */
export async function createMember(displayName: string, prefix = 'e2e-user') {
  const email = `${uniq(prefix)}@example.com`;
  const password = 'secret123';
  await getAuth(adminApp()).createUser({ email, password, displayName, emailVerified: true });
  return { email, password };
}

/** Signs the browser context in as that account by writing the session cookies the shop reads. */
export async function signInByCookies(context: BrowserContext, email: string, password: string, userName: string) {
  const s = await signInWithPassword(email, password);
  const values = { idToken: s.idToken, refreshToken: s.refreshToken, userId: s.localId, email, emailVerified: 'true', userName, signInProvider: 'password', photoUrl: '' };
  await context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value: encodeURIComponent(value), url: HOSTING_URL })));
  return s;
}

/** A launched book of the test's own with `qty` copies, so the demo shop's stock never changes. */
export async function fixtureBook(name: string, salePrice: number, opts: { qty?: number; prefix?: string; sortOrder?: number } = {}) {
  const productId = uniq(opts.prefix ?? 'e2e-book');
  await adminDb().doc(`products/${productId}`).set({
    name,
    imgSrc: '/favicon.svg',
    listPrice: salePrice + 200,
    salePrice,
    launched: true,
    isNew: false,
    sortOrder: opts.sortOrder ?? 9000,
    // The catalogue lists only books that satisfy productSchema.
    bookIntroduction: { primaryColor: '#2f5d62', slogan: '測試', overview: '測試用書籍', summary: [], detail: [] },
  });
  await adminDb().doc(`stock/${productId}`).set({ qty: opts.qty ?? 10, updatedAt: new Date().toISOString() });
  return productId;
}

/** With SCREENSHOTS=1: full-page shots of the page at 360 px and 1280 px into `dir`. */
export async function shoot(page: Page, dir: string, name: string) {
  if (!SHOTS) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A JSON call to the shop's API through Hosting, as the browser makes it; throws on any answer but 2xx. */
export async function api<T>(path: string, init: { method: string; body?: unknown; idToken?: string }): Promise<T> {
  const res = await fetch(`${HOSTING_URL}/api${path}`, {
    method: init.method,
    headers: { 'Content-Type': 'application/json', ...testClientHeaders(), ...(init.idToken ? { Authorization: `Bearer ${init.idToken}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** An order id the API accepts (letters, digits, _ and -), new each call; `prefix` says which spec made it. */
export const newOrderId = (prefix = 'e2e') => uniq(prefix).replace(/[^A-Za-z0-9_-]/g, '') + Math.random().toString(36).slice(2, 8);

/**
 * A group-buying campaign made through the owner's API: the fields a test names over a launched one
 * of 測試協會 closing in 7 days, with no banner, text or notes. Answers its planId.
 */
export async function createPlan(idToken: string, plan: { planId: string; title: string; products: { productId: string; groupPrice: number }[] } & Record<string, unknown>): Promise<string> {
  const defaults = { organizer: '測試協會', closingDate: new Date(Date.now() + 7 * 86_400_000).toISOString(), launched: true, bannerImg: { pc: '', mobile: '' }, content: [], pickupNotes: '', paymentNotes: '' };
  await api('/admin/plans', { method: 'POST', idToken, body: { ...defaults, ...plan } });
  return plan.planId;
}

/** Fills the sign-up form on the current page as a new member would and submits it; waits for 註冊成功. */
export async function signUpThroughForm(page: Page, who: { name: string; email: string; password: string }) {
  await page.getByLabel('姓名').fill(who.name);
  await page.getByRole('main').getByLabel('電子郵件').fill(who.email);
  await page.getByLabel('密碼', { exact: true }).fill(who.password);
  await page.getByLabel('確認密碼').fill(who.password);
  await page.getByRole('button', { name: '註冊', exact: true }).click();
  await page.getByRole('heading', { name: '註冊成功' }).waitFor();
}

/**
 * Waits until books made at `madeAt` are in every instance's catalogue. Each Functions worker keeps the
 * catalogue for CATALOGUE_TTL_MS (functions/src/config.ts: 30 s, 2 s under npm test), and the book list, a
 * book's page and the cart's check of a book all read it, so one fresh answer is not enough: the books
 * must be listed and every cache older than they are must have expired.
 */
export async function waitUntilListed(productIds: string[], madeAt: number) {
  const listed = async () => {
    const list = (await (await fetch(`${HOSTING_URL}/api/products/simple`)).json()) as { productId: string }[];
    return productIds.every((id) => list.some((p) => p.productId === id));
  };
  const deadline = Date.now() + 45_000;
  while (!(await listed())) {
    if (Date.now() > deadline) throw new Error(`not listed after 45 s: ${productIds.join(', ')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const ttl = Number(process.env.CATALOGUE_TTL_MS || 30_000);
  await new Promise((r) => setTimeout(r, Math.max(0, madeAt + ttl + 1000 - Date.now())));
}
