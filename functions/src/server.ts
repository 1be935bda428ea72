// A plain Node server around the same app, against the emulators: for benchmarks and debugging.
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node lib/server.js
import type { AddressInfo } from 'node:net';
import { createApp } from './app';

process.env.GCLOUD_PROJECT ??= 'demo-bookstore';
const port = Number(process.env.PORT ?? 3000);
const server = createApp().listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address() as AddressInfo;
  process.stdout.write(`API listening on http://127.0.0.1:${actual}/api\n`);
});
server.keepAliveTimeout = 65_000;
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
