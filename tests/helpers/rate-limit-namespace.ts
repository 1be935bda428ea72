// Setup file of the API project: apps built in-process by one test file count their rate limits
// under their own namespace, so test files running side by side (and the Functions emulator's own
// counters) never use up each other's limits. Production uses the empty namespace.
import { randomUUID } from 'node:crypto';

process.env.RATE_LIMIT_NAMESPACE = `test-${randomUUID()}`;
