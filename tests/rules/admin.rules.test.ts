import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// The owner's console works only through /api/admin: the rules give a browser nothing more, not even
// the owner's. Stock movements stay server-side; nobody writes orders, stock, books, plans or mail.
const rules = rulesTestEnv('demo-rules-admin', {
  'products/guide': { name: '公司登記實務全攻略', launched: true, salePrice: 880 },
  'stock/guide': { qty: 3, updatedAt: '2026-01-01T00:00:00.000Z' },
  'stock/guide/movements/m1': { before: 0, after: 3, delta: 3, reason: '進貨', by: 'owner:boss@example.com', at: '2026-01-01T00:00:00.000Z' },
  'orders/order-aaaaaaaaaaaaaaaa': { userId: 'alice', status: 'awaitingPayment', totalPrice: 880 },
  'groupBuyingPlans/plan': { title: '團購', launched: true },
  'mail/m1': { to: 'alice@example.com', message: { subject: 's', text: 't', html: 'h' } },
});

describe('the owner console has no browser path around the API', () => {
  it('keeps the stock movement log private, even from the owner', async () => {
    for (const db of rules.everyone()) {
      await assertFails(getDoc(doc(db, 'stock/guide/movements/m1')));
      await assertFails(getDocs(collection(db, 'stock/guide/movements')));
      await assertFails(setDoc(doc(db, 'stock/guide/movements/m2'), { before: 3, after: 99 }));
    }
  });

  it('lets nobody change a status, a count, a book, a plan or write mail', async () => {
    for (const db of rules.everyone()) {
      await assertFails(updateDoc(doc(db, 'orders/order-aaaaaaaaaaaaaaaa'), { status: 'shipped' }));
      await assertFails(updateDoc(doc(db, 'stock/guide'), { qty: 100 }));
      await assertFails(setDoc(doc(db, 'products/new-book'), { name: 'x', launched: true }));
      await assertFails(updateDoc(doc(db, 'groupBuyingPlans/plan'), { launched: false }));
      await assertFails(setDoc(doc(db, 'mail/m2'), { to: 'x@example.com' }));
      await assertFails(getDoc(doc(db, 'mail/m1')));
    }
  });

  it('lets the owner read an order (the member their own), as the orders rules say', async () => {
    await assertSucceeds(getDoc(doc(rules.owner(), 'orders/order-aaaaaaaaaaaaaaaa')));
    await assertSucceeds(getDoc(doc(rules.as('alice'), 'orders/order-aaaaaaaaaaaaaaaa')));
    await assertFails(getDoc(doc(rules.as('mallory'), 'orders/order-aaaaaaaaaaaaaaaa')));
  });
});
