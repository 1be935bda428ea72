// Stoplight Prism's validating proxy in front of Hosting: every response the fuzzer provokes is checked
// against functions/openapi.json by a tool nobody here wrote.
//
// Run as `prism proxy --errors --validate-request=false`: requests are forwarded as they are (hostile
// ones included: validating them is the API's job, and with request validation on, Prism would answer
// them itself without asking the API), and a response that breaks the document is replaced by Prism's
// own 500 `application/problem+json` naming the violations, which the fuzzer's "no 5xx" check catches.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(__dirname, '..', '..');
export const SPEC_FILE = path.join(ROOT, 'functions', 'openapi.json');

/**
 * A path that only the proxy's copy of the document has. Its only declared answer needs a field the
 * API's 404 body lacks, so a request to it must come back as Prism's violation: proof that the
 * validation really runs (a checker that cannot fail checks nothing).
 */
export const CANARY_PATH = '/api/fuzz-canary';

export interface Prism {
  url: string;
  stop: () => void;
  log: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrism(upstream: string, { timeoutMs = 180_000 } = {}): Promise<Prism> {
  const doc = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as { paths: Record<string, unknown> };
  doc.paths[CANARY_PATH] = {
    get: {
      operationId: 'fuzzCanary',
      responses: {
        '404': {
          description: 'never what the API answers',
          content: { 'application/json': { schema: { type: 'object', required: ['neverThere'], properties: { neverThere: { type: 'string' } } } } },
        },
      },
    },
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'prism-'));
  const specCopy = path.join(dir, 'openapi.json');
  writeFileSync(specCopy, JSON.stringify(doc));
  const port = await freePort();
  const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
  const args = [cli, 'proxy', specCopy, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors', '--validate-request=false', '--cors=false', '--verboseLevel', 'warn'];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/api/openapi.json`, { signal: AbortSignal.timeout(2000) });
      return { url, stop, log: () => output };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  stop();
  throw new Error(`prism did not start within ${timeoutMs} ms:\n${output}`);
}
