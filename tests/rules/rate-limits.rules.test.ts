import { assertFails } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { rulesTestEnv } from '../helpers/rules-env';

// Rate-limit counters (docs/limits.md) are the API's alone: a browser that could read them would learn
// who is being limited, and one that could write them would reset its own limit.
const rules = rulesTestEnv('demo-rules-rate-limits', {
  'rateLimits/abc_900000': { limiter: 'order-lookup', windowStart: 900000, hits: 10 },
});

describe('rateLimits', () => {
  it('is neither readable nor writable from a browser, not even by the owner', async () => {
    for (const ctx of [rules.env.unauthenticatedContext(), rules.env.authenticatedContext('alice'), rules.env.authenticatedContext('boss', { admin: true })]) {
      const db = ctx.firestore();
      await assertFails(getDoc(doc(db, 'rateLimits/abc_900000')));
      await assertFails(getDocs(collection(db, 'rateLimits')));
      await assertFails(updateDoc(doc(db, 'rateLimits/abc_900000'), { hits: 0 }));
      await assertFails(setDoc(doc(db, 'rateLimits/new_900000'), { hits: 0 }));
    }
  });
});
