// Requests/s and p99 of one catalogue route through the full middleware stack (the plain Node server
// over the Firestore emulator) next to a bare Express app answering the same JSON, same machine, same run.
import { BLAST_CONNECTIONS, blastRow, fullVsBare, startApiServer } from './lib.mjs';

export const title = 'API throughput: GET /api/products/simple, full stack vs bare Express (autocannon)';

const DURATION = 8;
const PATH = '/api/products/simple';

export async function run(say) {
  const api = await startApiServer();
  try {
    const { full, plain, ratio } = await fullVsBare(api.url, PATH, { duration: DURATION, warmUp: DURATION });
    const row = blastRow(say, 14);
    say(`   ${BLAST_CONNECTIONS} connections, ${DURATION} s each`);
    row('full stack', full);
    row('bare Express', plain);
    say(ratio);
  } finally {
    api.stop();
  }
}
