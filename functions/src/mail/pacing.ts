import { randomInt } from 'node:crypto';
import { dueMails, mailDelivery, MAIL, type MailDelivery } from '../data/mail';
import { MINUTE_MS, type SlotGate } from '../data/mail-slots';
import { deliverMail, type DeliveryOutcome, type SenderConfig } from './send-mail';

// Pacing to the mail provider's per-minute limit (docs/mail.md, "Pacing"). The slots are shared truth in
// Firestore (data/mail-slots.ts); this file decides who waits and who drains. A mail that finds no slot
// is never dropped: it stays PENDING with `delivery.notBefore`, and is sent later by its own trigger
// (which waits for the next minute while its time allows) or by a drain: the `drainMailQueue` schedule,
// and every trigger that has just sent, so the queue moves with the traffic.

const sleepUntilReal = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms - Date.now())));

/** Spread over the first seconds of a minute, so the waiters of a full minute do not all knock at once. */
const JITTER_MS = 3_000;

/**
 * Sends the mail at `ref` within the limit, waiting minute after minute for a slot as long as
 * `waitBudgetMs` (on the gate's clock) allows; `queued` when it ran out first (the drain takes over).
 * `sleepUntil` is for tests that move an injected clock instead of waiting.
 */
export async function sendPaced(
  ref: MailDelivery,
  config: SenderConfig,
  gate: SlotGate,
  opts: { waitBudgetMs: number; sleepUntil?: (ms: number) => Promise<void> },
): Promise<DeliveryOutcome> {
  const deadline = gate.now() + opts.waitBudgetMs;
  const sleepUntil = opts.sleepUntil ?? sleepUntilReal;
  for (;;) {
    const outcome = await deliverMail(ref, config, gate);
    if (outcome !== 'queued') return outcome;
    const at = (Math.floor(gate.now() / MINUTE_MS) + 1) * MINUTE_MS + randomInt(JITTER_MS);
    if (at > deadline) return outcome;
    await sleepUntil(at);
  }
}

export type DrainCounts = Record<DeliveryOutcome, number>;

/**
 * Sends the mails that are due (data/mail.ts `dueMails`: PENDING past their `notBefore`, oldest first,
 * and PROCESSING past a dead holder's lease), `parallel` at a time, until the current minute's slots run
 * out. Safe to run from any number of places at once: each mail is claimed before it is sent.
 */
export async function drainMail(
  config: SenderConfig,
  gate: SlotGate | undefined,
  opts: { max: number; parallel?: number; collection?: string },
): Promise<DrainCounts> {
  const collection = opts.collection ?? MAIL;
  const ids = await dueMails(gate?.now() ?? Date.now(), opts.max, collection);
  const counts: DrainCounts = { sent: 0, failed: 0, skipped: 0, queued: 0 };
  let next = 0;
  let full = false;
  const worker = async () => {
    while (!full && next < ids.length) {
      const outcome = await deliverMail(await mailDelivery(ids[next++]!, collection), config, gate);
      counts[outcome]++;
      if (outcome === 'queued') full = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.parallel ?? 8, ids.length) }, worker));
  return counts;
}
