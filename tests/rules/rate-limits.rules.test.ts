import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

// Rate-limit counters (docs/limits.md) are the API's alone: a browser that could read them would learn
// who is being limited, and one that could write them would reset its own limit.
let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'demo-rules-rate-limits',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
  });
});
afterAll(() => env.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), 'rateLimits/abc_900000'), { limiter: 'order-lookup', windowStart: 900000, hits: 10 });
  });
});

describe('rateLimits', () => {
  it('is neither readable nor writable from a browser, not even by the owner', async () => {
    for (const ctx of [env.unauthenticatedContext(), env.authenticatedContext('alice'), env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(getDoc(doc(db, 'rateLimits/abc_900000')));
      await assertFails(getDocs(collection(db, 'rateLimits')));
      await assertFails(updateDoc(doc(db, 'rateLimits/abc_900000'), { hits: 0 }));
      await assertFails(setDoc(doc(db, 'rateLimits/new_900000'), { hits: 0 }));
    }
  });
});
