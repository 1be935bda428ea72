import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../web/e2e/support/inbox';
import { expectCatalogueBody } from '../helpers/catalogue-body';
import { adminAuth, adminDb, createTestUser } from '../helpers/emulators';
import { decodeClaims } from '../helpers/id-tokens';
import { Browser, lineEmail } from '../helpers/line';

// Sign in with LINE through Hosting, against the offline LINE stand-in (scripts/lib/line-stand-in.mjs),
// driven with fetch as a browser would: its login and consent pages, its code, its HS256 ID tokens.

const LINE_UID = /^line-U[0-9a-f]{32}$/;

describe('Sign in with LINE', () => {
  it('first sign-in makes the LINE account with LINE\'s email as verified; a second sign-in is the same account', async () => {
    const email = lineEmail('first');
    const first = await new Browser().lineLogin({ email });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ kind: 'signedIn', email, isNewUser: true, needsEmail: false, emailTaken: false, redirect: '/' });
    const uid = String(first.body.localId);
    expect(uid).toMatch(LINE_UID);
    // The Firebase session the email sign-in gives: an ID token for that account, with a refresh token.
    expect(decodeClaims(String(first.body.idToken))).toMatchObject({ user_id: uid, email, email_verified: true });
    expect(first.body.refreshToken).toEqual(expect.any(String));
    expect((await adminDb().doc(`members/${uid}`).get()).data()).toMatchObject({ userUid: uid, email, provider: 'line' });

    const again = await new Browser().lineLogin({ email });
    expect(again.body).toMatchObject({ kind: 'signedIn', localId: uid, isNewUser: false, needsEmail: false });
  });

  it('a LINE account without an email is asked for one, verified by mail as after an email sign-up', async () => {
    const browser = new Browser();
    const lineId = lineEmail('noemail');
    const first = await browser.lineLogin({ email: lineId, shareEmail: false });
    expect(first.body).toMatchObject({ kind: 'signedIn', email: '', needsEmail: true, isNewUser: true });
    const uid = String(first.body.localId);

    const address = lineEmail('given').replace('@line.', '@');
    const set = await browser.api('POST', '/api/auth/line/email', { email: address });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ email: address, idToken: expect.any(String), refreshToken: expect.any(String) });
    browser.idToken = String(set.body.idToken);
    expect((await browser.api('GET', '/api/auth/line/link')).body).toMatchObject({ linked: true, ownAccount: true });
    const account = await adminAuth().getUser(uid);
    expect({ email: account.email, emailVerified: account.emailVerified }).toEqual({ email: address, emailVerified: false });
    const mail = await waitForMail(address, ['請驗證您的電子郵件']);
    expect(mail.text).toContain('/user/authAction?mode=verifyEmail&oobCode=');

    // Signing in with LINE again is the same account, now with the email the member gave.
    const again = await new Browser().lineLogin({ email: lineId, shareEmail: false });
    expect(again.body).toMatchObject({ localId: uid, email: address, needsEmail: false, isNewUser: false });

    // Only a LINE account sets its email here, and never to another account's address.
    const taken = await browser.api('POST', '/api/auth/line/email', { email: (await createTestUser()).email });
    expect(taken.status).toBe(400);
    expectCatalogueBody(taken.body, 400, 'EMAIL_EXISTS');
    const member = await createTestUser();
    const other = new Browser();
    other.idToken = member.idToken;
    const refused = await other.api('POST', '/api/auth/line/email', { email: address });
    expect(refused.status).toBe(403);
  });

  it('never joins accounts by email: LINE\'s email of another account makes a LINE account without it', async () => {
    const member = await createTestUser();
    const res = await new Browser().lineLogin({ email: member.email });
    expect(res.body).toMatchObject({ kind: 'signedIn', email: '', needsEmail: true, emailTaken: true, isNewUser: true });
    expect(res.body.localId).not.toBe(member.uid);
    expect(res.body.localId).toMatch(LINE_UID);
  });

  it('a member links LINE from the profile, signs in with it, and unlinks it', async () => {
    const member = await createTestUser();
    const browser = new Browser();
    browser.idToken = member.idToken;
    const lineId = lineEmail('link');
    expect((await browser.api('GET', '/api/auth/line/link')).body).toEqual({ linked: false, ownAccount: false, name: '' });
    const linked = await browser.lineLogin({ email: lineId, purpose: 'link' });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toEqual({ kind: 'linked', redirect: '/user/profile' });
    expect((await browser.api('GET', '/api/auth/line/link')).body).toMatchObject({ linked: true, ownAccount: false });

    const viaLine = await new Browser().lineLogin({ email: lineId });
    expect(viaLine.body).toMatchObject({ kind: 'signedIn', localId: member.uid, email: member.email, isNewUser: false });

    // Another member cannot link the same LINE identity.
    const second = new Browser();
    second.idToken = (await createTestUser()).idToken;
    const again = await second.lineLogin({ email: lineId, purpose: 'link' });
    expect(again.status).toBe(409);
    expectCatalogueBody(again.body, 409, 'LINE_ALREADY_LINKED');

    expect((await browser.api('DELETE', '/api/auth/line/link')).body).toEqual({ linked: false, ownAccount: false, name: '' });
    const own = await new Browser().lineLogin({ email: lineId });
    expect(own.body.localId).toMatch(LINE_UID);
    // That LINE identity now has an account of its own: it can no longer be linked to another.
    const late = await browser.lineLogin({ email: lineId, purpose: 'link' });
    expect(late.status).toBe(409);
  });

  it('a link needs the member who started it', async () => {
    const anonymous = await new Browser().api('POST', '/api/auth/line/start', { purpose: 'link' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a forged state, a state from another browser and a replayed code', async () => {
    const browser = new Browser();
    const start = await browser.api('POST', '/api/auth/line/start', { purpose: 'signIn' });
    const back = await browser.atLine(String(start.body.authorizeUrl), { email: lineEmail('replay') });
    const code = back.get('code')!;

    const forged = await browser.api('POST', '/api/auth/line/callback', { code, state: 'forged-state-0123456789' });
    expect(forged.status).toBe(400);
    expectCatalogueBody(forged.body, 400, 'LINE_STATE_INVALID');
    // The right state, sent from a browser that did not start the login (a login-CSRF attempt).
    const elsewhere = await new Browser().api('POST', '/api/auth/line/callback', { code, state: back.get('state') });
    expect(elsewhere.status).toBe(400);
    expectCatalogueBody(elsewhere.body, 400, 'LINE_STATE_INVALID');

    const fresh = await browser.lineLogin({ email: lineEmail('replay2') });
    expect(fresh.status).toBe(200);
    const replay = await browser.api('POST', '/api/auth/line/callback', { code: fresh.back.get('code'), state: fresh.back.get('state') });
    expect(replay.status).toBe(400);
    expectCatalogueBody(replay.body, 400, 'LINE_STATE_INVALID');
    // The used code under a new login of the same browser: LINE refuses it (used, and another PKCE verifier).
    const next = await browser.api('POST', '/api/auth/line/start', { purpose: 'signIn' });
    const state = new URL(String(next.body.authorizeUrl)).searchParams.get('state');
    const reused = await browser.api('POST', '/api/auth/line/callback', { code: fresh.back.get('code'), state });
    expect(reused.status).toBe(400);
    expectCatalogueBody(reused.body, 400, 'LINE_TOKEN_INVALID');
  });

  it('refuses an ID token with another nonce, an expired one and one signed with another key', async () => {
    const browser = new Browser();
    const start = await browser.api('POST', '/api/auth/line/start', { purpose: 'signIn' });
    const url = new URL(String(start.body.authorizeUrl));
    url.searchParams.set('nonce', 'a-nonce-the-shop-never-made');
    const back = await browser.atLine(url.toString(), { email: lineEmail('nonce') });
    const wrongNonce = await browser.api('POST', '/api/auth/line/callback', { code: back.get('code'), state: back.get('state') });
    expect(wrongNonce.status).toBe(400);
    expectCatalogueBody(wrongNonce.body, 400, 'LINE_TOKEN_INVALID');

    for (const label of ['expired-token', 'wrong-key']) {
      const res = await new Browser().lineLogin({ email: lineEmail(label) });
      expect(res.status, label).toBe(400);
      expectCatalogueBody(res.body, 400, 'LINE_TOKEN_INVALID');
    }
  });

  it('a member who cancels at LINE\'s consent page comes back with access_denied, and no account is made', async () => {
    const browser = new Browser();
    const start = await browser.api('POST', '/api/auth/line/start', { purpose: 'signIn' });
    const state = new URL(String(start.body.authorizeUrl)).searchParams.get('state');
    const lineId = lineEmail('cancel');
    const back = await browser.atLine(String(start.body.authorizeUrl), { email: lineId, cancel: true });
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('state')).toBe(state);
    expect(back.get('code')).toBeNull();
    // The stand-in's LINE user id of that address (scripts/lib/line-stand-in.mjs): no account has it.
    const sub = `U${createHash('sha256').update(lineId).digest('hex').slice(0, 32)}`;
    await expect(adminAuth().getUser(`line-${sub}`)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });
});
