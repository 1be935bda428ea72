import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

// A project of its own, so clearing it never touches the demo shop in demo-bookstore.
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-rules-foundation',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
  });
});
afterAll(() => env.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, 'products/on'), { name: 'A', launched: true });
    await setDoc(doc(db, 'products/off'), { name: 'B', launched: false });
    await setDoc(doc(db, 'stock/on'), { qty: 3 });
    await setDoc(doc(db, 'mail/m1'), { to: 'a@example.com' });
    await setDoc(doc(db, 'settings/shop'), { shopName: 'x' });
    await setDoc(doc(db, 'settings/secret'), { key: 'x' });
  });
});

describe('public catalogue', () => {
  it('lets anyone read launched products and stock', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertSucceeds(getDoc(doc(db, 'products/on')));
    await assertSucceeds(getDoc(doc(db, 'stock/on')));
    await assertSucceeds(getDoc(doc(db, 'settings/shop')));
  });
  it('hides unlaunched products from everyone but the owner', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'products/off')));
    await assertSucceeds(getDoc(doc(env.authenticatedContext('boss', { admin: true }).firestore(), 'products/off')));
  });
  it('denies every client write, even the owner', async () => {
    for (const ctx of [env.unauthenticatedContext(), env.authenticatedContext('alice'), env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(setDoc(doc(db, 'products/on'), { name: 'hacked', launched: true }));
      await assertFails(setDoc(doc(db, 'stock/on'), { qty: 999 }));
      await assertFails(setDoc(doc(db, 'orders/o1'), { userId: 'alice' }));
    }
  });
  it('keeps server-only collections private', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'mail/m1')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'settings/secret')));
  });
});
