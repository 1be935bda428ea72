import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeOrderDigest, sendOrderDigest } from '../../functions/src/api/orders/shop-notice';
import { taiwanDay } from '../../functions/src/contracts/format';
import type { AdminInquiry, AdminInquiryList } from '../../functions/src/contracts/inquiries';
import type { AdminSettings } from '../../functions/src/contracts/settings';
import { mailSource, waitForMail } from '../../web/e2e/support/inbox';
import { expectCatalogueBody } from '../helpers/catalogue-body';
import { uniq } from '../helpers/emulators';
import { type Actors, app, doc, fixtureBook, type OwnerClient, ownerSession, shopOrder } from '../helpers/owner-fixtures';

// Issue 23, items 1 and 2: customer inquiries reach the shop (a mail to its address, an acknowledgement
// to the customer, the console's inbox, replies mailed and recorded, closing), the shop hears of new
// orders (one mail each, or the daily digest), and /admin/settings saves validated settings that the
// mails then use. Mails are read from the real MailDev inbox the Functions emulator's sendMail fills.

let a: Actors;
let c: OwnerClient;
let saved: AdminSettings;
const SHOP = 'service@qingyu-books.example';

beforeAll(async () => {
  ({ a, c } = await ownerSession());
  saved = (await c.get('/settings')).body as AdminSettings;
});
// The settings are the whole shop's: put back what was there, whatever a test left.
afterAll(async () => {
  if (saved) await c.put('/settings', saved);
});

const ask = (email: string, name: string, extra: Record<string, unknown> = {}) =>
  request(app)
    .post('/api/inquiries')
    .send({ topic: 'contact', name, email, phone: '0912-345-678', book: '公司登記實務', orderNo: 'qy260315ab3k', message: '請問這本書的第二版什麼時候出？我的訂單還沒寄出。', ...extra });

describe('an inquiry reaches the owner', () => {
  it('mails the shop and acknowledges the customer, lists it in the inbox, mails and records the reply, closes', async () => {
    const email = `${uniq('ask')}@example.com`;
    const name = `詢問者${uniq('n').slice(-6)}`;
    const created = await ask(email, name);
    expect(created.status).toBe(201);
    const id = created.body.inquiryId as string;

    // The shop's mail: everything the customer wrote, Reply-To the customer, a link to the inbox.
    const shopMail = await waitForMail(SHOP, ['新詢問', name]);
    for (const s of ['請問這本書的第二版', '公司登記實務', 'QY260315AB3K', '0912-345-678', email, `/admin/inquiries/${id}`]) expect(shopMail.text).toContain(s);
    expect(await mailSource(shopMail.id)).toMatch(new RegExp(`Reply-To: ${email.replace(/[.]/g, '\\.')}`, 'i'));
    // The acknowledgement repeats none of the customer's words (anyone can type anyone's address).
    const ack = await waitForMail(email, ['已收到您的詢問', id.slice(0, 8)]);
    expect(ack.text).not.toContain('第二版');
    expect(ack.text).not.toContain(name);

    // The inbox: new, newest first, with the question, the book, the contact details and the order number.
    const inbox = (await c.get('/inquiries')).body as AdminInquiryList;
    const listed = inbox.inquiries.find((i) => i.inquiryId === id);
    expect(listed).toMatchObject({ status: 'new', name, email, phone: '0912-345-678', book: '公司登記實務', orderNo: 'QY260315AB3K', topic: 'contact', replies: [] });
    const times = inbox.inquiries.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(inbox.counts.new).toBeGreaterThanOrEqual(1);

    // A reply: validated, mailed to the customer, recorded, and the inquiry moves to replied.
    const empty = await c.post(`/inquiries/${id}/replies`, { message: ' ' });
    expectCatalogueBody(empty.body, 400, 'Bad Request');
    expect(((await c.get(`/inquiries/${id}`)).body as AdminInquiry).replies).toEqual([]);
    const reply = await c.post(`/inquiries/${id}/replies`, { message: '您好，第二版預計 12 月出版，訂單明天寄出。' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'replied', replies: [{ message: '您好，第二版預計 12 月出版，訂單明天寄出。', by: a.owner.email }] });
    const replyMail = await waitForMail(email, ['回覆您的詢問', id.slice(0, 8)]);
    expect(replyMail.text).toContain('第二版預計 12 月出版');
    // The reply stands on its own: the inquiry's words and name are not quoted to the typed address.
    expect(replyMail.text).not.toContain('請問這本書的第二版');
    expect(((await c.get('/inquiries?status=replied')).body as AdminInquiryList).inquiries.map((i) => i.inquiryId)).toContain(id);
    expect(((await c.get('/inquiries')).body as AdminInquiryList).inquiries.map((i) => i.inquiryId)).not.toContain(id);

    // Closed: listed as such, and it takes no further reply.
    const closed = await c.post(`/inquiries/${id}/close`, {});
    expect(closed.body).toMatchObject({ status: 'closed' });
    expectCatalogueBody((await c.post(`/inquiries/${id}/replies`, { message: '再補充一點' })).body, 409, 'INVALID_TRANSITION');
    expect(((await c.get('/inquiries?status=closed')).body as AdminInquiryList).inquiries.map((i) => i.inquiryId)).toContain(id);
    expect((await doc(`inquiries/${id}`))?.replies).toHaveLength(1);
  });

  it('refuses strangers and members, unknown ids and bad states', async () => {
    for (const path of ['/api/admin/inquiries', '/api/admin/settings']) {
      expect((await request(app).get(path)).status).toBe(401);
      expectCatalogueBody((await request(app).get(path).set('Authorization', `Bearer ${a.member.idToken}`)).body, 403, 'Permission denied');
    }
    expect((await request(app).put('/api/admin/settings').set('Authorization', `Bearer ${a.member.idToken}`).send(saved)).status).toBe(403);
    expectCatalogueBody((await c.get('/inquiries/noSuchInquiry0001')).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await c.post('/inquiries/noSuchInquiry0001/replies', { message: '您好' })).body, 404, 'Not Found, No record found');
    expectCatalogueBody((await c.get('/inquiries?status=spam')).body, 400, 'Bad Request');
  });
});

