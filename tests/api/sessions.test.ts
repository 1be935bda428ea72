import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { adminAuth, createTestUser, seedBook, uniq } from '../helpers/emulators';

// Tokens older than the account: verified, promoted, revoked or disabled since the token was minted.

const app = createApp();

const order = (productId: string) => ({
  items: [{ productId, qty: 1 }],
  receiver: { name: '王小明', address: '臺南市中西區青年路 1 號' },
  phone: '0912-345-678',
  bankAccountNo: '12345',
});

const fixtureBook = () => seedBook({ prefix: 'session-book', qty: 5, listPrice: 600, salePrice: 500 });
const orderId = () => uniq('ord').replace(/[^A-Za-z0-9_-]/g, '').padEnd(20, 'x');

describe('a token older than the account', () => {
  it('places the order of a member who verified after the token was minted', async () => {
    const member = await createTestUser({ emailVerified: false });
    const productId = await fixtureBook();
    const refused = await request(app).patch(`/api/order/${member.uid}/${orderId()}`).set('Authorization', `Bearer ${member.idToken}`).send(order(productId));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, statusMessage: 'EMAIL_NOT_VERIFIED' });

    await adminAuth().updateUser(member.uid, { emailVerified: true });
    const res = await request(app).patch(`/api/order/${member.uid}/${orderId()}`).set('Authorization', `Bearer ${member.idToken}`).send(order(productId));
    expect(res.status).toBe(201);
  });

  it('lets an owner in whose role was granted after the token was minted', async () => {
    const member = await createTestUser();
    expect((await request(app).get('/api/admin/orders').set('Authorization', `Bearer ${member.idToken}`)).status).toBe(403);
    await adminAuth().setCustomUserClaims(member.uid, { admin: true });
    expect((await request(app).get('/api/admin/orders?limit=1').set('Authorization', `Bearer ${member.idToken}`)).status).toBe(200);
  });

  it('refuses a token minted before its sessions were revoked, and a disabled account', async () => {
    const member = await createTestUser();
    const read = () => request(app).get(`/api/order/${member.uid}`).set('Authorization', `Bearer ${member.idToken}`);
    expect((await read()).status).toBe(200);
    // Revocation works in whole seconds: the token must be from an earlier second.
    await new Promise((r) => setTimeout(r, 1100));
    await adminAuth().revokeRefreshTokens(member.uid);
    expect((await read()).status).toBe(401);

    const other = await createTestUser();
    await adminAuth().updateUser(other.uid, { disabled: true });
    const res = await request(app).get(`/api/member/${other.uid}`).set('Authorization', `Bearer ${other.idToken}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, statusMessage: 'Unauthorized' });
  });
});
