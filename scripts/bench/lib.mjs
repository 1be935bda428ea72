import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort() {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  srv.close();
  return port;
}

/** Starts the plain Node server entry (functions/lib/server.js) against the emulators. */
async function startApiServer(extraEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'functions/lib/server.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('listening') && resolve());
    child.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** autocannon against one URL: 50 connections for `duration` seconds; the figures the benches print. */
export async function blast(url, duration = 8) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, connections: BLAST_CONNECTIONS, duration, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}
const BLAST_CONNECTIONS = 50;

/** A bare Express app answering `body` at `path`: the floor the full stack is compared with. */
async function bareTwin(path, body) {
  const { default: express } = await import('express');
  const bare = express();
  bare.get(path, (_req, res) => res.json(body));
  const server = bare.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}${path}`, close: () => server.close() };
}

/** Runs `fn` with the plain Node API server up (startApiServer), and stops the server after. */
export async function withApiServer(fn) {
  const api = await startApiServer();
  try {
    return await fn(api);
  } finally {
    api.stop();
  }
}

/**
 * One route of the API server blasted through the full stack (after a warm-up of `warmUp` seconds) and
 * then through a bare Express twin answering the same JSON, `duration` seconds each: the comparison of
 * 20-api.mjs and 21-catalogue.mjs, printed as the settings line, a row each (named after `label`) and
 * the ratio. Returns the row printer, for the rows a bench adds under them.
 */
export async function sayFullVsBare(say, apiUrl, path, { duration, warmUp, label = '' }) {
  const { body, full, plain, ratio } = await fullVsBare(apiUrl, path, { duration, warmUp });
  const row = blastRow(say, `${label}bare Express`.length + 2);
  say(`   ${BLAST_CONNECTIONS} connections, ${duration} s each, ${JSON.stringify(body).length} B body`);
  row(`${label}full stack`, full);
  row(`${label}bare Express`, plain);
  say(ratio);
  return row;
}

async function fullVsBare(apiUrl, path, { duration, warmUp }) {
  const body = await (await fetch(`${apiUrl}${path}`)).json();
  const bare = await bareTwin(path, body);
  try {
    await blast(`${apiUrl}${path}`, warmUp);
    const full = await blast(`${apiUrl}${path}`, duration);
    const plain = await blast(bare.url, duration);
    const ratio = `   ratio full/bare: ${(full.rps / plain.rps).toFixed(2)}x   (aim >= 0.5x with p99 <= 20 ms)`;
    return { body, full, plain, ratio };
  } finally {
    bare.close();
  }
}

/** One line of a throughput table. */
const blastRow = (say, width) => (name, r) =>
  say(`   ${name.padEnd(width)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`);

/**
 * A tool only a bench uses (Lighthouse and its Chrome launcher), installed on first use into
 * .cache/bench-tools at the pinned version rather than by `npm ci`: with its puppeteer and trace tooling
 * it is about a hundred packages that every install (CI's included) unpacked for a bench that CI never
 * runs. Returns the module to import.
 */
export async function benchTool(name, version) {
  const { createRequire } = await import('node:module');
  const { existsSync, readFileSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const dir = path.join(ROOT, '.cache', 'bench-tools');
  const manifest = path.join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).version !== version) {
    console.log(`installing ${name}@${version} into .cache/bench-tools (once)`);
    const child = spawn('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${name}@${version}`], { stdio: 'inherit' });
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`npm install ${name}@${version} failed (exit ${code})`);
  }
  return import(pathToFileURL(createRequire(path.join(dir, 'package.json')).resolve(name)).href);
}
