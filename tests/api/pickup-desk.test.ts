import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb, uniq } from '../helpers/emulators';
import { type Actors, app, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';

// The organiser's pickup desk (issue 27): a second signed link that may mark an order as picked up and
// undo that, and nothing else; refused with a read-only, revoked, expired or forged token; every access
// and action logged on the link; the console, the read-only view and the CSVs show who picked up.

let a: Actors;
let c: OwnerClient;
beforeAll(async () => ({ a, c } = await ownerSession()));

const office = { id: 'office', name: '公會辦公室自取', address: '高雄市前金區中正四路 211 號', hours: '' };
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const pickupAt = { receiver: { name: '林自取', address: '' }, pickupPointId: 'office' };
const mark = (token: string, orderNo: string) => request(app).put(`/api/organizer/${token}/pickups/${orderNo}`);
const undo = (token: string, orderNo: string) => request(app).delete(`/api/organizer/${token}/pickups/${orderNo}`);

async function campaign() {
  const book = await fixtureBook(c, 20);
  const planId = uniq('dplan');
  expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { pickupPoints: [office] }))).status).toBe(201);
  const place = async (extra: Record<string, unknown>, pay: boolean) => {
    const r = await groupOrder(planId, [{ productId: book, qty: 1 }], extra);
    expect(r.status).toBe(201);
    if (pay) expect((await c.post(`/orders/${r.body.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: r.body.totalPrice })).status).toBe(200);
    return r.body as { orderId: string; orderNo: string };
  };
  const paid = await place({ buyer: '林已付', ...pickupAt }, true);
  const unpaid = await place({ buyer: '王未付', ...pickupAt }, false);
  const posted = await place({ buyer: '郵寄者' }, true);
  return { planId, paid, unpaid, posted };
}

describe('pickup desk', () => {
  it('marks and undoes a paid pickup order, refuses unpaid and posted ones, logs everything; the console and views show it', async () => {
    const { planId, paid, unpaid, posted } = await campaign();
    const desk = await c.post(`/plans/${planId}/desk-links`, { holder: '陳召集' });
    expect(desk.status).toBe(201);
    expect(desk.body).toMatchObject({ kind: 'desk', holder: '陳召集' });
    expect(desk.body.url).toMatch(/^\/organizer\/desk\?token=/);
    const token = tokenOf(desk.body.url);
    const view = await c.post(`/plans/${planId}/organizer-links`, {});
    const readOnly = tokenOf(view.body.url);

    // The desk sees the same list, flagged as a desk; the read-only link is not.
    const seen = await request(app).get(`/api/organizer/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.desk).toBe(true);
    expect(seen.body.orders.find((o: { orderNo: string }) => o.orderNo === posted.orderNo)).toMatchObject({ postal: true, pickedUp: null });
    expect((await request(app).get(`/api/organizer/${readOnly}`)).body.desk).toBe(false);

    const before = (await adminDb().doc(`orders/${paid.orderId}`).get()).data()!;
    const marked = await mark(token, paid.orderNo);
    expect(marked.status).toBe(200);
    expect(marked.headers['cache-control']).toContain('no-store');
    expect(marked.body).toMatchObject({ orderNo: paid.orderNo, paid: true, pickedUp: { by: '陳召集' } });
    expect(marked.body.phone).toMatch(/^\*+678$/);
    // Only pickedUp changed; a second mark keeps the first.
    const after = (await adminDb().doc(`orders/${paid.orderId}`).get()).data()!;
    expect({ ...after, pickedUp: undefined }).toEqual({ ...before, pickedUp: undefined });
    expect((await mark(token, paid.orderNo)).body.pickedUp).toEqual(marked.body.pickedUp);

    // Unpaid and posted orders: 409 with the reason; another campaign's or an unknown order: 404.
    const refusedUnpaid = await mark(token, unpaid.orderNo);
    expectCatalogueBody(refusedUnpaid.body, 409, 'INVALID_TRANSITION');
    expect(refusedUnpaid.body.details[0].message).toContain('尚未付款');
    expectCatalogueBody((await mark(token, posted.orderNo)).body, 409, 'INVALID_TRANSITION');
    const other = await campaign();
    expectCatalogueBody((await mark(token, other.paid.orderNo)).body, 404, 'Not Found, No record found');
    expect((await adminDb().doc(`orders/${unpaid.orderId}`).get()).get('pickedUp')).toBeUndefined();

    // The read-only token never acts, whatever it sends.
    expectCatalogueBody((await mark(readOnly, paid.orderNo)).body, 403, 'Permission denied');
    expectCatalogueBody((await undo(readOnly, paid.orderNo)).body, 403, 'Permission denied');

    // The console's campaign and order, the read-only view and both CSVs show who picked up.
    const detail = await c.get(`/plans/${planId}`);
    expect(detail.body.orders.find((o: { orderNo: string }) => o.orderNo === paid.orderNo).pickedUp).toMatchObject({ by: '陳召集' });
    expect((await c.get(`/orders/${paid.orderId}`)).body.pickedUp).toMatchObject({ by: '陳召集' });
    expect((await request(app).get(`/api/organizer/${readOnly}`)).body.orders.find((o: { orderNo: string }) => o.orderNo === paid.orderNo).pickedUp).toMatchObject({ by: '陳召集' });
    expect((await c.get(`/plans/${planId}/orders.csv`)).text).toContain('陳召集');
    expect((await request(app).get(`/api/organizer/${readOnly}/orders.csv`)).text).toMatch(/已取貨[\s\S]*陳召集/);

    // Undo clears it (twice is harmless).
    const undone = await undo(token, paid.orderNo);
    expect(undone.status).toBe(200);
    expect(undone.body.pickedUp).toBeNull();
    expect((await undo(token, paid.orderNo)).status).toBe(200);
    expect((await adminDb().doc(`orders/${paid.orderId}`).get()).get('pickedUp')).toBeNull();

    // The log: every access and action, with its order and, when refused, why.
    const links = (await c.get(`/plans/${planId}/organizer-links`)).body as { kind: string; accesses: { what: string; orderNo?: string; refused?: string }[] }[];
    const log = links.find((l) => l.kind === 'desk')!.accesses;
    expect(log.filter((x) => x.what === 'pickup' && x.orderNo === paid.orderNo && !x.refused)).toHaveLength(2);
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ what: 'pickup', orderNo: unpaid.orderNo, refused: 'unpaid' }), expect.objectContaining({ what: 'undo', orderNo: paid.orderNo })]));
    expect(log.some((x) => x.what === 'view')).toBe(true);
    expect(links.find((l) => l.kind === 'view')!.accesses.every((x) => x.what === 'view' || x.what === 'csv')).toBe(true);
  });

  it('refuses a forged, a revoked and an expired desk token, and strangers making desk links', async () => {
    const { planId, paid } = await campaign();
    expectCatalogueBody((await c.post(`/plans/${planId}/desk-links`, {})).body, 400, 'Bad Request');
    const desk = await c.post(`/plans/${planId}/desk-links`, { holder: '測試協會' });
    expect(desk.body.holder).toBe('測試協會');
    const token = tokenOf(desk.body.url);
    // A read-only link's signature for the same link id (what a forger with the read-only token has) is no desk token.
    const readOnly = tokenOf((await c.post(`/plans/${planId}/organizer-links`, {})).body.url);
    const spliced = `${desk.body.linkId}.${readOnly.split('.')[1]}`;
    expectCatalogueBody((await mark(spliced, paid.orderNo)).body, 404, 'Not Found, No record found');
    const forged = token.replace(/\.(.)/, (_m, ch: string) => `.${ch === 'A' ? 'B' : 'A'}`);
    expectCatalogueBody((await mark(forged, paid.orderNo)).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await mark('not-a-token', paid.orderNo)).body, 400, 'Bad Request');

    const closedAgo = (ms: number) => adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - ms).toISOString() });
    await closedAgo(30 * 86_400_000 + 60_000);
    expectCatalogueBody((await mark(token, paid.orderNo)).body, 403, 'Permission denied');
    await closedAgo(86_400_000);
    expect((await mark(token, paid.orderNo)).status).toBe(200);

    expect((await c.del(`/plans/${planId}/organizer-links/${desk.body.linkId}`)).body.revokedAt).toBeTruthy();
    expectCatalogueBody((await undo(token, paid.orderNo)).body, 403, 'Permission denied');
    expectCatalogueBody((await request(app).get(`/api/organizer/${token}`)).body, 403, 'Permission denied');
    expect((await adminDb().doc(`orders/${paid.orderId}`).get()).get('pickedUp')).toMatchObject({ by: '測試協會' });
    expect((await request(app).post(`/api/admin/plans/${planId}/desk-links`).set('Authorization', `Bearer ${a.member.idToken}`).send({})).status).toBe(403);
    expect((await request(app).post(`/api/admin/plans/${planId}/desk-links`).send({})).status).toBe(401);
  });
});

