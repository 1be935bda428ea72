import { readFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '../../config';
import type { HealthAnswer } from '../../contracts/health';
import { pingFirestore } from '../../data/health';

/** An uptime check every minute from a few places stays well under this; a flood reads Firestore at most once per window. */
const CHECK_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 3_000;

// functions/package.json is deployed with the source; src/api/health/ and lib/api/health/ both sit three
// levels below functions/.
let version: string | undefined;
function appVersion(): string {
  version ??= config().appVersion || (JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string }).version || 'unknown';
  return version;
}

// This instance's last check (each instance checks its own way to Firestore; nothing shared to keep).
let last: { at: number; answer: Promise<HealthAnswer> } | undefined;

/** The health answer; rejects (a 503 for the error handler) when Firestore does not answer in time. */
export function health(now = Date.now()): Promise<HealthAnswer> {
  if (last && now - last.at < CHECK_EVERY_MS) return last.answer;
  const answer = pingFirestore(PING_TIMEOUT_MS).then((latencyMs): HealthAnswer => ({
    status: 'ok',
    version: appVersion(),
    revision: config().revision,
    firestore: { reachable: true, latencyMs },
    checkedAt: new Date(now).toISOString(),
  }));
  last = { at: now, answer };
  // A failure is not remembered: the next check tries again.
  answer.catch(() => {
    if (last?.answer === answer) last = undefined;
  });
  return answer;
}
