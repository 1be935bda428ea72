import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { adminAuth, adminDb, AUTH_HOST, createTestUser, HOSTING_URL, oobCodes, PROJECT_ID, testClientHeaders, uniq } from '../helpers/emulators';
import { expiredToken, foreignProjectToken, FORGED_TOKEN } from '../helpers/id-tokens';
import { waitForMail } from '../../web/e2e/support/inbox';

// /api/auth/* against the Auth and Firestore emulators. The tests in this file run one after another:
// one block switches the emulator's improved email privacy on and restores it afterwards.

/**
 * An app whose limits are the production ones times `scale`, counting in a namespace of its own:
 * limits high enough that this file never trips them, or low ones the rate-limit block proves.
 */
function appWithScale(scale: number) {
  return createApp({ rateLimits: { scale, namespace: uniq('limits') } });
}
const app = appWithScale(1000);

const newEmail = () => `${uniq('acct')}@example.com`.toLowerCase();
const post = (path: string, body: unknown) => request(app).post(`/api/auth/${path}`).send(body as object);

function expectCatalogue(res: request.Response, statusCode: number, statusMessage: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(statusCode);
  expect(res.body).toMatchObject({ statusCode, statusMessage });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
}

async function accountExists(email: string): Promise<boolean> {
  try {
    await adminAuth().getUserByEmail(email);
    return true;
  } catch {
    return false;
  }
}

async function latestOob(email: string, requestType: string) {
  const all = (await oobCodes()).filter((c) => c.email === email && c.requestType === requestType);
  return all.at(-1);
}

/**
 * The code the Auth emulator minted for the latest mail of this kind, once the shop's own mail with the
 * link on its /user/authAction handler has reached the inbox, in Chinese.
 */
async function mailedCode(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  const oob = await latestOob(email, requestType);
  expect(oob).toBeDefined();
  const [subject, mode] = requestType === 'VERIFY_EMAIL' ? ['請驗證您的電子郵件', 'verifyEmail'] : ['重設密碼', 'resetPassword'];
  const mail = await waitForMail(email, [subject]);
  expect(mail.text).toContain(`${HOSTING_URL}/user/authAction?mode=${mode}&oobCode=${encodeURIComponent(oob!.oobCode)}`);
  return oob!.oobCode;
}

