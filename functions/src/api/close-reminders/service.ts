import { CLOSE_REMINDER_LEAD_MS, type CloseReminderAnswer } from '../../contracts/close-reminders';
import { ERROR_KEYS } from '../../contracts/errors';
import { isPlanOpen } from '../../contracts/group-buying';
import { cancelReminder, listWaitingReminders, putWaitingReminder, spendReminder } from '../../data/close-reminders';
import { getPlan, listPlansClosingBetween } from '../../data/plans';
import { shopSettings } from '../../data/settings';
import { unsubscribedAmong } from '../../data/subscriptions';
import { conflict, notFound } from '../../lib/failure';
import { logger } from '../../lib/logger';
import { cancelBySignUpToken, newSignUpNonce, signSignUpToken, signUpId } from '../../lib/sign-up-token';
import { closeReminderMail, reminderConfirmationMail } from './mail';

// 「截止前提醒我」 (docs/group-buying.md, "Reminders: before the campaign closes"): one reminder per email
// and campaign (functions/src/data/close-reminders.ts keeps them). The scheduled job (functions/src/index.ts,
// sendCloseReminders) mails each waiting one once, 24 h before its campaign closes.

export const reminderId = (planId: string, email: string) => signUpId(planId, email);

/** A cancel link works until a day after the campaign closes (after that there is nothing to cancel). */
const LINK_DAYS_AFTER_CLOSE = 1;

/** The cancel link's token, bound to this registration (nonce) until it expires (lib/sign-up-token.ts). */
export const signReminderToken = (id: string, nonce: string, expiresAt: Date): string => signSignUpToken('close-reminder', id, nonce, expiresAt);

const tokenFor = (id: string, nonce: string, closingDate: string) => signReminderToken(id, nonce, new Date(Date.parse(closingDate) + LINK_DAYS_AFTER_CLOSE * 86_400_000));

/**
 * POST /api/closeReminders: only on an open campaign (launched, not closed: 409 PLAN_CLOSED once closed,
 * 404 for an unknown or unlaunched one). A new sign-up writes the reminder and its confirmation (with
 * the cancel link) in one transaction; the same email again changes nothing and sends nothing; both are
 * answered alike, so the answer never tells whether an address had signed up. An address that
 * unsubscribed from the shop's mails gets no confirmation (and the job sends it no reminder).
 */
export async function createCloseReminder(planId: string, email: string, now = new Date()): Promise<CloseReminderAnswer> {
  const normalized = email.trim().toLowerCase();
  const plan = await getPlan(planId);
  if (!plan?.launched || plan.archived) throw notFound(`No plan ${planId}`);
  if (!isPlanOpen(plan, now)) throw conflict(ERROR_KEYS.planClosed, `${planId} has closed`);
  const [settings, unsubscribed] = await Promise.all([shopSettings(), unsubscribedAmong([normalized]).then((s) => s.size > 0)]);
  const id = reminderId(planId, normalized);
  const nonce = newSignUpNonce();
  const campaign = { planId, title: plan.title, closingDate: plan.closingDate };
  await putWaitingReminder(
    id,
    { planId, email: normalized, status: 'waiting', createdAt: now.toISOString(), nonce },
    unsubscribed ? null : () => reminderConfirmationMail(normalized, campaign, settings, tokenFor(id, nonce, plan.closingDate)),
  );
  return { planId, status: 'waiting' };
}

/** POST /api/closeReminders/cancel: the registration the link was made for, while the link lasts. */
export async function cancelCloseReminder(token: string, now = new Date()): Promise<CloseReminderAnswer> {
  const r = await cancelBySignUpToken('close-reminder', token, now, '活動已截止，這個提醒已不會再寄出', cancelReminder, 'No such reminder');
  return { planId: r.planId, status: r.status };
}

/**
 * The scheduled job: for every launched, unarchived campaign closing within the next 24 h (after `now`,
 * at or before now + 24 h), one mail per waiting reminder, each spent in the transaction that writes its
 * mail (a second run, or a second instance, sends nothing more). An address that unsubscribed from the
 * shop's mails is sent nothing (its reminder is cancelled). A campaign that closed, was unlaunched or
 * archived is passed over.
 */
export async function sendCloseReminders(now: Date = new Date()): Promise<{ plans: number; sent: number; skipped: number }> {
  const plans = (await listPlansClosingBetween(now.toISOString(), new Date(now.getTime() + CLOSE_REMINDER_LEAD_MS).toISOString())).filter((p) => p.launched && !p.archived);
  let sent = 0;
  let skipped = 0;
  if (!plans.length) return { plans: 0, sent, skipped };
  const settings = await shopSettings();
  for (const plan of plans) {
    const campaign = { planId: plan.planId, title: plan.title, closingDate: plan.closingDate };
    const waiting = await listWaitingReminders(plan.planId);
    const off = await unsubscribedAmong(waiting.map((r) => r.email));
    for (const r of waiting) {
      try {
        const unsubscribed = off.has(r.email.toLowerCase());
        const done = await spendReminder(r.id, now.toISOString(), unsubscribed ? null : (doc) => closeReminderMail(doc.email, campaign, settings, tokenFor(r.id, doc.nonce, plan.closingDate)));
        if (done) sent++;
        else if (unsubscribed) skipped++;
      } catch (err) {
        // One reminder's failure stays waiting for the next run; the others go on.
        logger.error('close reminders: one reminder failed', { err: String(err), reminderId: r.id });
      }
    }
  }
  return { plans: plans.length, sent, skipped };
}
