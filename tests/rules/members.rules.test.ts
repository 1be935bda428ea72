import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// members/{uid}: the member reads their own record, the owner reads any; nobody writes from a browser.
const member = (uid: string) => ({ userName: uid, email: `${uid}@example.com`, userUid: uid, picture: '', provider: 'password', newsletter: false });
const rules = rulesTestEnv('demo-rules-members', { 'members/alice': member('alice'), 'members/bob': member('bob') });

describe('members', () => {
  it('lets a member read their own record only', async () => {
    const db = rules.as('alice');
    await assertSucceeds(getDoc(doc(db, 'members/alice')));
    await assertFails(getDoc(doc(db, 'members/bob')));
  });

  it('does not let a member list the collection', async () => {
    await assertFails(getDocs(collection(rules.as('alice'), 'members')));
  });

  it('lets the owner read any record', async () => {
    const db = rules.owner();
    await assertSucceeds(getDoc(doc(db, 'members/alice')));
    await assertSucceeds(getDoc(doc(db, 'members/bob')));
  });

  it('hides every record from anonymous visitors and from a non-boolean admin claim', async () => {
    await assertFails(getDoc(doc(rules.anon(), 'members/alice')));
    await assertFails(getDoc(doc(rules.as('mallory', { admin: 'true' }), 'members/alice')));
  });

  it('denies every client write, to their own record too and to the owner', async () => {
    for (const ctx of [rules.env.unauthenticatedContext(), rules.env.authenticatedContext('alice'), rules.env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(setDoc(doc(db, 'members/alice'), { userName: 'x', newsletter: true }));
      await assertFails(updateDoc(doc(db, 'members/alice'), { newsletter: true }));
      await assertFails(deleteDoc(doc(db, 'members/alice')));
      await assertFails(setDoc(doc(db, 'members/newbie'), { userName: 'n' }));
    }
  });
});
