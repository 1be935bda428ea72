import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// The catalogue's second line of defence: anyone reads launched books and their stock counts one at a
// time (the book pages follow stock live), the shop's contact settings; a hidden book's count and the
// list of every count are the owner's; nobody writes them from a browser.
const rules = rulesTestEnv('demo-rules-catalogue', {
  'products/guide': { name: '公司登記實務全攻略', launched: true, salePrice: 880 },
  'products/draft': { name: '勞動法規一百問', launched: false, salePrice: 580 },
  'stock/guide': { qty: 3, updatedAt: '2026-01-01T00:00:00.000Z' },
  'stock/draft': { qty: 0, updatedAt: '2026-01-01T00:00:00.000Z' },
  'stock/guide/shards/0': { qty: 3 },
  'settings/shop': { contact: { line: 'https://line.me/R/ti/p/@shop' } },
});

describe('reads', () => {
  it('lets anyone read a launched book, query the launched list and read the stock count of a launched book', async () => {
    for (const db of rules.everyone()) {
      await assertSucceeds(getDoc(doc(db, 'products/guide')));
      await assertSucceeds(getDocs(query(collection(db, 'products'), where('launched', '==', true))));
      await assertSucceeds(getDoc(doc(db, 'stock/guide')));
      await assertSucceeds(getDoc(doc(db, 'settings/shop')));
    }
  });

  it('keeps the stock count of a hidden book, and the list of counts, from everyone but the owner', async () => {
    for (const ctx of [rules.env.unauthenticatedContext(), rules.env.authenticatedContext('alice')]) {
      const db = ctx.firestore();
      await assertFails(getDoc(doc(db, 'stock/draft')));
      await assertFails(getDocs(collection(db, 'stock')));
    }
    await assertSucceeds(getDoc(doc(rules.owner(), 'stock/draft')));
    await assertSucceeds(getDocs(collection(rules.owner(), 'stock')));
  });

  it('hides unlaunched books, and unfiltered product lists, from everyone but the owner', async () => {
    for (const ctx of [rules.env.unauthenticatedContext(), rules.env.authenticatedContext('alice')]) {
      const db = ctx.firestore();
      await assertFails(getDoc(doc(db, 'products/draft')));
      await assertFails(getDocs(collection(db, 'products')));
    }
    const boss = rules.owner();
    await assertSucceeds(getDoc(doc(boss, 'products/draft')));
    await assertSucceeds(getDocs(collection(boss, 'products')));
  });

  it('keeps the stock allocation internals server-side', async () => {
    for (const db of rules.everyone()) {
      await assertFails(getDoc(doc(db, 'stock/guide/shards/0')));
    }
  });
});

describe('writes', () => {
  it('denies every client write to books and stock, even the owner', async () => {
    for (const db of rules.everyone()) {
      await assertFails(setDoc(doc(db, 'products/new-book'), { name: 'x', launched: true }));
      await assertFails(updateDoc(doc(db, 'products/guide'), { salePrice: 1 }));
      await assertFails(deleteDoc(doc(db, 'products/guide')));
      await assertFails(setDoc(doc(db, 'stock/new-book'), { qty: 5 }));
      await assertFails(updateDoc(doc(db, 'stock/guide'), { qty: 999 }));
      await assertFails(deleteDoc(doc(db, 'stock/guide')));
      await assertFails(setDoc(doc(db, 'stock/guide/shards/0'), { qty: 999 }));
      await assertFails(updateDoc(doc(db, 'settings/shop'), { 'contact.line': 'https://evil.example' }));
    }
  });
});
