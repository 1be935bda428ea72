import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

// The owner's console works only through /api/admin: the rules give a browser nothing more, not even
// the owner's. Stock movements stay server-side; nobody writes orders, stock, books, plans or mail.
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-rules-admin',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
  });
});
afterAll(() => env.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, 'products/guide'), { name: '公司登記實務全攻略', launched: true, salePrice: 880 });
    await setDoc(doc(db, 'stock/guide'), { qty: 3, updatedAt: '2026-01-01T00:00:00.000Z' });
    await setDoc(doc(db, 'stock/guide/movements/m1'), { before: 0, after: 3, delta: 3, reason: '進貨', by: 'owner:boss@example.com', at: '2026-01-01T00:00:00.000Z' });
    await setDoc(doc(db, 'orders/order-aaaaaaaaaaaaaaaa'), { userId: 'alice', status: 'awaitingPayment', totalPrice: 880 });
    await setDoc(doc(db, 'groupBuyingPlans/plan'), { title: '團購', launched: true });
    await setDoc(doc(db, 'mail/m1'), { to: 'alice@example.com', message: { subject: 's', text: 't', html: 'h' } });
  });
});

const everyone = () => [
  ['anonymous', env.unauthenticatedContext()],
  ['a member', env.authenticatedContext('alice', { email_verified: true })],
  ['the owner', env.authenticatedContext('boss', { admin: true, email: 'boss@example.com' })],
] as const;

describe('the owner console has no browser path around the API', () => {
  it('keeps the stock movement log private, even from the owner', async () => {
    for (const [, ctx] of everyone()) {
      const db = ctx.firestore();
      await assertFails(getDoc(doc(db, 'stock/guide/movements/m1')));
      await assertFails(getDocs(collection(db, 'stock/guide/movements')));
      await assertFails(setDoc(doc(db, 'stock/guide/movements/m2'), { before: 3, after: 99 }));
    }
  });

  it('lets nobody change a status, a count, a book, a plan or write mail', async () => {
    for (const [, ctx] of everyone()) {
      const db = ctx.firestore();
      await assertFails(updateDoc(doc(db, 'orders/order-aaaaaaaaaaaaaaaa'), { status: 'shipped' }));
      await assertFails(updateDoc(doc(db, 'stock/guide'), { qty: 100 }));
      await assertFails(setDoc(doc(db, 'products/new-book'), { name: 'x', launched: true }));
      await assertFails(updateDoc(doc(db, 'groupBuyingPlans/plan'), { launched: false }));
      await assertFails(setDoc(doc(db, 'mail/m2'), { to: 'x@example.com' }));
      await assertFails(getDoc(doc(db, 'mail/m1')));
    }
  });

  it('lets the owner read an order (the member their own), as the orders rules say', async () => {
    await assertSucceeds(getDoc(doc(env.authenticatedContext('boss', { admin: true }).firestore(), 'orders/order-aaaaaaaaaaaaaaaa')));
    await assertSucceeds(getDoc(doc(env.authenticatedContext('alice').firestore(), 'orders/order-aaaaaaaaaaaaaaaa')));
    await assertFails(getDoc(doc(env.authenticatedContext('mallory').firestore(), 'orders/order-aaaaaaaaaaaaaaaa')));
  });
});
