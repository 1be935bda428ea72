import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { signUnsubscribeToken } from '../../functions/src/api/content/unsubscribe-token';
import { mailDelivery } from '../../functions/src/data/mail';
import { deliverMail, MAX_ATTEMPTS } from '../../functions/src/mail/send-mail';
import { adminDb, uniq } from '../helpers/emulators';
import { mailSource, mailsTo, waitForMail } from '../../web/e2e/support/inbox';

// The mail path end to end: a document in `mail` is sent by the Functions emulator's sendMail over SMTP
// to MailDev (started by the test runner), and its `delivery` is written back as the Trigger Email
// extension does. The claim and retry rules are driven directly through deliverMail.

const app = createApp();
const SMTP_URL = process.env.MAILDEV_SMTP_URL ?? 'smtp://127.0.0.1:1025';

async function deliveryOf(path: string, until: (d: Record<string, unknown>) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = (await adminDb().doc(path).get()).get('delivery') as Record<string, unknown> | undefined;
    if (d && until(d)) return d;
    if (Date.now() > deadline) throw new Error(`delivery of ${path} is ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('sendMail (the Firestore trigger)', () => {
  it('delivers a new mail document to the inbox and records SUCCESS with one attempt', async () => {
    const to = `${uniq('mail')}@example.com`;
    const ref = adminDb().collection('mail').doc();
    await ref.set({
      to,
      message: { subject: `測試信 ${ref.id}`, text: '純文字內容', html: '<p>HTML 內容</p>' },
      headers: { 'X-Shop-Test': ref.id },
      createdAt: new Date().toISOString(),
    });
    const mail = await waitForMail(to, [ref.id]);
    expect(mail.text.trim()).toBe('純文字內容');
    expect(mail.html).toContain('HTML 內容');
    // From and Reply-To default to the shop's name and address (settings/shop).
    expect(mail.from[0]).toMatchObject({ address: 'service@qingyu-books.example', name: '青嶼書房' });
    expect(await mailSource(mail.id)).toContain(`X-Shop-Test: ${ref.id}`);

    const d = await deliveryOf(ref.path, (x) => x.state === 'SUCCESS');
    expect(d).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null, leaseExpireTime: null });
    expect((d.info as { accepted: string[] }).accepted).toEqual([to]);
    expect(d.endTime).toBeInstanceOf(Timestamp);
  });

  it('records a document it cannot send as ERROR without retrying', async () => {
    const ref = adminDb().collection('mail').doc();
    await ref.set({ to: '', message: { subject: '沒有收件人', text: 'x', html: '' } });
    const d = await deliveryOf(ref.path, (x) => x.state === 'ERROR');
    expect(d).toMatchObject({ state: 'ERROR', attempts: 1 });
    expect(String(d.error)).toContain('recipient');
  });
});

describe('deliverMail', () => {
  // A collection no trigger watches, so only this test's own calls act on the document.
  const OUTBOX = 'mail-delivery-tests';
  const scratch = () => adminDb().collection(OUTBOX).doc(uniq('m'));

  it('sends once however many invocations race for the same document', async () => {
    const to = `${uniq('race')}@example.com`;
    const ref = scratch();
    await ref.set({ to, message: { subject: `同一封信 ${ref.id}`, text: 'once', html: '<p>once</p>' } });
    const config = { smtpUrl: SMTP_URL, from: 'shop@example.com' };
    const outcomes = await Promise.all(Array.from({ length: 5 }, async () => deliverMail(await mailDelivery(ref.id, OUTBOX), config)));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(4);
    // And a late redelivery of the event finds it done.
    expect(await deliverMail(await mailDelivery(ref.id, OUTBOX), config)).toBe('skipped');
    await waitForMail(to, [ref.id]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(to)).toHaveLength(1);
    expect((await ref.get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 1 });
  });

  it('retries a send the SMTP server refuses, then records ERROR with every attempt, leaving the rest of the document alone', async () => {
    const ref = scratch();
    const doc = { to: 'someone@example.com', message: { subject: '寄不出去', text: 'x', html: '<p>x</p>' }, createdAt: '2026-11-23T00:00:00.000Z' };
    await ref.set(doc);
    // Nothing listens on port 1: every connection is refused, as by an SMTP server that is down.
    const started = Date.now();
    const outcome = await deliverMail(await mailDelivery(ref.id, OUTBOX), { smtpUrl: 'smtp://127.0.0.1:1', from: 'shop@example.com', backoffMs: [200, 400] });
    expect(outcome).toBe('failed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    const after = (await ref.get()).data()!;
    expect(after.delivery).toMatchObject({ state: 'ERROR', attempts: MAX_ATTEMPTS, leaseExpireTime: null });
    expect(after.delivery.error).toMatch(/ECONNREFUSED|connect/i);
    expect(after.delivery.endTime).toBeInstanceOf(Timestamp);
    expect({ to: after.to, message: after.message, createdAt: after.createdAt }).toEqual(doc);
    // ERROR is final for the sender; a redelivered event does not try again.
    expect(await deliverMail(await mailDelivery(ref.id, OUTBOX), { smtpUrl: SMTP_URL, from: 'shop@example.com' })).toBe('skipped');
  });

  it('sends again when the owner sets the state to RETRY, and takes over a holder whose lease ran out', async () => {
    const to = `${uniq('retry')}@example.com`;
    const ref = scratch();
    await ref.set({
      to,
      message: { subject: `重寄 ${ref.id}`, text: 'again', html: '<p>again</p>' },
      delivery: { state: 'RETRY', attempts: MAX_ATTEMPTS, error: 'earlier failure' },
    });
    expect(await deliverMail(await mailDelivery(ref.id, OUTBOX), { smtpUrl: SMTP_URL, from: 'shop@example.com' })).toBe('sent');
    expect((await ref.get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });

    const held = scratch();
    const lease = (ms: number) => Timestamp.fromMillis(Date.now() + ms);
    await held.set({ to, message: { subject: `接手 ${held.id}`, text: 'x', html: '<p>x</p>' }, delivery: { state: 'PROCESSING', attempts: 1, leaseOwner: 'other', leaseExpireTime: lease(60_000) } });
    expect(await deliverMail(await mailDelivery(held.id, OUTBOX), { smtpUrl: SMTP_URL, from: 'shop@example.com' })).toBe('skipped');
    await held.update({ 'delivery.leaseExpireTime': lease(-1000) });
    expect(await deliverMail(await mailDelivery(held.id, OUTBOX), { smtpUrl: SMTP_URL, from: 'shop@example.com' })).toBe('sent');
    expect((await held.get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 2 });
    await waitForMail(to, [held.id]);
  });

  it('sends one mail after another over one pooled connection, and over a new one after the server closed it', async () => {
    // A relay in front of MailDev that counts the connections made through it and can cut them all,
    // as a provider closing an idle connection does.
    const target = new URL(SMTP_URL);
    const open = new Set<Socket>();
    let connections = 0;
    const relay = createServer((client) => {
      connections++;
      const upstream = connect(Number(target.port), target.hostname);
      client.pipe(upstream).pipe(client);
      const close = () => (client.destroy(), upstream.destroy(), open.delete(client));
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      open.add(client);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const config = { smtpUrl: `smtp://127.0.0.1:${(relay.address() as AddressInfo).port}`, from: 'shop@example.com', backoffMs: [100, 200] };
    const to = `${uniq('pool')}@example.com`;
    const send = async (n: number) => {
      const ref = scratch();
      await ref.set({ to, message: { subject: `連線 ${n} ${ref.id}`, text: 'x', html: '<p>x</p>' } });
      expect(await deliverMail(await mailDelivery(ref.id, OUTBOX), config)).toBe('sent');
      return ref;
    };
    try {
      for (let n = 1; n <= 3; n++) await send(n);
      expect(connections).toBe(1);
      // The server hangs up on the idle connection; the next mail still goes, on a second connection.
      for (const s of open) s.destroy();
      await new Promise((r) => setTimeout(r, 200));
      const after = await send(4);
      expect(connections).toBe(2);
      expect((await after.get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 1 });
      for (let n = 1; n <= 4; n++) await waitForMail(to, [`連線 ${n} `]);
    } finally {
      for (const s of open) s.destroy();
      relay.close();
    }
  });
});