describe('the desk after 流團', () => {
  it('hands nothing over: the list and the CSV are empty with the reason, a tick is refused and logged, an earlier tick can be undone', async () => {
    const { planId, paid } = await campaign();
    const desk = await c.post(`/plans/${planId}/desk-links`, { holder: '陳召集' });
    const token = tokenOf(desk.body.url);
    // A tick before the owner decided (the campaign had closed), then 流團.
    expect((await mark(token, paid.orderNo)).status).toBe(200);
    await adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - 120_000).toISOString() });
    expect((await c.post(`/plans/${planId}/outcome`, { outcome: 'failed' })).status).toBe(200);

    const view = await request(app).get(`/api/organizer/${token}`);
    expect(view.status).toBe(200);
    // The desk lists only the tick still to undo (issue 35), and nothing else.
    expect(view.body.orders.map((o: { orderNo: string; pickedUp: unknown }) => [o.orderNo, Boolean(o.pickedUp)])).toEqual([[paid.orderNo, true]]);
    expect(view.body.decision).toMatchObject({ outcome: 'failed', refundsDue: 2 });
    const csv = await request(app).get(`/api/organizer/${token}/orders.csv`);
    expect(csv.text).toContain('未成團（流團）：不交書');
    expect(csv.text).not.toContain(paid.orderNo);

    // The paid order is the owner's refund now, never handed over; the earlier tick can still be undone.
    expect((await undo(token, paid.orderNo)).status).toBe(200);
    expect((await request(app).get(`/api/organizer/${token}`)).body.orders).toEqual([]);
    const refused = await mark(token, paid.orderNo);
    expectCatalogueBody(refused.body, 409, 'INVALID_TRANSITION');
    expect(refused.body.details[0].message).toContain('流團');
    const links = (await c.get(`/plans/${planId}/organizer-links`)).body as { kind: string; accesses: { what: string; refused?: string }[] }[];
    expect(links.find((l) => l.kind === 'desk')!.accesses.filter((x) => x.what === 'pickup').map((x) => x.refused ?? 'done')).toEqual(expect.arrayContaining(['done', 'failed']));
  });
});
