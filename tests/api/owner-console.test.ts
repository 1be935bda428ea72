import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniq } from '../helpers/emulators';
import { type Actors, app, doc, fixtureBook, groupOrder, type OwnerClient, ownerSession, planInput, shopOrder } from '../helpers/owner-fixtures';
import { expectBadRequestAt, expectCatalogueBody } from '../helpers/catalogue-body';

// What a new owner met in the console, each mended (campaign validation in Chinese, no broken
// banner, refunds only of paid orders, tracking corrections, duplicate/archive/delete campaigns),
// and pickup points from the plan to the order, the plan's totals and its CSV.

let a: Actors;
let c: OwnerClient;

beforeAll(async () => ({ a, c } = await ownerSession()));

const hasLatin = (s: string) => /[A-Za-z]{4,}/.test(s.replace(/https?:\/\/\S+|\/images\/\S+|[A-Za-z0-9_-]*\.(jpg|png)/g, ''));

describe('campaign form', () => {
  it('an empty campaign is refused with a Chinese message per field and writes nothing', async () => {
    const res = await c.post('/plans', { planId: '', title: '', organizer: '', closingDate: '', launched: false, bannerImg: { pc: '', mobile: '' }, content: [], products: [{ productId: '' }], pickupNotes: '', paymentNotes: '' });
    expectCatalogueBody(res.body, 400, 'Bad Request');
    const details = res.body.details as { path: string; message: string }[];
    const paths = details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.planId', 'body.title', 'body.closingDate', 'body.products.0.productId', 'body.products.0.groupPrice']));
    for (const d of details) expect(hasLatin(d.message), `${d.path}: ${d.message}`).toBe(false);
  });

  it('a banner must be an image path or empty; an empty banner is accepted', async () => {
    const book = await fixtureBook(c, 3);
    const folder = await c.post('/plans', planInput(uniq('bplan'), [{ productId: book, groupPrice: 500 }], { bannerImg: { pc: '/images/banner/', mobile: '' } }));
    expectCatalogueBody(folder.body, 400, 'Bad Request');
    expect(folder.body.details[0]).toMatchObject({ path: 'body.bannerImg.pc' });
    const planId = uniq('bplan');
    const ok = await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }]));
    expect(ok.status).toBe(201);
    const pub = await request(app).get(`/api/groupBuying/${planId}`);
    expect(pub.body.bannerImg).toEqual({ pc: '', mobile: '' });
  });

  it('an unlaunched plan is shown to the owner as not launched (the preview), not as closed', async () => {
    const book = await fixtureBook(c, 3);
    const planId = uniq('uplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { launched: false }))).status).toBe(201);
    const view = await request(app).get(`/api/groupBuying/${planId}`).set('Authorization', `Bearer ${a.owner.idToken}`);
    expect(view.body).toMatchObject({ launched: false, isOpen: false });
    expect((await request(app).get(`/api/groupBuying/${planId}`)).status).toBe(404);
  });

  it('archives (unlaunching it) and deletes only a plan without orders', async () => {
    const book = await fixtureBook(c, 5);
    const empty = uniq('dplan');
    const used = uniq('dplan');
    expect((await c.post('/plans', planInput(empty, [{ productId: book, groupPrice: 500 }]))).status).toBe(201);
    expect((await c.post('/plans', planInput(used, [{ productId: book, groupPrice: 500 }]))).status).toBe(201);
    expect((await groupOrder(used, [{ productId: book, qty: 1 }])).status).toBe(201);

    const refused = await c.del(`/plans/${used}`);
    expectCatalogueBody(refused.body, 409, 'PLAN_HAS_ORDERS');
    expect(await doc(`groupBuyingPlans/${used}`)).toBeTruthy();

    const archived = await c.patch(`/plans/${used}/archive`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ plan: { archived: true, launched: false }, isOpen: false });
    expectCatalogueBody((await groupOrder(used, [{ productId: book, qty: 1 }])).body, 409, 'PLAN_CLOSED');
    // An edit keeps it archived.
    const edited = await c.put(`/plans/${used}`, { ...planInput(used, [{ productId: book, groupPrice: 450 }]), planId: undefined, launched: false });
    expect(edited.body.plan.archived).toBe(true);
    const back = await c.patch(`/plans/${used}/archive`, { archived: false });
    expect(back.body.plan.archived).toBe(false);
    expectCatalogueBody((await c.patch(`/plans/${used}/archive`, { archived: 'yes' })).body, 400, 'Bad Request');

    expect((await c.del(`/plans/${empty}`)).status).toBe(204);
    expect(await doc(`groupBuyingPlans/${empty}`)).toBeUndefined();
    expect(await doc(`planProgress/${empty}`)).toBeUndefined();
    expectCatalogueBody((await c.del(`/plans/${empty}`)).body, 404, 'Not Found, No record found');
    expect((await request(app).delete(`/api/admin/plans/${used}`).set('Authorization', `Bearer ${a.member.idToken}`)).status).toBe(403);
  });
});