describe('the shop hears of new orders; /admin/settings', () => {
  it('mails the shop for each new order (the default)', async () => {
    expect(saved.notifications.orders).toBe('each');
    const book = await fixtureBook(c, 3);
    const order = await shopOrder(a.member, book, 2);
    const mail = await waitForMail(SHOP, ['新訂單', order.orderNo]);
    for (const s of ['林測試', '0912-345-678', '54321', `/admin/orders/${order.orderId}`, '× 2']) expect(mail.text).toContain(s);
  });

  it('refuses bad settings with a Chinese message per field and changes nothing', async () => {
    const bad = structuredClone(saved) as unknown as { shop: Record<string, Record<string, unknown>> & { paymentDueDays: unknown }; notifications: { orders: string } };
    bad.shop.bank!.code = '12';
    bad.shop.paymentDueDays = 0;
    bad.shop.contact!.email = 'not-an-address';
    bad.shop.contact!.facebook = 'javascript:alert(1)';
    bad.shop.shipping!.fee = -5;
    bad.shop.company!.taxId = '12345678';
    bad.notifications.orders = 'hourly';
    const res = await c.put('/settings', bad);
    expectCatalogueBody(res.body, 400, 'Bad Request');
    const paths = (res.body.details as { path: string; message: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.shop.bank.code', 'body.shop.paymentDueDays', 'body.shop.contact.email', 'body.shop.contact.facebook', 'body.shop.shipping.fee', 'body.shop.company.taxId', 'body.notifications.orders']),
    );
    for (const d of res.body.details as { message: string }[]) expect(d.message).toMatch(/[\u4e00-\u9fff]/);
    expectCatalogueBody((await c.put('/settings', { ...saved, extra: 1 })).body, 400, 'Bad Request');
    expect((await c.get('/settings')).body).toEqual(saved);
  });

  it('saves the digest choice: no mail per order, one digest of the day that lists it; the saved values are used', async () => {
    const hours = `週一至週五 10:00–18:00（${uniq('h').slice(-5)}）`;
    const next: AdminSettings = { shop: { ...saved.shop, contact: { ...saved.shop.contact, hours } }, notifications: { orders: 'digest' }, limits: saved.limits };
    try {
      const put = await c.put('/settings', next);
      expect(put.status).toBe(200);
      expect((await c.get('/settings')).body).toEqual(next);
      expect((await request(app).get('/api/settings/shop')).body.contact.hours).toBe(hours);

      const book = await fixtureBook(c, 3);
      const order = await shopOrder(a.member, book, 1);
      // The digest of today (the schedule sends yesterday's; the Functions emulator runs no schedules).
      const composed = await composeOrderDigest(taiwanDay(Date.now()), next.shop);
      expect(composed?.to).toBe(SHOP);
      expect(composed?.message.text).toContain(order.orderNo);
      const sent = await sendOrderDigest(new Date(Date.now() + 86_400_000));
      expect(sent).toMatchObject({ day: taiwanDay(Date.now()), orders: true, written: true });
      const digest = await waitForMail(SHOP, ['訂單摘要', taiwanDay(Date.now()).replace(/-/g, '/')]);
      expect(digest.text).toContain(order.orderNo);
      // A second run the same day writes nothing; and this order got no mail of its own.
      expect((await sendOrderDigest(new Date(Date.now() + 86_400_000))).written).toBe(false);
      expect(await doc(`mail/${order.orderId}-shop`)).toBeUndefined();

      // The saved contact details are what the next mail prints.
      const email = `${uniq('ask')}@example.com`;
      expect((await ask(email, '王小明')).status).toBe(201);
      expect((await waitForMail(email, ['已收到您的詢問'])).text).toContain(hours);
    } finally {
      expect((await c.put('/settings', saved)).status).toBe(200);
    }
  });
});
