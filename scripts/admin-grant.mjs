// npm run admin:grant -- <email> [--revoke] [--project <id>]
// Sets (or with --revoke removes) the shop-owner custom claim `admin: true` on an account.
// Without GOOGLE_APPLICATION_CREDENTIALS it talks to the running Auth emulator (127.0.0.1:9099, or
// FIREBASE_AUTH_EMULATOR_HOST); with credentials, to the real project (--project or GOOGLE_CLOUD_PROJECT).
// The member must sign in again (or refresh the ID token) for the claim to reach the token.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const projectAt = args.indexOf('--project');
const email = args.find((a, i) => !a.startsWith('--') && i !== projectAt + 1);
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error('usage: npm run admin:grant -- <email> [--revoke] [--project <id>]');
  process.exit(2);
}
const real = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = projectAt >= 0 ? args[projectAt + 1] : process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-bookstore';
if (!real) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';

try {
  const auth = getAuth(initializeApp({ projectId }));
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.admin;
  else claims.admin = true;
  await auth.setCustomUserClaims(user.uid, claims);
  // A removed owner must lose the role now, not when the current ID token expires: the API checks
  // revocation on every call (functions/src/http/middleware/auth.ts).
  if (revoke) await auth.revokeRefreshTokens(user.uid);
  console.log(`${revoke ? 'revoked' : 'granted'} shop owner for ${email} (uid ${user.uid}) on ${real ? projectId : `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`}`);
} catch (err) {
  const code = err?.code ?? '';
  if (code === 'auth/user-not-found') console.error(`no account with the email ${email}`);
  else if (/ECONNREFUSED/.test(String(err?.message ?? err))) console.error('the Auth emulator is not running: start it with `npm start` first');
  else console.error(`failed: ${err?.message ?? err}`);
  process.exit(1);
}
