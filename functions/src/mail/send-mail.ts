import { randomUUID } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { logger } from '../lib/logger';
import type { MailDelivery } from '../data/mail';
import type { SlotGate } from '../data/mail-slots';
import type { MailDocument } from './mail-doc';

// Sends one document of `mail` (the "Trigger Email" extension's shape) and writes `delivery` back with
// the extension's field names, so the owner reads the same record whichever sender runs.
//
// Firestore triggers arrive at least once and several instances (or emulator workers) may run the same
// event, so a sender first CLAIMS the document in a transaction (functions/src/data/mail.ts): it may
// take it only if nobody has (no `delivery`, PENDING or RETRY), or if the holder's lease has run out (a
// crashed instance). The claim names its owner; every later write checks the owner still holds it. A failed send is retried
// in the same invocation with a short backoff, each attempt counted; after MAX_ATTEMPTS the document
// ends in ERROR with the last error. Nothing here touches the order: the mail was written with it.

export const MAX_ATTEMPTS = 3;
/** Long enough for one SMTP exchange with its timeouts; a holder past it is presumed dead. */
export const LEASE_MS = 60_000;

export interface SenderConfig {
  /** smtp(s)://user:pass@host:port, the extension's SMTP_CONNECTION_URI. */
  smtpUrl: string;
  from: string;
  replyTo?: string;
  /** Wait before attempt 2, 3, ... */
  backoffMs?: number[];
}

const DEFAULT_BACKOFF_MS = [2_000, 6_000];
/** Open SMTP connections per instance and address (nodemailer's default); providers cap them per account. */
const POOL_CONNECTIONS = 5;

/** `queued`: no sending slot was free this minute; the mail is PENDING until the next (mail/pacing.ts). */
export type DeliveryOutcome = 'sent' | 'failed' | 'skipped' | 'queued';

// One transport per SMTP address and instance: it holds a configuration and open connections, not
// shared truth. Pooled: a mail goes over a connection already open and greeted (and, with a provider,
// already through TLS and AUTH) instead of a new one each. Unpooled, every mail paid the connection's
// setup: ~100 ms against MailDev, so the Firestore emulator's one-at-a-time trigger delivery took
// 135 ms per sendMail and the launch's mails trailed its last order by minutes (docs/mail.md, "One
// connection per instance"). A pooled connection the server closed while idle is dropped by the pool;
// one that fails mid-send fails that attempt, which deliverMail retries below.
const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = createTransport({ url, pool: true, maxConnections: POOL_CONNECTIONS, connectionTimeout: 10_000 });
    transports.set(url, t);
  }
  return t;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Why a document cannot be sent at all (retrying would not help), or null. */
export function invalidMail(mail: Partial<MailDocument>, defaultFrom = ''): string | null {
  if (!mail.from && !defaultFrom) return 'No sender: set MAIL_FROM or the shop\'s contact email (settings/shop)';
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  if (!to.length || to.some((a) => typeof a !== 'string' || !a.trim())) return 'The document has no recipient in `to`';
  if (!mail.message || typeof mail.message.subject !== 'string' || !mail.message.subject) return 'The document has no `message.subject`';
  if (!mail.message.html && !mail.message.text) return 'The document has neither `message.html` nor `message.text`';
  return null;
}

/**
 * Delivers the mail document at `ref` once, whatever number of invocations race for it.
 * Resolves with what this invocation did; never throws for a failed send (it is recorded instead).
 * With a `gate` (the provider's per-minute limit), each attempt first takes a sending slot of the
 * current minute; when none is left the mail goes back to PENDING, its attempt given back, with the
 * next minute as `delivery.notBefore`, and the answer is `queued`: never ERROR for want of a slot.
 */
export async function deliverMail(ref: MailDelivery, config: SenderConfig, gate?: SlotGate): Promise<DeliveryOutcome> {
  const owner = randomUUID();
  const backoff = config.backoffMs ?? DEFAULT_BACKOFF_MS;
  for (;;) {
    const claimed = await ref.claim(owner, MAX_ATTEMPTS, LEASE_MS);
    if (!claimed) return 'skipped';
    const { mail, attempt } = claimed;
    const invalid = invalidMail(mail, config.from);
    if (invalid) {
      await ref.record(owner, { state: 'ERROR', error: invalid, ended: true, leaseUntilMs: null });
      logger.error('mail not sendable', { mailId: ref.id, error: invalid, delivery: 'ERROR' });
      return 'failed';
    }
    if (gate) {
      const slot = await gate.take(ref.id);
      if ('fullUntilMs' in slot) {
        await ref.record(owner, { state: 'PENDING', attempts: attempt - 1, leaseUntilMs: null, notBeforeMs: slot.fullUntilMs });
        return 'queued';
      }
    }
    try {
      const info = await transportFor(config.smtpUrl).sendMail({
        from: mail.from ?? config.from,
        replyTo: mail.replyTo ?? config.replyTo,
        to: mail.to,
        subject: mail.message.subject,
        text: mail.message.text,
        html: mail.message.html,
        headers: mail.headers,
      });
      await ref.record(owner, {
        state: 'SUCCESS',
        ended: true,
        leaseUntilMs: null,
        error: null,
        info: {
          messageId: info.messageId ?? null,
          accepted: (info.accepted ?? []).map(String),
          rejected: (info.rejected ?? []).map(String),
          response: info.response ?? null,
        },
      });
      return 'sent';
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const last = attempt >= MAX_ATTEMPTS;
      const wait = backoff[Math.min(attempt - 1, backoff.length - 1)] ?? 0;
      // A mail left in ERROR is an ERROR line (the alert in docs/operations.md matches it); a retry a warning.
      (last ? logger.error : logger.warn)(last ? 'mail failed, giving up' : 'mail failed, retrying', { mailId: ref.id, attempt, error, delivery: last ? 'ERROR' : 'RETRY' });
      await ref.record(
        owner,
        last
          ? { state: 'ERROR', error, ended: true, leaseUntilMs: null }
          : // Still held during the backoff, so a redelivered event does not send in parallel.
            { error, leaseUntilMs: Date.now() + wait + LEASE_MS },
      );
      if (last) return 'failed';
      await sleep(wait);
    }
  }
}
