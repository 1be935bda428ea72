// Signing in against the Auth emulator, shared by the browser journeys (web/e2e/support/shop.ts) and the
// API suites (tests/helpers/emulators.ts). It lives under web/, an ES module scope, because Playwright
// loads TypeScript outside it as CommonJS, while Vitest takes either.
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** An email/password account's tokens, straight from the emulator's Identity Toolkit endpoint. */
export async function signInWithPassword(email: string, password: string): Promise<{ idToken: string; refreshToken: string; localId: string }> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string; refreshToken: string; localId: string };
  if (!res.ok) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body;
}
