// Requests/s and p99 of one catalogue route through the full middleware stack (the plain Node server
// over the Firestore emulator) next to a bare Express app answering the same JSON, same machine, same run.
import autocannon from 'autocannon';
import express from 'express';
import { once } from 'node:events';
import { startApiServer } from './lib.mjs';

export const title = 'API throughput: GET /api/products/simple, full stack vs bare Express (autocannon)';

const CONNECTIONS = 50;
const DURATION = 8;

const blast = (url) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 }).then((r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));

export async function run(say) {
  const api = await startApiServer();
  try {
    const body = await (await fetch(`${api.url}/api/products/simple`)).json();
    const bare = express();
    bare.get('/api/products/simple', (_req, res) => res.json(body));
    const server = bare.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const bareUrl = `http://127.0.0.1:${server.address().port}/api/products/simple`;

    await blast(`${api.url}/api/products/simple`); // warm-up
    const full = await blast(`${api.url}/api/products/simple`);
    const plain = await blast(bareUrl);
    server.close();
    const row = (name, r) =>
      say(`   ${name.padEnd(14)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);
    say(`   ${CONNECTIONS} connections, ${DURATION} s each`);
    row('full stack', full);
    row('bare Express', plain);
    say(`   ratio full/bare: ${(full.rps / plain.rps).toFixed(2)}x   (aim >= 0.5x with p99 <= 20 ms)`);
  } finally {
    api.stop();
  }
}
