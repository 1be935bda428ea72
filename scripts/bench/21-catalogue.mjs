// The book page's API calls through the full middleware stack (the plain Node server over the
// Firestore emulator), next to a bare Express app answering the same JSON in the same run:
// the catalogue detail route (served from the in-memory catalogue) and the stock route (always a
// Firestore read, so it is measured on its own).
import { blast, BLAST_CONNECTIONS, blastRow, fullVsBare, startApiServer } from './lib.mjs';

export const title = 'Catalogue API: GET /api/products/detail/{id} vs bare Express, and GET /api/stock/{id} (autocannon)';

const DURATION = 8;
const BOOK = 'company-registration-guide';

export async function run(say) {
  const api = await startApiServer();
  try {
    const { body, full, plain, ratio } = await fullVsBare(api.url, `/api/products/detail/${BOOK}`, { duration: DURATION, warmUp: 3 });
    const stock = await blast(`${api.url}/api/stock/${BOOK}`, DURATION);
    const row = blastRow(say, 22);
    say(`   ${BLAST_CONNECTIONS} connections, ${DURATION} s each, ${JSON.stringify(body).length} B body`);
    row('detail, full stack', full);
    row('detail, bare Express', plain);
    say(ratio);
    row('stock, full stack', stock);
    say('   (stock is never cached: overlapping requests share one Firestore read; the emulator bounds it)');
  } finally {
    api.stop();
  }
}
