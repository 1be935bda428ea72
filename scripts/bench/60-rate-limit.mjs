// What a Firestore-counted rate limit (functions/src/http/middleware/rate-limit.ts) adds to a request:
// the same tiny Express route with and without the limiter, against the Firestore emulator, one request
// at a time and 20 at once, for a client under its limit (read, increment, read) and one over it (one
// read). The emulator is not production Firestore: read the figures side by side, not as absolutes.
import express from 'express';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const title = 'Rate limit cost: a route with the Firestore-counted limiter vs without (sequential and 20 concurrent)';

const require = createRequire(import.meta.url);
const N = 200;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function timed(url, headersOf, total, parallel) {
  const times = [];
  const statuses = new Map();
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      const res = await fetch(url, { headers: headersOf(i) });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { p50: pct(times, 50), p95: pct(times, 95), statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' ') };
}

export async function run(say) {
  const { rateLimit } = require(path.join(ROOT, 'functions/lib/http/middleware/rate-limit.js'));
  const { errorHandler } = require(path.join(ROOT, 'functions/lib/http/middleware/error-handler.js'));
  const app = express();
  app.set('trust proxy', 2);
  app.locals.rateLimits = { namespace: `bench-${Date.now()}`, scale: 1, clientAddress: { kind: 'forwarded', trustedHops: 2 }, timeoutMs: 3000 };
  const ok = (_req, res) => res.json({ ok: true });
  app.get('/plain', ok);
  app.get('/limited', rateLimit({ name: 'bench', windowMs: 15 * 60_000, limit: 10 }), ok);
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    // Every request from its own address: always under the limit. One address: over it after 10.
    const fresh = (tag) => (i) => ({ 'X-Forwarded-For': `10.${tag}.${(i >> 8) & 255}.${i & 255}` });
    const one = () => ({ 'X-Forwarded-For': '198.51.100.1' });
    await timed(`${base}/limited`, fresh(9), 20, 5); // warm-up (SDK, channel)
    const rows = [
      ['no limiter, sequential', await timed(`${base}/plain`, fresh(1), N, 1)],
      ['under limit, sequential', await timed(`${base}/limited`, fresh(2), N, 1)],
      ['over limit, sequential', await timed(`${base}/limited`, one, N, 1)],
      ['no limiter, 20 at once', await timed(`${base}/plain`, fresh(3), N, 20)],
      ['under limit, 20 at once', await timed(`${base}/limited`, fresh(4), N, 20)],
      ['over limit, 20 at once', await timed(`${base}/limited`, one, N, 20)],
    ];
    say(`   ${N} requests each; latency in ms`);
    for (const [name, r] of rows) say(`   ${name.padEnd(24)} p50 ${r.p50.toFixed(1).padStart(6)}   p95 ${r.p95.toFixed(1).padStart(6)}   ${r.statuses}`);
  } finally {
    server.close();
  }
}
