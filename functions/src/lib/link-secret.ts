import { randomBytes } from 'node:crypto';

let ephemeral: string | undefined;

/**
 * The key that signs the shop's links (newsletter unsubscribe, stock alerts, organiser links):
 * UNSUBSCRIBE_SECRET, from Secret Manager when deployed and from functions/.secret.local on the emulator.
 * Deployed without it, signing fails loudly. Elsewhere with none set (the plain server, in-process tests),
 * a random key for this process: its links verify only here, and no key is written in the code, so none
 * ships in the build (npm run deploy:check looks for the development value).
 */
export function linkSecret(): string {
  const value = process.env.UNSUBSCRIBE_SECRET;
  if (value) return value;
  if (process.env.K_SERVICE && process.env.FUNCTIONS_EMULATOR !== 'true') throw new Error('UNSUBSCRIBE_SECRET is not set');
  ephemeral ??= randomBytes(32).toString('base64url');
  return ephemeral;
}