async function setImprovedEmailPrivacy(on: boolean) {
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/config`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: on } }),
  });
  const body = (await res.json()) as { emailPrivacyConfig: { enableImprovedEmailPrivacy: boolean } };
  expect(body.emailPrivacyConfig.enableImprovedEmailPrivacy).toBe(on);
}

describe('signUp', () => {
  it('creates the account and members/{uid}, answering with Identity Toolkit tokens', async () => {
    const email = newEmail();
    const res = await post('signUp', { email, password: 'secret123', userName: '  林小華 ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, localId: expect.any(String), idToken: expect.any(String), refreshToken: expect.any(String) });
    expect(Number(res.body.expiresIn)).toBeGreaterThan(0);
    const member = (await adminDb().doc(`members/${res.body.localId}`).get()).data();
    expect(member).toMatchObject({ userName: '林小華', email, userUid: res.body.localId, picture: '', provider: 'password', newsletter: false });
    expect(Date.parse(member!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(member!.updatedAt).toBe(member!.createdAt);
    expect((await adminAuth().getUser(res.body.localId)).displayName).toBe('林小華');
  });

  it('passes EMAIL_EXISTS through for a taken email', async () => {
    const email = newEmail();
    expect((await post('signUp', { email, password: 'secret123', userName: 'A' })).status).toBe(200);
    expectCatalogue(await post('signUp', { email, password: 'secret456', userName: 'B' }), 400, 'EMAIL_EXISTS');
  });

  it("passes WEAK_PASSWORD through verbatim for 5 characters, creating nothing", async () => {
    const email = newEmail();
    const res = await post('signUp', { email, password: '12345', userName: 'A' });
    expectCatalogue(res, 400, 'WEAK_PASSWORD : Password should be at least 6 characters');
    expect(await accountExists(email)).toBe(false);
  });

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'secret123', userName: 'A' }, 'body.email'],
    ['a 10 KB name', { email: 'EMAIL', password: 'secret123', userName: '名'.repeat(10 * 1024) }, 'body.userName'],
    ['a blank name', { email: 'EMAIL', password: 'secret123', userName: '   ' }, 'body.userName'],
    ['a missing password', { email: 'EMAIL', userName: 'A' }, 'body.password'],
    ['a numeric password', { email: 'EMAIL', password: 12345678, userName: 'A' }, 'body.password'],
    ['an array for the email', { email: ['EMAIL'], password: 'secret123', userName: 'A' }, 'body.email'],
  ])('answers 400 Bad Request for %s and creates nothing', async (_label, body, path) => {
    const email = newEmail();
    const sent = JSON.parse(JSON.stringify(body).replaceAll('EMAIL', email)) as Record<string, unknown>;
    const res = await post('signUp', sent);
    expectCatalogue(res, 400, 'Bad Request');
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await accountExists(email)).toBe(false);
    const written = await adminDb().collection('members').where('email', '==', email).get();
    expect(written.empty).toBe(true);
  });

  it('answers a body that is not an object with 400 Bad Request', async () => {
    expectCatalogue(await request(app).post('/api/auth/signUp').set('Content-Type', 'application/json').send('"hello"'), 400, 'Bad Request');
    expectCatalogue(await request(app).post('/api/auth/signUp').set('Content-Type', 'application/json').send('{"email":'), 400, 'Invalid JSON body');
  });
});

describe('signIn (improved email privacy off, the emulator default)', () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    user = await createTestUser();
  });

  it("answers Identity Toolkit's tokens for the right password", async () => {
    const res = await post('signIn', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ localId: user.uid, email: user.email, registered: true, idToken: expect.any(String) });
  });

  it('answers a wrong password and an unknown email alike, INVALID_LOGIN_CREDENTIALS', async () => {
    expectCatalogue(await post('signIn', { email: user.email, password: 'wrong-pass' }), 400, 'INVALID_LOGIN_CREDENTIALS');
    expectCatalogue(await post('signIn', { email: newEmail(), password: 'whatever1' }), 400, 'INVALID_LOGIN_CREDENTIALS');
  });

  it('passes USER_DISABLED through for a disabled account', async () => {
    const disabled = await createTestUser();
    await adminAuth().updateUser(disabled.uid, { disabled: true });
    expectCatalogue(await post('signIn', { email: disabled.email, password: disabled.password }), 400, 'USER_DISABLED');
  });

  it('answers 400 Bad Request for malformed bodies', async () => {
    expectCatalogue(await post('signIn', { email: 'x@', password: 'secret123' }), 400, 'Bad Request');
    expectCatalogue(await post('signIn', { email: user.email }), 400, 'Bad Request');
    expectCatalogue(await post('signIn', { email: user.email, password: '' }), 400, 'Bad Request');
    expectCatalogue(await post('signIn', { email: user.email, password: { $gt: '' } }), 400, 'Bad Request');
  });
});

describe('with the emulator\'s improved email privacy on (as production projects are)', () => {
  beforeAll(() => setImprovedEmailPrivacy(true));
  afterAll(() => setImprovedEmailPrivacy(false));

  it('answers INVALID_LOGIN_CREDENTIALS for a wrong password and for an unknown email alike', async () => {
    const user = await createTestUser();
    expectCatalogue(await post('signIn', { email: user.email, password: 'wrong-pass' }), 400, 'INVALID_LOGIN_CREDENTIALS');
    expectCatalogue(await post('signIn', { email: newEmail(), password: 'wrong-pass' }), 400, 'INVALID_LOGIN_CREDENTIALS');
  });

  it('answers 200 to a reset request for an unknown email, sending nothing', async () => {
    const email = newEmail();
    const res = await post('sendPasswordResetEmail', { email });
    expect(res.status).toBe(200);
    expect(await latestOob(email, 'PASSWORD_RESET')).toBeUndefined();
  });
});

describe('email verification', () => {
  it('sends the shop\'s own mail for a valid ID token, its link on the site\'s /user/authAction, and confirms it with the code', async () => {
    const user = await createTestUser({ emailVerified: false });
    const res = await request(app).post('/api/auth/sendEmailVerify').send({ idToken: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email);
    // Delivered by the sendMail trigger to the inbox, in Chinese, with the code on the shop's handler.
    const oobCode = await mailedCode(user.email, 'VERIFY_EMAIL');

    const confirmed = await post('confirmEmailVerification', { oobCode });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: user.email, emailVerified: true });
    expect((await adminAuth().getUser(user.uid)).emailVerified).toBe(true);

    expectCatalogue(await post('confirmEmailVerification', { oobCode }), 400, 'INVALID_OOB_CODE');
  });

  it('builds the links from the configured site only, whatever Origin or X-Forwarded-Host say (issue 24 item 4)', async () => {
    const user = await createTestUser({ emailVerified: false });
    const hostile = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', Host: 'evil.example' };
    expect((await request(app).post('/api/auth/sendEmailVerify').set(hostile).send({ idToken: user.idToken })).status).toBe(200);
    expect((await request(app).post('/api/auth/sendPasswordResetEmail').set(hostile).send({ email: user.email })).status).toBe(200);
    for (const subject of ['請驗證您的電子郵件', '重設密碼']) {
      const mail = await waitForMail(user.email, [subject]);
      expect(mail.html + mail.text).not.toContain('evil.example');
      const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
      expect(links.filter((u) => u.pathname === '/user/authAction').length).toBeGreaterThan(0);
      for (const u of links) expect(u.origin).toBe(new URL(HOSTING_URL).origin);
    }
  });

  it('answers INVALID_OOB_CODE for an unknown code and Bad Request for a missing one', async () => {
    expectCatalogue(await post('confirmEmailVerification', { oobCode: 'no-such-code' }), 400, 'INVALID_OOB_CODE');
    expectCatalogue(await post('confirmEmailVerification', {}), 400, 'Bad Request');
    expectCatalogue(await post('confirmEmailVerification', { oobCode: 42 }), 400, 'Bad Request');
  });

  it.each([
    ['a forged token', () => FORGED_TOKEN],
    ['garbage', () => 'not-a-token'],
    ['an expired token', (t: string) => expiredToken(t)],
    ['a token of another project', (t: string) => foreignProjectToken(t)],
  ])('answers INVALID_ID_TOKEN for %s and sends no mail', async (_label, make) => {
    const user = await createTestUser({ emailVerified: false });
    const res = await post('sendEmailVerify', { idToken: make(user.idToken) });
    expectCatalogue(res, 400, 'INVALID_ID_TOKEN');
    expect(await latestOob(user.email, 'VERIFY_EMAIL')).toBeUndefined();
  });
});

describe('getUserData', () => {
  it("answers Identity Toolkit's account lookup", async () => {
    const user = await createTestUser({ displayName: '陳大文' });
    const res = await post('getUserData', { idToken: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.users[0]).toMatchObject({ localId: user.uid, email: user.email, displayName: '陳大文', emailVerified: true });
  });

  it('answers INVALID_ID_TOKEN for bad tokens and Bad Request for a missing one', async () => {
    const user = await createTestUser();
    for (const idToken of [FORGED_TOKEN, 'x', expiredToken(user.idToken), foreignProjectToken(user.idToken)]) {
      expectCatalogue(await post('getUserData', { idToken }), 400, 'INVALID_ID_TOKEN');
    }
    expectCatalogue(await post('getUserData', {}), 400, 'Bad Request');
    expectCatalogue(await post('getUserData', { idToken: 'x'.repeat(9000) }), 400, 'Bad Request');
  });
});

describe('password reset', () => {
  it('sends the mail, verifies the code, sets the new password', async () => {
    const user = await createTestUser();
    const sent = await request(app).post('/api/auth/sendPasswordResetEmail').send({ email: user.email.toUpperCase() });
    expect(sent.status).toBe(200);
    const oobCode = await mailedCode(user.email, 'PASSWORD_RESET');

    const verified = await post('verifyPasswordResetCode', { oobCode });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ email: user.email, requestType: 'PASSWORD_RESET' });

    expectCatalogue(await post('confirmPasswordReset', { oobCode, newPassword: '12345' }), 400, 'WEAK_PASSWORD : Password should be at least 6 characters');
    const reset = await post('confirmPasswordReset', { oobCode, newPassword: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(reset.body.email).toBe(user.email);

    expect((await post('signIn', { email: user.email, password: 'brand-new-pass' })).status).toBe(200);
    expectCatalogue(await post('signIn', { email: user.email, password: user.password }), 400, 'INVALID_LOGIN_CREDENTIALS');
    expectCatalogue(await post('confirmPasswordReset', { oobCode, newPassword: 'another-pass' }), 400, 'INVALID_OOB_CODE');
  });

  it('answers an unknown email as a known one, and sends nothing (privacy off too)', async () => {
    const email = newEmail();
    const res = await post('sendPasswordResetEmail', { email });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect(await latestOob(email, 'PASSWORD_RESET')).toBeUndefined();
  });

  it('answers INVALID_OOB_CODE for unknown codes and Bad Request for bad bodies', async () => {
    expectCatalogue(await post('verifyPasswordResetCode', { oobCode: 'no-such-code' }), 400, 'INVALID_OOB_CODE');
    expectCatalogue(await post('confirmPasswordReset', { oobCode: 'no-such-code', newPassword: 'secret123' }), 400, 'INVALID_OOB_CODE');
    expectCatalogue(await post('confirmPasswordReset', { oobCode: 'x' }), 400, 'Bad Request');
    expectCatalogue(await post('sendPasswordResetEmail', { email: 'nope' }), 400, 'Bad Request');
    expectCatalogue(await post('verifyPasswordResetCode', { oobCode: '' }), 400, 'Bad Request');
  });

  it('does not accept a verification code as a reset code', async () => {
    const user = await createTestUser({ emailVerified: false });
    await post('sendEmailVerify', { idToken: user.idToken });
    const oob = await latestOob(user.email, 'VERIFY_EMAIL');
    expectCatalogue(await post('confirmPasswordReset', { oobCode: oob!.oobCode, newPassword: 'secret999' }), 400, 'INVALID_OOB_CODE');
  });
});

describe('rate limits', () => {
  it('answers 429 TOO_MANY_ATTEMPTS_TRY_LATER to a client that keeps signing in', async () => {
    const limited = appWithScale(0.05); // 30 per 15 min -> 2
    const user = await createTestUser();
    const ip = '203.0.113.7';
    for (let i = 0; i < 2; i++) {
      const ok = await request(limited).post('/api/auth/signIn').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password });
      expect(ok.status).toBe(200);
    }
    const res = await request(limited).post('/api/auth/signIn').set('X-Forwarded-For', ip).send({ email: user.email, password: user.password });
    expectCatalogue(res, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
    // another client is not affected
    const other = await request(limited).post('/api/auth/signIn').set('X-Forwarded-For', '203.0.113.8').send({ email: user.email, password: user.password });
    expect(other.status).toBe(200);
  });

  it('stops failed sign-ins to one account even from changing addresses', async () => {
    const limited = appWithScale(0.02); // 100 failures per account -> 2 (10 per account and client -> 1)
    const user = await createTestUser();
    for (let i = 0; i < 2; i++) {
      const res = await request(limited).post('/api/auth/signIn').set('X-Forwarded-For', `198.51.100.${i + 1}`).send({ email: user.email, password: 'guess-' + i });
      expect(res.body.statusMessage).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    const res = await request(limited).post('/api/auth/signIn').set('X-Forwarded-For', '198.51.100.99').send({ email: user.email, password: 'guess-x' });
    expectCatalogue(res, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
  });

  it('limits sign-ups and reset mails per client', async () => {
    const limited = appWithScale(0.1); // sign-up 10/h -> 1, reset mail 10/15 min -> 1 (and 3 per account -> 1)
    const ip = '192.0.2.44';
    expect((await request(limited).post('/api/auth/signUp').set('X-Forwarded-For', ip).send({ email: newEmail(), password: 'secret123', userName: 'A' })).status).toBe(200);
    const email = newEmail();
    const res = await request(limited).post('/api/auth/signUp').set('X-Forwarded-For', ip).send({ email, password: 'secret123', userName: 'A' });
    expectCatalogue(res, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(await accountExists(email)).toBe(false);

    const user = await createTestUser();
    expect((await request(limited).post('/api/auth/sendPasswordResetEmail').set('X-Forwarded-For', ip).send({ email: user.email })).status).toBe(200);
    expectCatalogue(await request(limited).post('/api/auth/sendPasswordResetEmail').set('X-Forwarded-For', ip).send({ email: user.email }), 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
    expectCatalogue(
      await request(limited).post('/api/auth/sendPasswordResetEmail').set('X-Forwarded-For', '192.0.2.45').send({ email: user.email }),
      429,
      'TOO_MANY_ATTEMPTS_TRY_LATER',
    );
  });
});

describe('through Hosting and the Functions emulator', () => {
  it('signs in and passes Identity Toolkit errors through', async () => {
    const user = await createTestUser();
    const ok = await fetch(`${HOSTING_URL}/api/auth/signIn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...testClientHeaders() },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { localId: string }).localId).toBe(user.uid);

    const bad = await fetch(`${HOSTING_URL}/api/auth/signUp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...testClientHeaders() },
      body: JSON.stringify({ email: newEmail(), password: '12345', userName: 'A' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, statusMessage: 'WEAK_PASSWORD : Password should be at least 6 characters' });
  });
});
