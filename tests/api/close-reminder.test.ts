import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { reminderId, sendCloseReminders, signReminderToken } from '../../functions/src/api/close-reminders/service';
import { adminDb, uniq } from '../helpers/emulators';
import { app, doc, fixtureBook, type OwnerClient, ownerSession, planInput } from '../helpers/owner-fixtures';
import { expectCatalogueBody } from '../helpers/catalogue-body';
import { mailsTo, waitForMail } from '../../web/e2e/support/inbox';

// 「截止前提醒我」 (issue 27): an email on an open campaign, a confirmation with the signed cancel link, and
// one reminder mail 24 h before the campaign closes (the job's clock injected), never twice, never to an
// address that unsubscribed from the shop's mails, never after the cancel link was used.

let c: OwnerClient;
beforeAll(async () => ({ c } = await ownerSession()));

const HOUR = 3_600_000;
const signUp = (planId: string, email: string) => request(app).post('/api/closeReminders').send({ planId, email });
const reminderMails = async (to: string) => (await adminDb().collection('mail').where('to', '==', to).get()).docs.filter((d) => d.id.startsWith('closeReminder-'));

async function openPlan(extra: Record<string, unknown> = {}) {
  const book = await fixtureBook(c, 5);
  const planId = uniq('rplan');
  const closingDate = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
  expect((await c.post('/plans', planInput(planId, [{ productId: book, groupPrice: 500 }], { closingDate, ...extra }))).status).toBe(201);
  return { planId, closing: Date.parse(closingDate) };
}

describe('close reminders', () => {
  it('signs up once, mails the reminder at 23 h before and not at 25 h, once when run twice, and it reaches MailDev', async () => {
    const { planId, closing } = await openPlan();
    const email = `${uniq('remind')}@example.com`.toLowerCase();
    const first = await signUp(planId, email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ planId, status: 'waiting' });
    expect((await signUp(planId, email.toUpperCase())).body).toEqual(first.body);
    const confirm = await waitForMail(email, ['截止前提醒']);
    expect(confirm.html).toContain('/closeReminder/cancel?token=');

    await sendCloseReminders(new Date(closing - 25 * HOUR));
    expect(await reminderMails(email)).toHaveLength(0);
    await sendCloseReminders(new Date(closing - 23 * HOUR));
    await sendCloseReminders(new Date(closing - 22 * HOUR));
    const sent = await reminderMails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data().message.text).toContain(`/ezbuy/${planId}`);
    expect(sent[0]!.data().message.text).toContain('台灣時間');
    expect((await doc(`closeReminders/${reminderId(planId, email)}`))!.status).toBe('sent');
    const mail = await waitForMail(email, ['即將截止']);
    expect(mail.html).toContain('/closeReminder/cancel?token=');
    expect((await mailsTo(email)).filter((m) => m.subject.includes('即將截止'))).toHaveLength(1);
  });

  it('sends nothing after the cancel link, to an unsubscribed address, or for an unlaunched campaign; refuses closed ones', async () => {
    const { planId, closing } = await openPlan();
    const cancelled = `${uniq('rcancel')}@example.com`.toLowerCase();
    const unsubscribed = `${uniq('runsub')}@example.com`.toLowerCase();
    await signUp(planId, cancelled);
    const id = reminderId(planId, cancelled);
    const token = signReminderToken(id, (await doc(`closeReminders/${id}`))!.nonce as string, new Date(closing + 24 * HOUR));
    const forged = await request(app).post('/api/closeReminders/cancel').send({ token: token.replace(/\.(.)/, (_m, ch: string) => `.${ch === 'A' ? 'B' : 'A'}`) });
    expectCatalogueBody(forged.body, 400, 'Bad Request');
    const ok = await request(app).post('/api/closeReminders/cancel').send({ token });
    expect(ok.body).toEqual({ planId, status: 'cancelled' });

    const now = new Date().toISOString();
    await adminDb().doc(`subscriptions/${unsubscribed}`).set({ email: unsubscribed, status: 'unsubscribed', version: 1, subscribedAt: now, unsubscribedAt: now, updatedAt: now });
    expect((await signUp(planId, unsubscribed)).status).toBe(200);

    const hidden = await openPlan();
    const hiddenEmail = `${uniq('rhidden')}@example.com`.toLowerCase();
    await signUp(hidden.planId, hiddenEmail);
    expect((await c.patch(`/plans/${hidden.planId}/launch`, { launched: false })).status).toBe(200);

    await sendCloseReminders(new Date(closing - 23 * HOUR));
    await sendCloseReminders(new Date(hidden.closing - 23 * HOUR));
    expect(await reminderMails(cancelled)).toHaveLength(0);
    expect(await reminderMails(unsubscribed)).toHaveLength(0);
    expect(await reminderMails(hiddenEmail)).toHaveLength(0);
    // The unsubscribed address got no confirmation either.
    expect((await adminDb().collection('mail').where('to', '==', unsubscribed).get()).size).toBe(0);

    expectCatalogueBody((await signUp(hidden.planId, 'x@example.com')).body, 404, 'Not Found, No record found');
    await adminDb().doc(`groupBuyingPlans/${planId}`).update({ closingDate: new Date(Date.now() - HOUR).toISOString() });
    expectCatalogueBody((await signUp(planId, 'y@example.com')).body, 409, 'PLAN_CLOSED');
    expectCatalogueBody((await signUp(planId, 'not-an-email')).body, 400, 'Bad Request');
  });
});
