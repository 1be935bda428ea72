// The book page's API calls through the full middleware stack (the plain Node server over the
// Firestore emulator), next to a bare Express app answering the same JSON in the same run:
// the catalogue detail route (served from the in-memory catalogue) and the stock route (always a
// Firestore read, so it is measured on its own).
import autocannon from 'autocannon';
import express from 'express';
import { once } from 'node:events';
import { startApiServer } from './lib.mjs';

export const title = 'Catalogue API: GET /api/products/detail/{id} vs bare Express, and GET /api/stock/{id} (autocannon)';

const CONNECTIONS = 50;
const DURATION = 8;
const BOOK = 'company-registration-guide';

const blast = (url, duration = DURATION) =>
  autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }).then((r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  }));

export async function run(say) {
  const api = await startApiServer();
  try {
    const detailPath = `/api/products/detail/${BOOK}`;
    const body = await (await fetch(`${api.url}${detailPath}`)).json();
    const bare = express();
    bare.get(detailPath, (_req, res) => res.json(body));
    const server = bare.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const bareUrl = `http://127.0.0.1:${server.address().port}${detailPath}`;

    await blast(`${api.url}${detailPath}`, 3); // warm-up
    const full = await blast(`${api.url}${detailPath}`);
    const plain = await blast(bareUrl);
    server.close();
    const stock = await blast(`${api.url}/api/stock/${BOOK}`);
    const row = (name, r) =>
      say(`   ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);
    say(`   ${CONNECTIONS} connections, ${DURATION} s each, ${JSON.stringify(body).length} B body`);
    row('detail, full stack', full);
    row('detail, bare Express', plain);
    say(`   ratio full/bare: ${(full.rps / plain.rps).toFixed(2)}x   (aim >= 0.5x with p99 <= 20 ms)`);
    row('stock, full stack', stock);
    say('   (stock is never cached: overlapping requests share one Firestore read; the emulator bounds it)');
  } finally {
    api.stop();
  }
}
