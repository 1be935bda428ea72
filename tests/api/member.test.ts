import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { adminDb, createTestUser, HOSTING_URL, type TestUser } from '../helpers/emulators';
import { expiredToken, foreignProjectToken, FORGED_TOKEN } from '../helpers/id-tokens';

// GET / PATCH /api/member/{uid}: self or the owner; another member 403, anonymous 401.

const app = createApp();

function expectCatalogue(res: request.Response, statusCode: number, statusMessage: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(statusCode);
  expect(res.body).toMatchObject({ statusCode, statusMessage });
  expect(typeof res.body.message).toBe('string');
}

const info = (u: TestUser, extra: Record<string, unknown> = {}) => ({
  memberInfo: { userName: '會員甲', email: u.email, userUid: u.uid, picture: 'https://example.com/a.png', ...extra },
});
const memberDoc = async (uid: string) => (await adminDb().doc(`members/${uid}`).get()).data();
const get = (uid: string, token?: string) => {
  const r = request(app).get(`/api/member/${uid}`);
  return token ? r.set('Authorization', `Bearer ${token}`) : r;
};
const patch = (uid: string, body: unknown, token?: string) => {
  const r = request(app).patch(`/api/member/${uid}`);
  return (token ? r.set('Authorization', `Bearer ${token}`) : r).send(body as object);
};

let alice: TestUser;
let bob: TestUser;
let owner: TestUser;

beforeAll(async () => {
  [alice, bob, owner] = await Promise.all([createTestUser(), createTestUser(), createTestUser({ admin: true })]);
});

describe('PATCH /api/member/{uid}', () => {
  it('creates the record for the member themself, then updates it keeping createdAt and newsletter', async () => {
    const first = await patch(alice.uid, info(alice), alice.idToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ userName: '會員甲', email: alice.email, userUid: alice.uid, picture: 'https://example.com/a.png', provider: 'password', newsletter: false });
    const stored = await memberDoc(alice.uid);
    expect(stored).toMatchObject(first.body);

    await adminDb().doc(`members/${alice.uid}`).update({ newsletter: true });
    await new Promise((r) => setTimeout(r, 5));
    const second = await patch(alice.uid, { ...info(alice, { userName: '會員甲改', picture: '' }), idToken: alice.idToken }, alice.idToken);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ userName: '會員甲改', picture: '', newsletter: true, createdAt: first.body.createdAt });
    expect(second.body.updatedAt > first.body.updatedAt).toBe(true);
  });

  it("lets the owner write a member's record, keeping the member's provider", async () => {
    await patch(bob.uid, info(bob), bob.idToken);
    const res = await patch(bob.uid, info(bob, { userName: '店長改的名字' }), owner.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userName: '店長改的名字', provider: 'password' });
  });

  it("answers 403 to a member writing someone else's record, and writes nothing", async () => {
    const before = await memberDoc(bob.uid);
    expectCatalogue(await patch(bob.uid, info(bob, { userName: '駭客' }), alice.idToken), 403, 'Permission denied');
    expect(await memberDoc(bob.uid)).toEqual(before);
  });

  it('answers 401 to anonymous, forged, expired and foreign tokens, and writes nothing', async () => {
    const before = await memberDoc(alice.uid);
    expectCatalogue(await patch(alice.uid, info(alice, { userName: 'X' })), 401, 'Unauthorized');
    for (const token of [FORGED_TOKEN, 'garbage', expiredToken(alice.idToken), foreignProjectToken(alice.idToken)]) {
      expectCatalogue(await patch(alice.uid, info(alice, { userName: 'X' }), token), 401, 'Unauthorized');
    }
    expect(await memberDoc(alice.uid)).toEqual(before);
  });

  it('answers 400 when memberInfo.userUid is not the path id, and writes nothing', async () => {
    const carol = await createTestUser();
    const res = await patch(carol.uid, info(carol, { userUid: alice.uid }), carol.idToken);
    expectCatalogue(res, 400, 'Bad Request');
    expect(res.body.details[0].path).toBe('body.memberInfo.userUid');
    expect(await memberDoc(carol.uid)).toBeUndefined();
  });

  it.each([
    ['a 10 KB name', (u: TestUser) => info(u, { userName: '名'.repeat(10 * 1024) })],
    ['a malformed email', (u: TestUser) => info(u, { email: 'nope' })],
    ['a picture that is not a web address', (u: TestUser) => info(u, { picture: 'javascript:alert(1)' })],
    ['a missing memberInfo', () => ({ idToken: 'x' })],
    ['a number for the name', (u: TestUser) => info(u, { userName: 42 })],
    ['someone else\'s email', (u: TestUser) => info(u, { email: 'someone-else@example.com' })],
  ])('answers 400 Bad Request for %s and writes nothing', async (_label, body) => {
    const dave = await createTestUser();
    expectCatalogue(await patch(dave.uid, body(dave), dave.idToken), 400, 'Bad Request');
    expect(await memberDoc(dave.uid)).toBeUndefined();
  });

  it("answers 400 when the body's idToken is invalid or another member's", async () => {
    const erin = await createTestUser();
    expectCatalogue(await patch(erin.uid, { ...info(erin), idToken: bob.idToken }, erin.idToken), 400, 'Bad Request');
    expectCatalogue(await patch(erin.uid, { ...info(erin), idToken: expiredToken(erin.idToken) }, erin.idToken), 400, 'Bad Request');
    expect(await memberDoc(erin.uid)).toBeUndefined();
  });

  it('answers 400 for a malformed member id', async () => {
    expectCatalogue(await patch('a.b', info(alice), alice.idToken), 400, 'Bad Request');
    expectCatalogue(await get('x'.repeat(200), alice.idToken), 400, 'Bad Request');
  });
});

describe('GET /api/member/{uid}', () => {
  it('answers the record to the member and to the owner', async () => {
    await patch(alice.uid, info(alice), alice.idToken);
    const mine = await get(alice.uid, alice.idToken);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ userUid: alice.uid, email: alice.email });
    expect((await get(alice.uid, owner.idToken)).body.userUid).toBe(alice.uid);
  });

  it('answers 403 to another member, 401 to anonymous and bad tokens', async () => {
    expectCatalogue(await get(alice.uid, bob.idToken), 403, 'Permission denied');
    expectCatalogue(await get(alice.uid), 401, 'Unauthorized');
    expectCatalogue(await get(alice.uid, expiredToken(alice.idToken)), 401, 'Unauthorized');
    expectCatalogue(await request(app).get(`/api/member/${alice.uid}`).set('Authorization', 'Basic abc'), 401, 'Unauthorized');
  });

  it('answers 404 when the member has no record yet', async () => {
    const fresh = await createTestUser();
    expectCatalogue(await get(fresh.uid, fresh.idToken), 404, 'Not Found, No record found');
  });

  it('works through Hosting with the Bearer token', async () => {
    const res = await fetch(`${HOSTING_URL}/api/member/${alice.uid}`, { headers: { Authorization: `Bearer ${alice.idToken}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { userUid: string }).userUid).toBe(alice.uid);
    const anon = await fetch(`${HOSTING_URL}/api/member/${alice.uid}`);
    expect(anon.status).toBe(401);
  });
});
