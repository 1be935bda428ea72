// Setup file of the API project: apps built in-process by one test file count their rate limits
// under their own namespace, so test files running side by side (and the Functions emulator's own
// counters) never use up each other's limits. Production uses the empty namespace.
// The API projects' files share one module graph per worker (vitest.config.ts, isolate: false), so the
// configuration parsed for the file before is forgotten: this file's namespace is read afresh.
import { randomUUID } from 'node:crypto';
import { forgetConfig } from '../../functions/src/config';

process.env.RATE_LIMIT_NAMESPACE = `test-${randomUUID()}`;
forgetConfig();
