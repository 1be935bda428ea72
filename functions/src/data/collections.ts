// The collections the triggers in functions/src/index.ts listen to. Constants only, with no imports, so
// that naming them costs a cold start nothing; the repositories (data/orders.ts, data/mail.ts) use them too.

export const ORDERS = 'orders';
export const MAIL = 'mail';
/** Sending slots of the mail pacing, one document per mail sent in a minute (data/mail-slots.ts). */
export const MAIL_SLOTS = 'mailSlots';

/**
 * Documents that carry an expiry field which Firestore's TTL policies delete (the emulator ignores TTL).
 * firestore.indexes.json must declare one policy for each; npm run deploy:check compares the two.
 */
export const TTL_POLICIES = [
  { collection: 'allocResults', field: 'expireAt' }, // allocator/stock-allocator.ts: results kept for late readers
  { collection: 'rateLimits', field: 'expiresAt' }, // data/rate-limits.ts: counters of past windows
  { collection: 'statsEvents', field: 'expireAt' }, // data/stats.ts: markers of counted trigger events
  { collection: 'mailSlots', field: 'expireAt' }, // data/mail-slots.ts: sending slots of past minutes
  { collection: 'lineLogins', field: 'expireAt' }, // data/line.ts: LINE logins started and never finished
] as const;
