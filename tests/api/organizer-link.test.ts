import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, uniq } from '../helpers/emulators';
import { type Actors, app, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// The organiser's link: signed, revocable, read-only, expiring 30 days after the campaign closes,
// every access logged for the owner; phones masked to the last 3 digits.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

const office = { id: 'office', name: '公會辦公室自取', address: '高雄市前金區中正四路 211 號', hours: '' };
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

describe('organiser link', () => {
  it('shows tallies per book and pickup point and the handover list; logs each access; stops when revoked', async () => {
    const book = await fixtureBook(c, 20);
    const planId = uniq('oplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { pickupPoints: [office] }))).status).toBe(201);
    const picked = await groupOrder(planId, [{ productId: book, qty: 2 }], { buyer: '林自取', phone: '0912-345-678', receiver: { name: '林自取', address: '' }, pickupPointId: 'office' });
    expect(picked.status).toBe(201);
    await groupOrder(planId, [{ productId: book, qty: 1 }], { buyer: '郵寄者' });

    const created = await c.post(`/plans/${planId}/organizer-links`, {});
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.url);
    expect(created.body.expiresAt).toBe(new Date(Date.parse((await c.get(`/plans/${planId}`)).body.plan.closingDate) + 30 * 86_400_000).toISOString());

    const view = await request(app).get(`/api/organizer/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers['cache-control']).toContain('no-store');
    expect(view.body.pickupTotals).toEqual(expect.arrayContaining([expect.objectContaining({ pickup: '公會辦公室自取', copies: 2 })]));
    expect(view.body.bookTotals[0]).toMatchObject({ productId: book, qty: 3 });
    const row = view.body.orders.find((o: { buyer: string }) => o.buyer === '林自取');
    expect(row).toMatchObject({ pickup: '公會辦公室自取', paid: false, items: [{ qty: 2 }] });
    expect(row.phone).toMatch(/^\*+678$/);
    expect(JSON.stringify(view.body)).not.toContain('0912-345-678');
    expect(JSON.stringify(view.body)).not.toContain('@example.com');

    const csv = await request(app).get(`/api/organizer/${token}/orders.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('林自取');
    expect(csv.text).toContain('公會辦公室自取');
    expect(csv.text).not.toContain('0912');

    // Read-only: nothing but GET exists there.
    expect((await request(app).patch(`/api/organizer/${token}`).send({})).status).toBe(404);

    const links = await c.get(`/plans/${planId}/organizer-links`);
    expect(links.body[0]).toMatchObject({ accessCount: 2 });
    expect(links.body[0].accesses.map((x: { what: string }) => x.what).sort()).toEqual(['csv', 'view']);

    // A forged signature is unknown; a revoked link answers 403.
    const forged = token.replace(/\.(.)/, (_m, ch: string) => `.${ch === 'A' ? 'B' : 'A'}`);
    expectCatalogueBody((await request(app).get(`/api/organizer/${forged}`)).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await request(app).get('/api/organizer/not-a-token')).body, 400, 'Bad Request');
    const revoked = await c.del(`/plans/${planId}/organizer-links/${created.body.linkId}`);
    expect(revoked.body.revokedAt).toBeTruthy();
    expectCatalogueBody((await request(app).get(`/api/organizer/${token}`)).body, 403, 'Permission denied');
    expect((await request(app).post(`/api/admin/plans/${planId}/organizer-links`).set('Authorization', `Bearer ${a.member.idToken}`)).status).toBe(403);
  });

  it('expires 30 days after the campaign closes', async () => {
    const book = await fixtureBook(c, 5);
    const planId = uniq('oplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }]))).status).toBe(201);
    const created = await c.post(`/plans/${planId}/organizer-links`, {});
    const token = tokenOf(created.body.url);
    expect((await request(app).get(`/api/organizer/${token}`)).status).toBe(200);
    // Both sides of the boundary: a minute inside the 30 days still opens, a minute past them does not.
    const closedAgo = (ms: number) => adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - ms).toISOString() });
    await closedAgo(30 * 86_400_000 - 60_000);
    expect((await request(app).get(`/api/organizer/${token}`)).status).toBe(200);
    await closedAgo(30 * 86_400_000 + 60_000);
    expectCatalogueBody((await request(app).get(`/api/organizer/${token}`)).body, 403, 'Permission denied');
  });
});
