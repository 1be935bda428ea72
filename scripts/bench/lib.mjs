import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBalancer } from '../lib/balancer.mjs';
import { stackDir } from '../lib/firebase-env.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort() {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  srv.close();
  return port;
}

/**
 * Starts the plain Node server entry (functions/lib/server.js) against the emulators. The child has an IPC
 * channel to this process and exits when it closes, so a bench that dies (even by SIGKILL) leaves no server
 * behind; stop() resolves once it has exited. `onLine` receives its stdout lines (its logs, when not silent).
 */
async function startApiServer(extraEnv = {}, { onLine } = {}) {
  const port = await freePort();
  const server = pathToFileURL(path.join(ROOT, 'functions/lib/server.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', `process.on('disconnect', () => process.exit(0)); await import(${JSON.stringify(server)});`], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let rest = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('listening')) resolve();
        onLine?.(line);
      }
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** The allocator's batches (their log lines, functions/src/allocator/stock-allocator.ts) in one line. */
function allocatorSummary(batches) {
  if (!batches.length) return 'no allocator batch logged';
  const sum = (f) => batches.reduce((n, b) => n + (b[f] ?? 0), 0);
  const max = (f) => Math.max(...batches.map((b) => b[f] ?? 0));
  const mean = (f) => Math.round(sum(f) / batches.length);
  return `${batches.length} allocator batches: requests mean ${(sum('requests') / batches.length).toFixed(1)} max ${max('requests')}; read ${mean('readMs')} ms mean (max ${max('readMs')}), commit ${mean('commitMs')} ms mean (max ${max('commitMs')}); oldest request queued ${mean('oldestQueuedMs')} ms mean (max ${max('oldestQueuedMs')}); redos ${sum('redos')}`;
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
    await api.stop();
  }
}

/** Instances of the production-like path (BENCH_INSTANCES, default 3): api's minInstances for a launch is 3–5 (docs/orders.md). */
const INSTANCES = Number(process.env.BENCH_INSTANCES) || 3;
/** Requests one instance serves at once: api's `concurrency` (functions/src/index.ts). */
const CONCURRENCY = 80;

/**
 * Runs `fn` against the production-like path: INSTANCES plain Node processes of the API (the same app and
 * environment the Functions emulator gives it, plus the Cloud Run service's name; the Firestore triggers
 * still run in the Functions emulator, on the writes whoever makes them) behind scripts/lib/balancer.mjs
 * at concurrency 80 each. Everything it started is stopped after, whatever `fn` does.
 * `fn` receives { url, label, stats() (the balancer's), allocatorSummary() }. With BENCH_LOGS=1 the
 * instances log as in production, into .cache/stack-<offset>/bench-instances.log, and allocatorSummary()
 * sums up their 'allocator batch' lines since its last call (null without).
 */
export async function withProductionLike(fn, { instances = INSTANCES } = {}) {
  const batches = [];
  const log = process.env.BENCH_LOGS ? createWriteStream(path.join(stackDir(), 'bench-instances.log'), { flags: 'a' }) : null;
  const onLine = log
    ? (line) => {
        log.write(`${line}\n`);
        if (!line.includes('allocator batch')) return;
        try {
          batches.push(JSON.parse(line));
        } catch {
          // not one of the logger's JSON lines
        }
      }
    : undefined;
  // Cloud Run names the service and revision (functions/src/config.ts); not the emulator, so no FUNCTIONS_EMULATOR.
  const env = { K_SERVICE: 'api', K_REVISION: 'bench-production-like', ...(log ? { LOG_LEVEL: '' } : {}) };
  const started = await Promise.allSettled(Array.from({ length: instances }, () => startApiServer(env, { onLine })));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  let balancer;
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await startBalancer(servers.map((s) => s.url), { concurrency: CONCURRENCY });
    const label = `${instances} Node processes at concurrency ${CONCURRENCY} behind a balancer`;
    return await fn({ url: balancer.url, label, stats: balancer.stats, allocatorSummary: () => (log ? allocatorSummary(batches.splice(0)) : null) });
  } finally {
    await balancer?.close();
    await Promise.all(servers.map((s) => s.stop()));
    log?.end();
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
 * it is about a hundred and twenty packages (some 100 MB) in every install, CI's included, for a bench
 * that CI never runs. (CI's `npm ci` took 202 s with them and without: its time is the rest.)
 * Returns the module to import.
 */
export async function benchTool(name, version) {
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
