// Requests/s and p99 of one catalogue route through the full middleware stack (the plain Node server
// over the Firestore emulator) next to a bare Express app answering the same JSON, same machine, same run.
import { sayFullVsBare, withApiServer } from './lib.mjs';

export const title = 'API throughput: GET /api/products/simple, full stack vs bare Express (autocannon)';

const DURATION = 8;
const PATH = '/api/products/simple';

export async function run(say) {
  await withApiServer((api) => sayFullVsBare(say, api.url, PATH, { duration: DURATION, warmUp: DURATION }));
}
