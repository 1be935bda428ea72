import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { mailDelivery } from '../../functions/src/data/mail';
import { mailSlots, MINUTE_MS } from '../../functions/src/data/mail-slots';
import { drainMail, sendPaced } from '../../functions/src/mail/pacing';
import { adminDb, uniq } from '../helpers/emulators';
import { mailsTo } from '../../web/e2e/support/inbox';

// Pacing to the provider's per-minute limit (docs/mail.md, "Pacing"), against the real Firestore
// emulator and the real MailDev inbox. A limit of 3 a minute and an injected clock stand in for the
// provider's limit and for minutes of waiting; each sender gets its own slot gate, as separate instances
// would, sharing only Firestore. Outbox and slot collections are the test's own (no trigger watches them).

const SMTP_URL = process.env.MAILDEV_SMTP_URL ?? 'smtp://127.0.0.1:1025';
const config = { smtpUrl: SMTP_URL, from: 'shop@example.com' };
const LIMIT = 3;

function world() {
  const outbox = uniq('paced-outbox');
  const slots = uniq('paced-slots');
  // 10 s into a minute, so the first round does not straddle two minutes.
  const clock = { ms: (Math.floor(Date.now() / MINUTE_MS) + 1) * MINUTE_MS + 10_000 };
  const gate = () => mailSlots(LIMIT, { now: () => clock.ms, collection: slots });
  return { outbox, slots, clock, gate };
}

async function writeMails(outbox: string, to: string, n: number) {
  const ids = Array.from({ length: n }, (_, i) => `m${i}`);
  await Promise.all(ids.map((id) => adminDb().collection(outbox).doc(id).set({ to, message: { subject: `限速 ${to} ${id}`, text: id, html: `<p>${id}</p>` } })));
  return ids;
}

/** Every mail arrived exactly once; the slots show at most LIMIT a minute; every document says SUCCESS with one attempt. */
async function expectEachSentOnce(w: ReturnType<typeof world>, to: string, ids: string[]) {
  let inbox = await mailsTo(to);
  for (let i = 0; inbox.length < ids.length && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    inbox = await mailsTo(to);
  }
  await new Promise((r) => setTimeout(r, 300));
  inbox = await mailsTo(to);
  expect(inbox.map((m) => m.subject).sort()).toEqual(ids.map((id) => `限速 ${to} ${id}`).sort());

  const slots = (await adminDb().collection(w.slots).get()).docs.map((d) => d.data() as { mailId: string; minute: number });
  expect(slots.map((s) => s.mailId).sort()).toEqual([...ids].sort());
  const perMinute = new Map<number, number>();
  for (const s of slots) perMinute.set(s.minute, (perMinute.get(s.minute) ?? 0) + 1);
  expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(LIMIT);
  expect(perMinute.size).toBeGreaterThanOrEqual(Math.ceil(ids.length / LIMIT));

  for (const id of ids) {
    expect((await adminDb().collection(w.outbox).doc(id).get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 1, notBefore: null });
  }
}

describe('mail pacing', () => {
  it('sends 8 mails at 3 a minute from 8 concurrent senders: each exactly once, never more than 3 in a minute', async () => {
    const w = world();
    const to = `${uniq('paced')}@example.com`;
    const ids = await writeMails(w.outbox, to, 8);
    // Waiting moves the shared clock to the waiter's time instead of sleeping.
    const sleepUntil = async (ms: number) => {
      w.clock.ms = Math.max(w.clock.ms, ms);
    };
    const outcomes = await Promise.all(
      ids.map(async (id) => sendPaced(await mailDelivery(id, w.outbox), config, await w.gate(), { waitBudgetMs: 10 * MINUTE_MS, sleepUntil })),
    );
    expect(outcomes).toEqual(ids.map(() => 'sent'));
    await expectEachSentOnce(w, to, ids);
  });

  it('leaves the mails it has no slot for PENDING when its wait runs out, and the drains send them in later minutes', async () => {
    const w = world();
    const to = `${uniq('drained')}@example.com`;
    const ids = await writeMails(w.outbox, to, 7);
    const firstMinute = Math.floor(w.clock.ms / MINUTE_MS);
    const outcomes = await Promise.all(ids.map(async (id) => sendPaced(await mailDelivery(id, w.outbox), config, await w.gate(), { waitBudgetMs: 0 })));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(LIMIT);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(ids.length - LIMIT);
    const queued = ids.filter((_, i) => outcomes[i] === 'queued');
    for (const id of queued) {
      const d = (await adminDb().collection(w.outbox).doc(id).get()).get('delivery') as Record<string, unknown>;
      // Not an attempt, not an error: waiting for the next minute.
      expect(d).toMatchObject({ state: 'PENDING', attempts: 0, leaseExpireTime: null });
      expect((d.notBefore as Timestamp).toMillis()).toBe((firstMinute + 1) * MINUTE_MS);
    }

    // Nothing is due before its minute.
    expect(await drainMail(config, await w.gate(), { max: 50, collection: w.outbox })).toMatchObject({ sent: 0, queued: 0 });
    // The next minute: two drains at once (the schedule and a trigger) send 3 between them, nothing twice.
    w.clock.ms = (firstMinute + 1) * MINUTE_MS + 5_000;
    const [a, b] = await Promise.all([0, 1].map(async () => drainMail(config, await w.gate(), { max: 50, collection: w.outbox })));
    expect(a!.sent + b!.sent).toBe(LIMIT);
    // And the one left goes the minute after.
    w.clock.ms += MINUTE_MS;
    expect(await drainMail(config, await w.gate(), { max: 50, collection: w.outbox })).toMatchObject({ sent: 1, queued: 0 });
    expect(await drainMail(config, await w.gate(), { max: 50, collection: w.outbox })).toMatchObject({ sent: 0 });
    await expectEachSentOnce(w, to, ids);
  });

  it('drains a mail whose sender died mid-send once its lease has run out', async () => {
    const w = world();
    const to = `${uniq('orphan')}@example.com`;
    const ref = adminDb().collection(w.outbox).doc('m0');
    await ref.set({
      to,
      message: { subject: `限速 ${to} m0`, text: 'x', html: '<p>x</p>' },
      delivery: { state: 'PROCESSING', attempts: 1, leaseOwner: 'dead', leaseExpireTime: Timestamp.fromMillis(Date.now() - 1000) },
    });
    expect(await drainMail(config, await w.gate(), { max: 50, collection: w.outbox })).toMatchObject({ sent: 1 });
    expect((await ref.get()).get('delivery')).toMatchObject({ state: 'SUCCESS', attempts: 2 });
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual([`限速 ${to} m0`]);
  });
});