describe('orders', () => {
  it('an order that was never paid cannot be "refunded" by the owner, only cancelled', async () => {
    const book = await fixtureBook(c, 4);
    const o = await shopOrder(a.member, book, 2);
    const refund = await c.post(`/orders/${o.orderId}/status`, { status: 'refunded' });
    expectCatalogueBody(refund.body, 409, 'INVALID_TRANSITION');
    expect((await doc(`orders/${o.orderId}`))!.status).toBe('awaitingPayment');
    expect((await doc(`stock/${book}`))!.qty).toBe(2);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'cancelledUnpaid' })).status).toBe(200);
    expect((await doc(`stock/${book}`))!.qty).toBe(4);
  });

  it('corrects the tracking details of a shipped order, and only of a shipped one', async () => {
    const book = await fixtureBook(c, 4);
    const o = await shopOrder(a.member, book, 1);
    const delivery = { company: '中華郵政', trackingNo: 'RR000000000TW', trackingUrl: 'https://postserv.post.gov.tw/x?RR000000000TW' };
    const early = await c.put(`/orders/${o.orderId}/delivery`, { delivery });
    expectCatalogueBody(early.body, 409, 'INVALID_TRANSITION');
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'preparing', bankAccountNo: '54321', amount: o.totalPrice })).status).toBe(200);
    expect((await c.post(`/orders/${o.orderId}/status`, { status: 'shipped', delivery })).status).toBe(200);

    const bad = await c.put(`/orders/${o.orderId}/delivery`, { delivery: { ...delivery, trackingUrl: 'javascript:alert(1)' } });
    expectCatalogueBody(bad.body, 400, 'Bad Request');
    const fixed = { company: '黑貓宅急便', trackingNo: '9012-3456-7890', trackingUrl: 'https://www.t-cat.com.tw/inquire/trace.aspx?no=901234567890' };
    const res = await c.put(`/orders/${o.orderId}/delivery`, { delivery: fixed, note: '單號打錯' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'shipped', delivery: fixed });
    expect(res.body.statusHistory.at(-1)).toMatchObject({ status: 'shipped', note: expect.stringContaining('9012-3456-7890') });
    expect((await doc(`orders/${o.orderId}`))!.delivery).toEqual(fixed);
    const mail = await doc(`mail/${o.orderId}-delivery-${res.body.statusHistory.length}`);
    expect(mail!.message.subject).toContain('貨件資訊更正');
    expect(mail!.message.text).toContain('9012-3456-7890');
    const mine = await request(app).get(`/api/order/${a.member.uid}/${o.orderId}`).set('Authorization', `Bearer ${a.member.idToken}`);
    expect(mine.body.delivery).toEqual(fixed);
  });
});

describe('pickup points', () => {
  const office = { id: 'office', name: '公會辦公室自取', address: '高雄市前金區中正四路 211 號 8 樓', hours: '週一至週五 9:00–17:00' };

  it('a buyer picks a pickup point without an address; the order, mail, totals and CSV show it', async () => {
    const book = await fixtureBook(c, 20);
    const planId = uniq('pplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { pickupPoints: [office] }))).status).toBe(201);
    const view = await request(app).get(`/api/groupBuying/${planId}`);
    expect(view.body).toMatchObject({ pickupPoints: [office], postalDelivery: true });

    const picked = await groupOrder(planId, [{ productId: book, qty: 2 }], { receiver: { name: '王自取', address: '' }, pickupPointId: 'office' });
    expect(picked.status).toBe(201);
    expect(picked.body.pickup).toEqual(office);
    const stored = await doc(`orders/${picked.body.orderId}`);
    expect(stored!.pickup).toEqual(office);
    expect((await doc(`mail/${picked.body.orderId}-placed`))!.message.text).toContain('取貨地點：公會辦公室自取');

    const posted = await groupOrder(planId, [{ productId: book, qty: 1 }]);
    expect(posted.status).toBe(201);
    expect(posted.body.pickup).toBeNull();

    const noAddress = await groupOrder(planId, [{ productId: book, qty: 1 }], { receiver: { name: '無地址', address: '' } });
    expectBadRequestAt(noAddress, 'body.receiver.address');
    const wrong = await groupOrder(planId, [{ productId: book, qty: 1 }], { receiver: { name: '王自取', address: '' }, pickupPointId: 'nowhere' });
    expectBadRequestAt(wrong, 'body.pickupPointId');
    expect((await doc(`stock/${book}`))!.qty).toBe(17);

    const detail = await c.get(`/plans/${planId}`);
    expect(detail.body.pickupTotals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pickup: '公會辦公室自取', orders: 1, copies: 2, amount: 1000 }),
        expect.objectContaining({ pickup: '郵寄', orders: 1, copies: 1 }),
      ]),
    );
    const csv = await c.get(`/plans/${planId}/orders.csv`);
    expect(csv.text).toContain('取貨地點');
    expect(csv.text).toMatch(/王自取,公會辦公室自取,高雄市前金區中正四路 211 號 8 樓/);
  });

  it('a pickup-only plan refuses postal orders', async () => {
    const book = await fixtureBook(c, 5);
    const planId = uniq('pplan');
    expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { pickupPoints: [office], postalDelivery: false }))).status).toBe(201);
    const posted = await groupOrder(planId, [{ productId: book, qty: 1 }]);
    expectCatalogueBody(posted.body, 400, 'Bad Request');
    expect(posted.body.details[0]).toMatchObject({ path: 'body.pickupPointId', message: '此活動僅限自取，請選擇取貨地點' });
    expect((await doc(`stock/${book}`))!.qty).toBe(5);
    const dup = await c.post('/plans', planInput(uniq('pplan'), [{ productId: book, groupPrice: 500 }], { pickupPoints: [office, office] }));
    expectCatalogueBody(dup.body, 400, 'Bad Request');
  });
});
