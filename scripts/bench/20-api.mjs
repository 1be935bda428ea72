// Requests/s and p99 of one catalogue route through the full middleware stack (the plain Node server
// over the Firestore emulator) next to a bare Express app answering the same JSON, same machine, same run.
import { bareTwin, blast, BLAST_CONNECTIONS, blastRow, startApiServer } from './lib.mjs';

export const title = 'API throughput: GET /api/products/simple, full stack vs bare Express (autocannon)';

const DURATION = 8;
const PATH = '/api/products/simple';

export async function run(say) {
  const api = await startApiServer();
  try {
    const bare = await bareTwin(PATH, await (await fetch(`${api.url}${PATH}`)).json());
    await blast(`${api.url}${PATH}`, DURATION); // warm-up
    const full = await blast(`${api.url}${PATH}`, DURATION);
    const plain = await blast(bare.url, DURATION);
    bare.close();
    const row = blastRow(say, 14);
    say(`   ${BLAST_CONNECTIONS} connections, ${DURATION} s each`);
    row('full stack', full);
    row('bare Express', plain);
    say(`   ratio full/bare: ${(full.rps / plain.rps).toFixed(2)}x   (aim >= 0.5x with p99 <= 20 ms)`);
  } finally {
    api.stop();
  }
}
