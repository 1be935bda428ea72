import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// A project of its own, so clearing it never touches the demo shop in demo-bookstore.
const rules = rulesTestEnv('demo-rules-foundation', {
  'products/on': { name: 'A', launched: true },
  'products/off': { name: 'B', launched: false },
  'stock/on': { qty: 3 },
  'mail/m1': { to: 'a@example.com' },
  'settings/shop': { shopName: 'x' },
  'settings/secret': { key: 'x' },
});

describe('public catalogue', () => {
  it('lets anyone read launched products and stock', async () => {
    const db = rules.anon();
    await assertSucceeds(getDoc(doc(db, 'products/on')));
    await assertSucceeds(getDoc(doc(db, 'stock/on')));
    await assertSucceeds(getDoc(doc(db, 'settings/shop')));
  });
  it('hides unlaunched products from everyone but the owner', async () => {
    await assertFails(getDoc(doc(rules.as('alice'), 'products/off')));
    await assertSucceeds(getDoc(doc(rules.owner(), 'products/off')));
  });
  it('denies every client write, even the owner', async () => {
    for (const ctx of [rules.env.unauthenticatedContext(), rules.env.authenticatedContext('alice'), rules.env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(setDoc(doc(db, 'products/on'), { name: 'hacked', launched: true }));
      await assertFails(setDoc(doc(db, 'stock/on'), { qty: 999 }));
      await assertFails(setDoc(doc(db, 'orders/o1'), { userId: 'alice' }));
    }
  });
  it('keeps server-only collections private', async () => {
    await assertFails(getDoc(doc(rules.as('alice'), 'mail/m1')));
    await assertFails(getDoc(doc(rules.anon(), 'settings/secret')));
  });
});
