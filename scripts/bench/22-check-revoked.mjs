// What checking revocation costs: verifyIdToken(token, true) adds one Identity Toolkit accounts:lookup
// per authenticated API call (functions/src/http/middleware/auth.ts). With FIREBASE_AUTH_EMULATOR_HOST
// set, firebase-admin looks the account up on BOTH paths (base-auth.js: `checkRevoked || isEmulator`),
// so here the two lines show the same lookup; its figure is what revocation checking adds in
// production, plus the round trip from the function's region to Google's Identity Toolkit.
import { performance } from 'node:perf_hooks';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { median } from './lib.mjs';

export const title = 'Auth: verifyIdToken with and without checkRevoked (Auth emulator)';

const N = 300;

async function timeEach(fn) {
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: median(ms), p99: ms[Math.floor(ms.length * 0.99)] };
}

export async function run(say) {
  const auth = getAuth(initializeApp({ projectId: 'demo-bookstore' }, `bench-revoked-${Date.now()}`));
  const email = `bench-${Date.now()}@example.com`;
  const user = await auth.createUser({ email, password: 'secret123' });
  try {
    const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
    });
    const { idToken } = await res.json();
    await auth.verifyIdToken(idToken, true); // warm the connection
    const plain = await timeEach(() => auth.verifyIdToken(idToken));
    const checked = await timeEach(() => auth.verifyIdToken(idToken, true));
    say(`verifyIdToken(token):        p50 ${plain.p50.toFixed(2)} ms, p99 ${plain.p99.toFixed(2)} ms (${N} calls)`);
    say(`verifyIdToken(token, true):  p50 ${checked.p50.toFixed(2)} ms, p99 ${checked.p99.toFixed(2)} ms (${N} calls)`);
    say('(the emulator looks the account up on both paths: the lookup itself is the cost of checkRevoked)');
  } finally {
    await auth.deleteUser(user.uid);
  }
}
