// The book page's API calls through the full middleware stack (the plain Node server over the
// Firestore emulator), next to a bare Express app answering the same JSON in the same run:
// the catalogue detail route (served from the in-memory catalogue) and the stock route (always a
// Firestore read, so it is measured on its own).
import { blast, sayFullVsBare, withApiServer } from './lib.mjs';

export const title = 'Catalogue API: GET /api/products/detail/{id} vs bare Express, and GET /api/stock/{id} (autocannon)';

const DURATION = 8;
const BOOK = 'company-registration-guide';

export async function run(say) {
  await withApiServer(async (api) => {
    const row = await sayFullVsBare(say, api.url, `/api/products/detail/${BOOK}`, { duration: DURATION, warmUp: 3, label: 'detail, ' });
    row('stock, full stack', await blast(`${api.url}/api/stock/${BOOK}`, DURATION));
    say('   (stock is never cached: overlapping requests share one Firestore read; the emulator bounds it)');
  });
}
