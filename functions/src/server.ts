// A plain Node server around the same app, against the emulators: for benchmarks and debugging.
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 node lib/server.js
// The project is GCLOUD_PROJECT's, by default the emulators' demo-bookstore (functions/src/config.ts).
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { config } from './config';

const server = createApp().listen(config().port, '127.0.0.1', () => {
  const { port: actual } = server.address() as AddressInfo;
  process.stdout.write(`API listening on http://127.0.0.1:${actual}/api\n`);
});
server.keepAliveTimeout = 65_000;
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => server.close(() => process.exit(0)));
