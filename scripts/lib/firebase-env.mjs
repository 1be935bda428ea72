// Shared by every script that runs the Firebase CLI: offline Firestore emulator wrapper,
// the Java check, optional port offsets and a helper to spawn the CLI.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineEnv } from './line-stand-in.mjs';
import { maildevEnv } from './maildev.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-bookstore';
export const REGION = 'asia-east1';

const BASE_PORTS = { hosting: 5000, functions: 5001, firestore: 8080, auth: 9099, hub: 4400, logging: 4500, eventarc: 9299, tasks: 9499 };
const PREINSTALLED_JARS = [
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
];
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** Exits with one clear line when Java is missing or too old for the emulators. */
export function requireJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    console.error('error: Java 17+ is required for the Firebase emulators but `java` was not found on the PATH (Debian: apt-get install openjdk-17-jre-headless).');
    process.exit(1);
  }
  const m = /version "(\d+)/.exec(r.stderr || r.stdout || '');
  if (m && Number(m[1]) < 11) {
    console.error(`error: Java 17+ is required for the Firebase emulators; found Java ${m[1]}.`);
    process.exit(1);
  }
}

/**
 * The Cloud SDK's Firestore emulator JAR has no Main-Class, and firebase-tools starts the emulator
 * with `java -jar`. A manifest-only wrapper JAR pointing at the real one makes it start offline.
 * Elsewhere (no preinstalled JAR) firebase-tools downloads its own as usual.
 */
export function firestoreEmulatorEnv() {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return {};
  const real = PREINSTALLED_JARS.find((p) => existsSync(p));
  if (!real) return {};
  const dir = path.join(ROOT, '.cache');
  const wrapper = path.join(dir, 'firestore-emulator-wrapper.jar');
  const manifest = path.join(dir, 'firestore-emulator-manifest.txt');
  const content = `Main-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: ${new URL(`file://${real}`).href}\n`;
  const stale = !existsSync(wrapper) || !existsSync(manifest) || readFileSync(manifest, 'utf8') !== content;
  if (stale) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(manifest, content);
    execFileSync('jar', ['cfm', wrapper, manifest], { cwd: dir, stdio: 'inherit' });
  }
  return { FIRESTORE_EMULATOR_BINARY_PATH: wrapper };
}

/**
 * Ports, shifted by EMULATOR_PORT_OFFSET so that several checkouts can run their emulators at once.
 * Use multiples of 1000 (1000, 2000, ...): smaller offsets collide with the hub and logging ports.
 */
export function ports() {
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  return Object.fromEntries(Object.entries(BASE_PORTS).map(([k, v]) => [k, safePort(v + offset)]));
}

// Ports that browsers and Node's fetch refuse to connect to (the Fetch standard's "bad ports"), e.g.
// 6000 (X11) for hosting at offset 1000 and 10080 for Firestore at offset 2000: moved up by 2.
const BAD_PORTS = new Set([6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
function safePort(port) {
  return BAD_PORTS.has(port) ? port + 2 : port;
}

/**
 * Returns the CLI's --config arguments: a generated copy of the committed firebase.json beside it
 * (gitignored) with the ports shifted by the offset, its own hosting folder if asked, and the
 * emulators' addresses added to the Content-Security-Policy. The committed policy is production's and
 * names no emulator; the browser talks to the Auth and Firestore emulators only here.
 */
export function configArgs({ hostingPublic, functionsSource } = {}) {
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  const cfg = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  if (functionsSource) cfg.functions[0].source = path.relative(ROOT, functionsSource);
  const p = ports();
  for (const [name, port] of Object.entries(p)) {
    if (cfg.emulators[name]) cfg.emulators[name].port = port;
  }
  if (hostingPublic) cfg.hosting.public = hostingPublic;
  for (const rule of cfg.hosting.headers ?? []) {
    for (const h of rule.headers) {
      if (h.key === 'Content-Security-Policy') h.value = emulatorCsp(h.value, p);
    }
  }
  const file = path.join(ROOT, `firebase.offset-${offset}.json`);
  writeFileSync(file, JSON.stringify(cfg, null, 2));
  return ['--config', file];
}

/** Production's policy plus the Auth and Firestore emulators (REST, WebChannel and the sign-in iframe). */
export function emulatorCsp(policy, p = ports()) {
  const add = { 'connect-src': [`http://127.0.0.1:${p.auth}`, `http://127.0.0.1:${p.firestore}`, `ws://127.0.0.1:${p.firestore}`], 'frame-src': [`http://127.0.0.1:${p.auth}`] };
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const name = d.split(/\s+/)[0];
      return add[name] ? `${d} ${add[name].join(' ')}` : d;
    })
    .join('; ');
}

