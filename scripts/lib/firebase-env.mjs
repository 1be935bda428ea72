// Shared by every script that runs the Firebase CLI: offline Firestore emulator wrapper,
// the Java check, optional port offsets and a helper to spawn the CLI.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
export function configArgs({ hostingPublic } = {}) {
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  const cfg = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
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
 * fallback value (functions/src/lib/link-secret.ts).
 */
function devSecrets() {
  const file = path.join(ROOT, 'functions', '.secret.local');
  if (!existsSync(file)) return {};
  const m = /^UNSUBSCRIBE_SECRET=(.+)$/m.exec(readFileSync(file, 'utf8'));
  return m ? { UNSUBSCRIBE_SECRET: m[1].trim() } : {};
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
    ...extra,
  };
}

export const FIREBASE_BIN = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** Spawns the Firebase CLI with the offline-ready environment; resolves with its exit code. */
export function firebase(args, { env = emulatorEnv(), stdio = 'inherit' } = {}) {
  const child = spawn(process.execPath, [FIREBASE_BIN, ...args], { cwd: ROOT, env, stdio });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, done };
}

/** Runs a command and resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
