import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { createTransport, type Transporter } from 'nodemailer';
import { logger } from '../lib/logger';
import type { DeliveryState, MailDocument } from './mail-doc';

// Sends one document of `mail` (the "Trigger Email" extension's shape) and writes `delivery` back with
// the extension's field names, so the owner reads the same record whichever sender runs.
//
// Firestore triggers arrive at least once and several instances (or emulator workers) may run the same
// event, so a sender first CLAIMS the document in a transaction: it may take it only if nobody has
// (no `delivery`, PENDING or RETRY), or if the holder's lease has run out (a crashed instance). The
// claim names its owner; every later write checks the owner still holds it. A failed send is retried
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

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

// One transport per SMTP address and instance: it holds a configuration, not shared truth.
const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = createTransport(url, {});
    t.set('connectionTimeout', 10_000);
    transports.set(url, t);
  }
  return t;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface StoredDelivery {
  state: DeliveryState;
  attempts?: number;
  startTime?: Timestamp;
  leaseExpireTime?: Timestamp | null;
  leaseOwner?: string;
  error?: string | null;
}

interface Claimed {
  mail: MailDocument;
  attempt: number;
}

/** Takes the document for this owner, or says why not. */
async function claim(ref: DocumentReference, owner: string): Promise<Claimed | null> {
  return ref.firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const data = snap.data() as MailDocument & { delivery?: StoredDelivery };
    const d = data.delivery;
    const now = Timestamp.now();
    const free =
      !d ||
      d.state === 'PENDING' ||
      d.state === 'RETRY' ||
      (d.state === 'PROCESSING' && (d.leaseOwner === owner || !d.leaseExpireTime || d.leaseExpireTime.toMillis() <= now.toMillis()));
    if (!free) return null;
    // A manual RETRY starts a fresh round of attempts.
    const before = d?.state === 'RETRY' ? 0 : (d?.attempts ?? 0);
    if (before >= MAX_ATTEMPTS) {
      tx.update(ref, { 'delivery.state': 'ERROR', 'delivery.endTime': now, 'delivery.leaseExpireTime': null });
      return null;
    }
    tx.update(ref, {
      delivery: {
        state: 'PROCESSING',
        attempts: before + 1,
        startTime: d?.state === 'PROCESSING' && d.leaseOwner === owner && d.startTime ? d.startTime : now,
        endTime: null,
        leaseExpireTime: Timestamp.fromMillis(now.toMillis() + LEASE_MS),
        leaseOwner: owner,
        error: d?.error ?? null,
        info: null,
      },
    });
    return { mail: data, attempt: before + 1 };
  });
}

/** Writes the result of an attempt if this owner still holds the document. */
async function record(ref: DocumentReference, owner: string, fields: Record<string, unknown>): Promise<void> {
  await ref.firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if ((snap.get('delivery.leaseOwner') as string | undefined) !== owner) return;
    tx.update(ref, Object.fromEntries(Object.entries(fields).map(([k, v]) => [`delivery.${k}`, v])));
  });
}

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
 */
export async function deliverMail(ref: DocumentReference, config: SenderConfig): Promise<DeliveryOutcome> {
  const owner = randomUUID();
  const backoff = config.backoffMs ?? DEFAULT_BACKOFF_MS;
  for (;;) {
    const claimed = await claim(ref, owner);
    if (!claimed) return 'skipped';
    const { mail, attempt } = claimed;
    const invalid = invalidMail(mail, config.from);
    if (invalid) {
      await record(ref, owner, { state: 'ERROR', error: invalid, endTime: FieldValue.serverTimestamp(), leaseExpireTime: null });
      logger.warn('mail not sendable', { mailId: ref.id, error: invalid });
      return 'failed';
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
      await record(ref, owner, {
        state: 'SUCCESS',
        endTime: FieldValue.serverTimestamp(),
        leaseExpireTime: null,
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
      logger.warn(last ? 'mail failed, giving up' : 'mail failed, retrying', { mailId: ref.id, attempt, error });
      await record(
        ref,
        owner,
        last
          ? { state: 'ERROR', error, endTime: FieldValue.serverTimestamp(), leaseExpireTime: null }
          : // Still held during the backoff, so a redelivered event does not send in parallel.
            { error, leaseExpireTime: Timestamp.fromMillis(Date.now() + wait + LEASE_MS) },
      );
      if (last) return 'failed';
      await sleep(wait);
    }
  }
}