/**
 * The Functions emulator's development secrets (functions/.secret.local), for the processes beside it
 * (in-process tests, the plain server) so that a link one signs, the other verifies. The code holds no
 * fallback value (functions/src/lib/signer.ts).
 */
function devSecrets() {
  const file = path.join(ROOT, 'functions', '.secret.local');
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  return Object.fromEntries(
    ['UNSUBSCRIBE_SECRET', 'LINE_CHANNEL_SECRET'].flatMap((name) => {
      const m = new RegExp(`^${name}=(.+)$`, 'm').exec(text);
      return m ? [[name, m[1].trim()]] : [];
    }),
  );
}

/** Environment for the CLI and for processes that talk to the emulators. */
export function emulatorEnv(extra = {}) {
  const p = ports();
  return {
    ...process.env,
    ...devSecrets(),
    ...firestoreEmulatorEnv(),
    // The Functions emulator gives a new worker process this many seconds to load (default 30). The first
    // burst after start launches up to 50 workers at once on 2 cores, which can take minutes on a busy machine.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? "300",
    FIREBASE_PROJECT: PROJECT_ID,
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${p.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${p.auth}`,
    // The web build bakes in where its SDK finds the emulators (web/src/config/env.ts): without these a
    // build for an offset talks to the default ports, which the CSP blocks (console errors on live stock).
    VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${p.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${p.firestore}`,
    HOSTING_URL: `http://127.0.0.1:${p.hosting}`,
    FUNCTIONS_URL: `http://127.0.0.1:${p.functions}/${PROJECT_ID}/${REGION}/api`,
    ...maildevEnv(),
    // Sign in with LINE against the offline stand-in (scripts/lib/line-stand-in.mjs).
    ...lineEnv(),
    ...extra,
  };
}

export const FIREBASE_BIN = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

const offsetNow = () => Number(process.env.EMULATOR_PORT_OFFSET || 0);

/**
 * A stack's own directory, per offset: the CLI runs there, so its firebase-debug.log and the Firestore
 * emulator's firestore-debug.log are its own (the CLI deletes its log on a clean exit, and would delete
 * another stack's), and its TMPDIR holds the emulator hub's locator file (hub-<project>.json, otherwise
 * one file in /tmp shared by every stack of the project on the machine).
 */
export function stackDir() {
  const dir = path.join(ROOT, '.cache', `stack-${offsetNow()}`);
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  return dir;
}

/** Spawns the Firebase CLI with the offline-ready environment; resolves with its exit code. */
export function firebase(args, { env = emulatorEnv(), stdio = 'inherit' } = {}) {
  args = [...args];
  const at = args.indexOf('--import');
  if (at >= 0 && !path.isAbsolute(args[at + 1])) args[at + 1] = path.join(ROOT, args[at + 1]);
  if (args[0]?.startsWith('emulators:')) assertPortsFree(args);
  // emulators:exec runs its script in the CLI's directory: the scripts expect the repo's.
  if (args[0] === 'emulators:exec') args[args.length - 1] = `cd ${JSON.stringify(ROOT)} && ${args[args.length - 1]}`;
  const dir = stackDir();
  const child = spawn(process.execPath, [FIREBASE_BIN, ...args], { cwd: dir, env: { ...env, TMPDIR: path.join(dir, 'tmp') }, stdio });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, done };
}

/** Runs a command and resolves with its exit code. */
/** As run(), with stdout and stderr kept (interleaved, as a terminal would show them) instead of shown. */
export function runCaptured(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// --- One stack per build of the functions ---------------------------------------------------------

/**
 * Claims this checkout's functions build (functions/lib, or a dev stack's own) for this process, so a
 * second stack cannot rebuild and reload the first one's functions under it. Refuses with the other
 * stack's command and pid, and how to go on. Released when this process exits.
 */
export function claimStack(command, { lib = path.join(ROOT, 'functions', 'lib') } = {}) {
  const me = { pid: process.pid, command, offset: offsetNow(), lib };
  const dir = path.join(ROOT, '.cache');
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir).filter((n) => /^stack-\d+\.json$/.test(n))) {
    let other;
    try {
      other = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue;
    }
    if (other.pid === process.pid || !alive(other.pid)) continue;
    if (other.lib === lib || other.offset === me.offset) {
      console.error(
        `error: this checkout already runs a stack: \`${other.command}\` (pid ${other.pid}, EMULATOR_PORT_OFFSET=${other.offset}).\n` +
          `  ${other.lib === lib ? `Both would build and load the functions from ${path.relative(ROOT, lib)}, so each rebuild reloads the other's.` : 'Both would use the same ports.'}\n` +
          `  Stop it first (Ctrl-C in its terminal, or kill ${other.pid}), or run this one with another EMULATOR_PORT_OFFSET\n` +
          `  (npm run dev builds its own functions, so it can run beside npm start), or from another worktree (git worktree add ../second).`,
      );
      process.exit(1);
    }
  }
  const file = path.join(dir, `stack-${me.offset}.json`);
  writeFileSync(file, JSON.stringify(me));
  process.on('exit', () => {
    try {
      if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  });
}

