import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// Orders through Firestore directly (the second line of defence behind the API): a member reads only
// their own orders, the owner reads all, nobody writes orders, stock or the allocation internals.
const rules = rulesTestEnv('demo-rules-orders', {
  'orders/alice-order-1': { orderId: 'alice-order-1', userId: 'alice', planId: null, totalPrice: 880 },
  'orders/bob-order-1': { orderId: 'bob-order-1', userId: 'bob', planId: null, totalPrice: 450 },
  'orders/guest-order-1': { orderId: 'guest-order-1', userId: null, planId: 'cpaSouth', totalPrice: 1200 },
  'orderNumbers/QY260101ABCD': { orderId: 'alice-order-1' },
  'products/book': { name: '公開的書', launched: true },
  'stock/book': { qty: 5 },
  'mail/alice-order-1-placed': { to: 'alice@example.com' },
  'planProgress/cpaSouth': { orders: 1, copies: 2 },
});

const { anon, owner } = rules;
const alice = () => rules.as('alice', { email: 'alice@example.com', email_verified: true });
const bob = () => rules.as('bob');

describe('reading orders', () => {
  it('lets a member read their own order', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'orders/alice-order-1')));
  });
  it('refuses another member’s order', async () => {
    await assertFails(getDoc(doc(alice(), 'orders/bob-order-1')));
    await assertFails(getDoc(doc(bob(), 'orders/alice-order-1')));
  });
  it('refuses anonymous visitors every order, even guest orders', async () => {
    await assertFails(getDoc(doc(anon(), 'orders/alice-order-1')));
    await assertFails(getDoc(doc(anon(), 'orders/guest-order-1')));
  });
  it('refuses members guest orders (userId null)', async () => {
    await assertFails(getDoc(doc(alice(), 'orders/guest-order-1')));
  });
  it('lets the owner read every order', async () => {
    for (const id of ['alice-order-1', 'bob-order-1', 'guest-order-1']) await assertSucceeds(getDoc(doc(owner(), `orders/${id}`)));
  });
  it('allows a member’s query only when it is limited to their own orders', async () => {
    await assertSucceeds(getDocs(query(collection(alice(), 'orders'), where('userId', '==', 'alice'))));
    await assertFails(getDocs(query(collection(alice(), 'orders'), where('userId', '==', 'bob'))));
    await assertFails(getDocs(collection(alice(), 'orders')));
    await assertFails(getDocs(query(collection(anon(), 'orders'), where('userId', '==', null))));
    await assertSucceeds(getDocs(collection(owner(), 'orders')));
  });
  it('reads a missing order as denied for members (no probing for order ids)', async () => {
    await assertFails(getDoc(doc(alice(), 'orders/no-such-order')));
  });
});

describe('writing orders and stock', () => {
  it('denies every client write to orders, for everyone', async () => {
    for (const db of [anon(), alice(), bob(), owner()]) {
      await assertFails(setDoc(doc(db, 'orders/new-order-1'), { userId: 'alice', totalPrice: 1 }));
      await assertFails(updateDoc(doc(db, 'orders/alice-order-1'), { status: 'shipped', totalPrice: 0 }));
      await assertFails(deleteDoc(doc(db, 'orders/alice-order-1')));
    }
  });
  it('denies writes to stock, order numbers, mail and campaign progress', async () => {
    for (const db of [anon(), alice(), owner()]) {
      await assertFails(updateDoc(doc(db, 'stock/book'), { qty: 999 }));
      await assertFails(setDoc(doc(db, 'orderNumbers/QY260101WXYZ'), { orderId: 'x' }));
      await assertFails(setDoc(doc(db, 'mail/spam'), { to: 'x@example.com' }));
      await assertFails(updateDoc(doc(db, 'planProgress/cpaSouth'), { orders: 100 }));
    }
  });
  it('keeps order numbers and mail private, while the stock of a launched book stays public', async () => {
    await assertFails(getDoc(doc(alice(), 'orderNumbers/QY260101ABCD')));
    await assertFails(getDoc(doc(anon(), 'orderNumbers/QY260101ABCD')));
    await assertFails(getDoc(doc(alice(), 'mail/alice-order-1-placed')));
    await assertSucceeds(getDoc(doc(anon(), 'stock/book')));
  });
});
