import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { signUnsubscribeToken } from '../../functions/src/api/content/unsubscribe-token';
import { adminDb, uniq } from '../helpers/emulators';

// Inquiries, the newsletter and the public content reads (docs/content.md), against the emulators.

const app = createApp();

function expectCatalogue(body: Record<string, unknown>, statusCode: number, statusMessage: string) {
  expect(body).toMatchObject({ statusCode, statusMessage });
  expect(typeof body.message).toBe('string');
}

const inquiriesByEmail = async (email: string) => (await adminDb().collection('inquiries').where('email', '==', email).get()).size;
const mailTo = async (email: string) => (await adminDb().collection('mail').where('to', '==', email).get()).docs.map((d) => d.data());
const subscriptionOf = async (email: string) => (await adminDb().doc(`subscriptions/${email}`).get()).data();

const validInquiry = (email: string) => ({
  topic: 'contact',
  name: '王小明',
  email,
  phone: '0912-345-678',
  message: '請問公司登記實務全攻略有沒有電子書版本？',
});

describe('GET /api/content', () => {
  it('serves settings/shop with its contact links, cacheable', async () => {
    const res = await request(app).get('/api/content/settings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.body.contact.line).toMatch(/^https:\/\/line\.me\//);
    expect(res.body.contact.facebook).toMatch(/^https:\/\//);
    expect(res.body.contact.instagram).toMatch(/^https:\/\//);
    expect(res.body.company.taxId).toMatch(/^\d{8}$/);
  });

  it('lists only launched campaigns that close in the future', async () => {
    const db = adminDb();
    const future = uniq('open');
    const past = uniq('closed');
    const hidden = uniq('hidden');
    const base = { organizer: '測試公會', bannerImg: { pc: '', mobile: '' }, content: [], products: [{ productId: 'business-tax-handbook', groupPrice: 500 }] };
    await db.doc(`groupBuyingPlans/${future}`).set({ ...base, title: '未來團購', launched: true, closingDate: new Date(Date.now() + 86400_000 * 30).toISOString() });
    await db.doc(`groupBuyingPlans/${past}`).set({ ...base, title: '過去團購', launched: true, closingDate: new Date(Date.now() - 86400_000).toISOString() });
    await db.doc(`groupBuyingPlans/${hidden}`).set({ ...base, title: '未上架團購', launched: false, closingDate: new Date(Date.now() + 86400_000).toISOString() });
    // A fresh app: the campaign list is cached per instance for a minute.
    const res = await request(createApp()).get('/api/content/home');
    expect(res.status).toBe(200);
    const ids = res.body.campaigns.map((c: { planId: string }) => c.planId);
    expect(ids).toContain(future);
    expect(ids).toContain('cpaSouth');
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain('onecircle');
    for (const c of res.body.campaigns) expect(Date.parse(c.closingDate)).toBeGreaterThan(Date.now());
    await Promise.all([future, past, hidden].map((id) => db.doc(`groupBuyingPlans/${id}`).delete()));
  });
});

describe('POST /api/inquiries', () => {
  it('stores a valid inquiry and answers 201 with its id', async () => {
    const email = `${uniq('inq')}@example.com`;
    const res = await request(app).post('/api/inquiries').send({ ...validInquiry(email), topic: 'business', organization: '南區會計師公會', quantity: 40 });
    expect(res.status).toBe(201);
    expect(res.body.inquiryId).toMatch(/^[A-Za-z0-9]{20}$/);
    const stored = (await adminDb().doc(`inquiries/${res.body.inquiryId}`).get()).data();
    expect(stored).toMatchObject({ topic: 'business', name: '王小明', email, organization: '南區會計師公會', quantity: 40, status: 'new' });
    expect(typeof stored?.createdAt).toBe('string');
  });

  const bad: [string, (email: string) => Record<string, unknown>, string][] = [
    ['an empty name', (e) => ({ ...validInquiry(e), name: '   ' }), 'body.name'],
    ['an empty message', (e) => ({ ...validInquiry(e), message: '' }), 'body.message'],
    ['an over-long message', (e) => ({ ...validInquiry(e), message: '字'.repeat(2001) }), 'body.message'],
    ['an over-long name', (e) => ({ ...validInquiry(e), name: '名'.repeat(51) }), 'body.name'],
    ['a script in the message', (e) => ({ ...validInquiry(e), message: '你好 <script>alert(1)</script>' }), 'body.message'],
    ['an event handler in the name', (e) => ({ ...validInquiry(e), name: '<img src=x onerror=alert(1)>' }), 'body.name'],
    ['a javascript: URL', (e) => ({ ...validInquiry(e), message: '請看 javascript:alert(document.cookie)' }), 'body.message'],
    ['a bad email', () => ({ ...validInquiry('not-an-email'), email: 'not-an-email' }), 'body.email'],
    ['an unknown topic', (e) => ({ ...validInquiry(e), topic: 'spam' }), 'body.topic'],
    ['a bad phone', (e) => ({ ...validInquiry(e), phone: 'call me' }), 'body.phone'],
    ['a quantity of 0', (e) => ({ ...validInquiry(e), quantity: 0 }), 'body.quantity'],
    ['an unknown field', (e) => ({ ...validInquiry(e), admin: true }), 'body'],
  ];
  for (const [what, make, path] of bad) {
    it(`refuses ${what} with 400 Bad Request and stores nothing`, async () => {
      const email = `${uniq('bad')}@example.com`;
      const res = await request(app).post('/api/inquiries').send(make(email));
      expect(res.status).toBe(400);
      expectCatalogue(res.body, 400, 'Bad Request');
      expect(res.body.details.map((d: { path: string }) => d.path).join(' ')).toContain(path);
      expect(await inquiriesByEmail(email)).toBe(0);
    });
  }

  it('refuses a non-object body', async () => {
    const res = await request(app).post('/api/inquiries').set('Content-Type', 'application/json').send('"hello"');
    expect(res.status).toBe(400);
    expectCatalogue(res.body, 400, 'Bad Request');
  });

  it('rate-limits accepted inquiries per address with 429 TOO_MANY_ATTEMPTS_TRY_LATER', async () => {
    // Its own counters: this file's other inquiries come from the same address.
    const limited = createApp({ rateLimits: { namespace: uniq('limits') } });
    const email = `${uniq('flood')}@example.com`;
    // Refused input does not count against the visitor.
    for (let i = 0; i < 3; i++) expect((await request(limited).post('/api/inquiries').send({ ...validInquiry(email), name: '' })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await request(limited).post('/api/inquiries').send(validInquiry(email))).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(201));
    expect(statuses[8]).toBe(429);
    const res = await request(limited).post('/api/inquiries').send(validInquiry(email));
    expect(res.status).toBe(429);
    expectCatalogue(res.body, 429, 'TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(await inquiriesByEmail(email)).toBe(8);
  });
});

describe('newsletter subscriptions', () => {
  it('subscribes, mails a signed unsubscribe link once, and the link unsubscribes once', async () => {
    const email = `${uniq('news')}@example.com`;
    const res = await request(app).post('/api/subscriptions').send({ email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, status: 'active' });
    expect(await subscriptionOf(email)).toMatchObject({ email, status: 'active', version: 1 });

    const again = await request(app).post('/api/subscriptions').send({ email });
    // A known address is answered exactly as a new one (and gets no second mail).
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toContain('訂閱');
    const link = /https?:\/\/\S+\/user\/cancelSubscribe\?token=([A-Za-z0-9._-]+)/.exec(mails[0]!.message.text);
    expect(link).not.toBeNull();
    expect(mails[0]!.message.html).toContain(link![1]);
    const token = link![1]!;

    const cancel = await request(app).post('/api/subscriptions/cancel').send({ token });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ email, status: 'unsubscribed' });
    expect(await subscriptionOf(email)).toMatchObject({ status: 'unsubscribed' });

    const reused = await request(app).post('/api/subscriptions/cancel').send({ token });
    expect(reused.status).toBe(409);
    expectCatalogue(reused.body, 409, 'UNSUBSCRIBE_LINK_USED');

    // Subscribing again makes a new version; the old link stays spent, the new one works.
    expect((await request(app).post('/api/subscriptions').send({ email })).status).toBe(200);
    expect((await request(app).post('/api/subscriptions/cancel').send({ token })).status).toBe(409);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active', version: 2 });
    expect(await mailTo(email)).toHaveLength(2);
    const fresh = signUnsubscribeToken(email, 2);
    expect((await request(app).post('/api/subscriptions/cancel').send({ token: fresh })).status).toBe(200);
  });

  it('refuses a forged link (tampered payload or signature) with 400 and changes nothing', async () => {
    const email = `${uniq('forge')}@example.com`;
    expect((await request(app).post('/api/subscriptions').send({ email })).status).toBe(200);
    const token = signUnsubscribeToken(email, 1);
    const [data, sig] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ e: email, v: 1, x: Date.now() + 1e9 })).toString('base64url');
    const forged = [
      `${otherPayload}.${sig}`,
      `${data}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${data}.`,
      'nonsense',
      `${Buffer.from(JSON.stringify({ e: email, v: 1, x: Date.now() + 1e9 })).toString('base64url')}.${'A'.repeat(43)}`,
    ];
    for (const t of forged) {
      const res = await request(app).post('/api/subscriptions/cancel').send({ token: t });
      expect(res.status).toBe(400);
      expectCatalogue(res.body, 400, 'INVALID_UNSUBSCRIBE_LINK');
    }
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active' });
  });

  it('refuses an expired link with 410 and changes nothing', async () => {
    const email = `${uniq('old')}@example.com`;
    expect((await request(app).post('/api/subscriptions').send({ email })).status).toBe(200);
    const res = await request(app)
      .post('/api/subscriptions/cancel')
      .send({ token: signUnsubscribeToken(email, 1, Date.now() - 1000) });
    expect(res.status).toBe(410);
    expectCatalogue(res.body, 410, 'UNSUBSCRIBE_LINK_EXPIRED');
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active' });
  });

  it('answers a genuine link for an address that was never subscribed as used', async () => {
    const res = await request(app).post('/api/subscriptions/cancel').send({ token: signUnsubscribeToken(`${uniq('ghost')}@example.com`, 1) });
    expect(res.status).toBe(409);
    expectCatalogue(res.body, 409, 'UNSUBSCRIBE_LINK_USED');
  });

  const badSubs: [string, unknown][] = [
    ['an empty email', { email: '' }],
    ['a malformed email', { email: 'a@b' }],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }],
    ['a script-laden email', { email: '<script>@example.com' }],
    ['no email', {}],
    ['an extra field', { email: 'x@example.com', admin: true }],
  ];
  for (const [what, body] of badSubs) {
    it(`refuses ${what} with 400 Bad Request and stores nothing`, async () => {
      const before = (await adminDb().collection('subscriptions').count().get()).data().count;
      const res = await request(app).post('/api/subscriptions').send(body as object);
      expect(res.status).toBe(400);
      expectCatalogue(res.body, 400, 'Bad Request');
      expect((await adminDb().collection('subscriptions').count().get()).data().count).toBe(before);
    });
  }

  it('refuses a cancel without a token, or with an over-long one', async () => {
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(2001) }]) {
      const res = await request(app).post('/api/subscriptions/cancel').send(body);
      expect(res.status).toBe(400);
      expectCatalogue(res.body, 400, 'Bad Request');
    }
  });
});
