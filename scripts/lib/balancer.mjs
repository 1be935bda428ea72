// A small HTTP balancer in front of several plain Node processes of the API (functions/lib/server.js),
// standing in for Cloud Run's front end in the benches (scripts/bench/lib.mjs withProductionLike): each
// request goes to the instance with the fewest requests in flight (round-robin among equals), never
// more than `concurrency` at once on one instance (the function's `concurrency: 80`, functions/src/index.ts);
// when every instance is full the request waits here, first come first served, as Cloud Run holds a
// request until an instance has room. Per request, not per connection: Node's `cluster` hands out
// connections, and a keep-alive connection (undici's, the benches' fetch) would carry all of its requests
// to one worker with no cap, which is not what Cloud Run does.
import http from 'node:http';
import { once } from 'node:events';

/**
 * The instance for the next request: the one with the fewest in flight under `cap`, the first such at or
 * after `from` (so equals take turns); -1 when every instance has `cap` in flight.
 */
export function pickInstance(inFlight, cap, from = 0) {
  let best = -1;
  for (let k = 0; k < inFlight.length; k++) {
    const i = (from + k) % inFlight.length;
    if (inFlight[i] < cap && (best < 0 || inFlight[i] < inFlight[best])) best = i;
  }
  return best;
}

/**
 * Listens on a free port of 127.0.0.1 and forwards every request to one of `targets` (base URLs).
 * Returns its url, `stats()` (per instance: served and the most in flight at once; the longest wait for
 * room) and `close()`.
 */
export async function startBalancer(targets, { concurrency = 80 } = {}) {
  const upstreams = targets.map((t) => new URL(t));
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true }));
  const inFlight = upstreams.map(() => 0);
  const served = upstreams.map(() => 0);
  const peak = upstreams.map(() => 0);
  const waiting = [];
  let next = 0;
  let longestWaitMs = 0;

  const acquire = () => {
    const i = pickInstance(inFlight, concurrency, next);
    if (i < 0) return null;
    next = (i + 1) % upstreams.length;
    inFlight[i]++;
    peak[i] = Math.max(peak[i], inFlight[i]);
    return i;
  };
  const release = (i) => {
    inFlight[i]--;
    served[i]++;
    while (waiting.length) {
      const j = acquire();
      if (j === null) break;
      waiting.shift()(j);
    }
  };

  const forward = (req, res, i) => {
    let released = false;
    const done = () => {
      if (!released) {
        released = true;
        release(i);
      }
    };
    const u = upstreams[i];
    // The front end adds the address it was connected from, as Google's does (functions/src/http/client-address.ts).
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const up = http.request({ host: u.hostname, port: u.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor }, agent: agents[i] }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    // Counted until the instance has answered, even when the buyer stopped waiting (Cloud Run does not
    // cancel a request its caller dropped either).
    up.on('close', done);
    up.on('error', (err) => {
      done();
      // An instance that died or cut the connection: the front end's own 502, which the benches count as a 5xx.
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`balancer: instance ${i} failed: ${err.code ?? err.message}`);
    });
    res.on('error', () => undefined);
    req.pipe(up);
  };

  const server = http.createServer((req, res) => {
    const i = acquire();
    if (i !== null) return forward(req, res, i);
    const queuedAt = performance.now();
    waiting.push((j) => {
      longestWaitMs = Math.max(longestWaitMs, performance.now() - queuedAt);
      forward(req, res, j);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats: () => ({ served: [...served], peakInFlight: [...peak], longestWaitMs }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      for (const a of agents) a.destroy();
    },
  };
}
