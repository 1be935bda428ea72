import { mailIdOf, paymentReminderOf, publicOrder, REMINDER_LEAD_MS } from '../../domain/order';
import { queueMailOnce } from '../../data/mail';
import { listUnpaidDueBetween } from '../../data/orders';
import { shopSettings } from '../../data/settings';
import { unsubscribedAmong } from '../../data/subscriptions';
import { renderOrderMail } from '../../mail/order-mails';

// The payment reminder (issue 27; docs/group-buying.md, "Reminders: payment"): a day before the sweep
// (./order-status.ts sweepUnpaidOrders) would cancel an unpaid order, its buyer is mailed the amount,
// the bank details, the deadline and the lookup link. Which order gets one is the order's domain's call
// (functions/src/domain/order.ts paymentReminderOf); this finds the orders and writes the mails.

/**
 * @public run by the `remindUnpaidOrders` schedule (functions/src/index.ts) and by the tests with their
 * own clock. Mails every order whose deadline falls within the next 24 h of `now` its reminder, once
 * (the mail's id is fixed and created only once, whichever process runs it, however often), never to
 * an address that unsubscribed from the shop's mail.
 */
export async function remindUnpaidOrders(now: Date = new Date()): Promise<{ reminded: string[]; unsubscribed: number }> {
  const nowIso = now.toISOString();
  const docs = await listUnpaidDueBetween(nowIso, new Date(now.getTime() + REMINDER_LEAD_MS).toISOString());
  const due = docs.flatMap((doc) => {
    const mail = paymentReminderOf(doc, now);
    return mail ? [{ doc, mail }] : [];
  });
  if (!due.length) return { reminded: [], unsubscribed: 0 };
  const [settings, unsubscribed] = await Promise.all([shopSettings(), unsubscribedAmong(due.map((d) => d.doc.email))]);
  const reminded: string[] = [];
  let skipped = 0;
  for (const { doc, mail } of due) {
    if (unsubscribed.has(doc.email.toLowerCase())) {
      skipped++;
      continue;
    }
    if (await queueMailOnce(mailIdOf(doc, mail), renderOrderMail(mail, publicOrder(doc), settings), 'payment-reminder', nowIso)) reminded.push(doc.orderId);
  }
  return { reminded, unsubscribed: skipped };
}