/** The stacks running from this checkout (live pids only). */
export function runningStacks() {
  const dir = path.join(ROOT, '.cache');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => /^stack-\d+\.json$/.test(n))
    .flatMap((n) => {
      try {
        const s = JSON.parse(readFileSync(path.join(dir, n), 'utf8'));
        return s.pid !== process.pid && alive(s.pid) ? [s] : [];
      } catch {
        return [];
      }
    });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * A dev stack's own functions directory (.cache/stack-<offset>/functions): tsc --watch writes its lib/
 * there, beside a copy of functions/package.json and links to what the functions read from their
 * folder (node_modules, the emulator's .secret.local and .env files, openapi.json, the ssr renderer).
 * Modules resolve up to the repo's node_modules as from functions/.
 */
export function devFunctionsDir() {
  const dir = path.join(stackDir(), 'functions');
  mkdirSync(dir, { recursive: true });
  const src = path.join(ROOT, 'functions');
  copyFileSync(path.join(src, 'package.json'), path.join(dir, 'package.json'));
  const links = ['node_modules', 'openapi.json', 'ssr', ...readdirSync(src).filter((n) => /^\.(env|secret)/.test(n))];
  for (const name of links) {
    const target = path.join(src, name);
    const link = path.join(dir, name);
    let current;
    try {
      current = readlinkSync(link);
    } catch {
      current = undefined;
    }
    if (current === target) continue;
    rmSync(link, { recursive: true, force: true });
    symlinkSync(target, link);
  }
  return dir;
}

// --- Ports left taken by a hard stop ---------------------------------------------------------------

const ALWAYS = ['hub', 'logging'];

/**
 * Before the emulators start: a port already listened on (typically a Firestore emulator in its own
 * process group that outlived a hard stop) is named with the process holding it and how to stop it,
 * instead of the CLI's bare "port taken".
 */
function assertPortsFree(args) {
  const only = args[args.indexOf('--only') + 1] ?? '';
  const names = [...new Set([...only.split(','), ...ALWAYS, ...(only.includes('functions') ? ['eventarc', 'tasks'] : [])])];
  const p = ports();
  const taken = names.filter((n) => p[n]).map((n) => ({ name: n, port: p[n], holder: listenerOf(p[n]) })).filter((t) => t.holder !== null);
  if (!taken.length) return;
  for (const t of taken) {
    const h = t.holder;
    console.error(
      `error: port ${t.port} (${t.name} emulator) is taken` +
        (h.pid ? ` by pid ${h.pid} (process group ${h.pgid}): ${h.cmd.slice(0, 160)}` : ' (by a process of another user, or /proc does not say which)'),
    );
  }
  const pids = [...new Set(taken.map((t) => t.holder.pid).filter(Boolean))];
  const groups = [...new Set(taken.map((t) => t.holder.pgid).filter(Boolean))];
  console.error(
    '  Probably emulators left behind by a hard stop (the Firestore emulator runs in its own process group).\n' +
      (pids.length ? `  Stop them: kill ${pids.join(' ')}   (or the whole groups: ${groups.map((g) => `kill -- -${g}`).join('; ')})\n` : '') +
      '  Or run beside them with another offset: EMULATOR_PORT_OFFSET=1000 (a multiple of 1000).',
  );
  process.exit(1);
}

/** The process listening on 127.0.0.1/0.0.0.0:port, from /proc (Linux); null when the port is free. */
function listenerOf(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(f)) return null;
    for (const line of readFileSync(f, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex, st 0A is LISTEN, the inode is column 10.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (!inodes.size) return null;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1])) {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        const pgid = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[2];
        return { pid: Number(pid), pgid: Number(pgid), cmd };
      }
    }
  }
  return { pid: null, pgid: null, cmd: '' };
}
