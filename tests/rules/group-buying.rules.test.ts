import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// The campaign documents as a browser sees them through the Firebase JS SDK: plans readable while
// launched, progress readable by anyone (the plan page follows it live), group orders only by
// their signed-in buyer and the owner, and no client writes at all. Its own project id, so
// clearFirestore() never touches the demo shop.
const rules = rulesTestEnv('demo-rules-group', {
  'groupBuyingPlans/open': { title: 'A', launched: true, closingDate: '2099-01-01T00:00:00.000Z', products: [] },
  'groupBuyingPlans/draft': { title: 'B', launched: false, closingDate: '2099-01-01T00:00:00.000Z', products: [] },
  'planProgress/open': { orders: 3, copies: 7, minQuantity: 30 },
  'planProgress/draft': { orders: 0, copies: 0, minQuantity: null },
  'orders/guest1': { planId: 'open', userId: null, buyer: '陳美玲' },
  'orders/alice1': { planId: 'open', userId: 'alice', buyer: 'Alice' },
});

const { anon, owner } = rules;
const alice = () => rules.as('alice');
const bob = () => rules.as('bob');

describe('group-buy plans', () => {
  it('are readable by anyone while launched', async () => {
    for (const db of [anon(), alice()]) await assertSucceeds(getDoc(doc(db, 'groupBuyingPlans/open')));
  });
  it('hide an unlaunched plan from everyone but the owner', async () => {
    await assertFails(getDoc(doc(anon(), 'groupBuyingPlans/draft')));
    await assertFails(getDoc(doc(alice(), 'groupBuyingPlans/draft')));
    await assertSucceeds(getDoc(doc(owner(), 'groupBuyingPlans/draft')));
  });
  it('cannot be listed wholesale without the launched filter', async () => {
    await assertFails(getDocs(collection(anon(), 'groupBuyingPlans')));
    await assertSucceeds(getDocs(query(collection(anon(), 'groupBuyingPlans'), where('launched', '==', true))));
  });
});

describe('plan progress', () => {
  it('is readable by anyone, signed in or not, while the campaign is launched', async () => {
    for (const db of [anon(), alice(), owner()]) await assertSucceeds(getDoc(doc(db, 'planProgress/open')));
  });

  it('of an unlaunched campaign, and the list of all, is for the owner only', async () => {
    for (const db of [anon(), alice()]) {
      await assertFails(getDoc(doc(db, 'planProgress/draft')));
      await assertFails(getDocs(collection(db, 'planProgress')));
    }
    await assertSucceeds(getDoc(doc(owner(), 'planProgress/draft')));
  });
});

describe('group orders', () => {
  it('are readable only by their signed-in buyer and the owner; a guest order only by the owner', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'orders/alice1')));
    await assertFails(getDoc(doc(bob(), 'orders/alice1')));
    await assertFails(getDoc(doc(anon(), 'orders/alice1')));
    await assertFails(getDoc(doc(anon(), 'orders/guest1')));
    await assertFails(getDoc(doc(alice(), 'orders/guest1')));
    await assertSucceeds(getDoc(doc(owner(), 'orders/guest1')));
  });
  it('cannot be listed by plan from a browser, except by the owner', async () => {
    await assertFails(getDocs(query(collection(alice(), 'orders'), where('planId', '==', 'open'))));
    await assertSucceeds(getDocs(query(collection(owner(), 'orders'), where('planId', '==', 'open'))));
  });
});

describe('no client writes', () => {
  it('denies creating, changing and deleting plans, progress and orders, even for the owner', async () => {
    for (const db of [anon(), alice(), owner()]) {
      await assertFails(setDoc(doc(db, 'groupBuyingPlans/new'), { title: 'x', launched: true }));
      await assertFails(updateDoc(doc(db, 'groupBuyingPlans/open'), { closingDate: '2100-01-01T00:00:00.000Z' }));
      await assertFails(deleteDoc(doc(db, 'groupBuyingPlans/open')));
      await assertFails(setDoc(doc(db, 'planProgress/open'), { orders: 999, copies: 999 }));
      await assertFails(updateDoc(doc(db, 'planProgress/open'), { copies: 30 }));
      await assertFails(setDoc(doc(db, 'orders/new-group-order-0001'), { planId: 'open', userId: null }));
      await assertFails(updateDoc(doc(db, 'orders/guest1'), { groupOutcome: 'thresholdNotMet' }));
      await assertFails(setDoc(doc(db, 'inquiries/i1'), { topic: 'campaign', planId: 'open' }));
    }
  });
});