describe('the newsletter mail', () => {
  it('arrives with the unsubscribe link and List-Unsubscribe headers whose one-click POST unsubscribes', async () => {
    const email = `${uniq('news')}@example.com`;
    expect((await request(app).post('/api/subscriptions').send({ email })).status).toBe(200);
    const mail = await waitForMail(email, ['電子報訂閱成功']);
    // Long headers arrive folded over several lines: unfold them (RFC 5322) before reading.
    const source = (await mailSource(mail.id)).replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(source);
    expect(header).not.toBeNull();
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const oneClick = new URL(header![1]!);
    expect(oneClick.pathname).toBe('/api/subscriptions/one-click');
    expect(mail.html).toMatch(/\/user\/cancelSubscribe\?token=/);
    expect(mail.text).toMatch(/\/user\/cancelSubscribe\?token=/);

    // A GET (a link scanner) changes nothing.
    expect((await request(app).get(`${oneClick.pathname}${oneClick.search}`)).status).toBe(404);
    expect((await adminDb().doc(`subscriptions/${email}`).get()).get('status')).toBe('active');

    // The mail client's button: RFC 8058's form POST.
    const post = await request(app).post(`${oneClick.pathname}${oneClick.search}`).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    expect(post.body).toEqual({ email, status: 'unsubscribed' });
    expect((await adminDb().doc(`subscriptions/${email}`).get()).get('status')).toBe('unsubscribed');
  });

  it('refuses a one-click request with a bad or missing token with the catalogue body', async () => {
    const forged = await request(app).post(`/api/subscriptions/one-click?token=${signUnsubscribeToken('x@example.com', 1)}x`);
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(forged.body).toMatchObject({ statusCode: forged.status });
    const missing = await request(app).post('/api/subscriptions/one-click');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ statusCode: 400, statusMessage: expect.any(String) });
  });
});
