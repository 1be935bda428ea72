import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

// members/{uid}: the member reads their own record, the owner reads any; nobody writes from a browser.
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-rules-members',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
  });
});
afterAll(() => env.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    for (const uid of ['alice', 'bob']) {
      await setDoc(doc(db, `members/${uid}`), { userName: uid, email: `${uid}@example.com`, userUid: uid, picture: '', provider: 'password', newsletter: false });
    }
  });
});

describe('members', () => {
  it('lets a member read their own record only', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertSucceeds(getDoc(doc(db, 'members/alice')));
    await assertFails(getDoc(doc(db, 'members/bob')));
  });

  it('does not let a member list the collection', async () => {
    await assertFails(getDocs(collection(env.authenticatedContext('alice').firestore(), 'members')));
  });

  it('lets the owner read any record', async () => {
    const db = env.authenticatedContext('boss', { admin: true }).firestore();
    await assertSucceeds(getDoc(doc(db, 'members/alice')));
    await assertSucceeds(getDoc(doc(db, 'members/bob')));
  });

  it('hides every record from anonymous visitors and from a non-boolean admin claim', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'members/alice')));
    await assertFails(getDoc(doc(env.authenticatedContext('mallory', { admin: 'true' }).firestore(), 'members/alice')));
  });

  it('denies every client write, to their own record too and to the owner', async () => {
    for (const ctx of [env.unauthenticatedContext(), env.authenticatedContext('alice'), env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(setDoc(doc(db, 'members/alice'), { userName: 'x', newsletter: true }));
      await assertFails(updateDoc(doc(db, 'members/alice'), { newsletter: true }));
      await assertFails(deleteDoc(doc(db, 'members/alice')));
      await assertFails(setDoc(doc(db, 'members/newbie'), { userName: 'n' }));
    }
  });
});
