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
export async function startApiServer(extraEnv = {}) {
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
