import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contracts': fileURLToPath(new URL('./functions/src/contracts', import.meta.url)),
  '@domain': fileURLToPath(new URL('./functions/src/domain', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/** The API test files that run alone, before the others (see the `api-alone` project). */
const API_ALONE = ['tests/api/owner-inbox.test.ts', 'tests/api/order-facts-migration.test.ts', 'tests/api/legacy-import.test.ts', 'tests/api/burst.test.ts', 'tests/api/allocator.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['functions/src/**/__tests__/**/*.test.ts', 'web/src/**/__tests__/**/*.test.{ts,tsx}', 'scripts/**/__tests__/**/*.test.ts', 'seed/**/__tests__/**/*.test.ts'],
          environment: 'node',
          // Mail links need the shop's address (functions/src/lib/site-url.ts has no built-in one).
          env: { SITE_URL: 'https://shop.example.test' },
          // One module graph per worker, not per file: the unit files are pure functions over their inputs
          // (no module-level state between files), and re-importing zod, the contracts and React for each of
          // 47 files was most of the suite's time (CI: 85 s, of which tests 15 s and imports 31 s; without
          // isolation 19 s on the same machine, user CPU 31 -> 11 s, which the lint and typecheck beside it get).
          isolate: false,
        },
      },
      // The API suite in two groups, one after the other (scripts/emulator-suites.mjs runs both in one vitest run). Its files
      // spend most of their time waiting on the emulators, so one at a time (vitest's default on CI's two
      // cores) left the machine half idle: `api` runs three files at once. Its files keep to their own
      // books, plans, buyers and rate-limit clients, and check shop-wide figures on days of their own.
      // `api-alone` after them, one file at a time: the files that change what every other file reads (the
      // shop's settings), read or rewrite every order in the database, expect old orders to stay as
      // imported (the unpaid sweeps of orders.test.ts and pay-after.test.ts cancel every overdue order,
      // the legacy import's June 2025 ones included), or load the machine with dozens of Functions
      // workers (the bursts, whose exactness and timings must not share the machine), or need their own
      // process to be the allocator that commits (allocator.test.ts replaces the commit to make its outcome
      // unknown; another file's buyers, placed through the emulator meanwhile, could drain its requests).
      {
        resolve: { alias },
        test: {
          name: 'api-alone',
          include: API_ALONE,
          setupFiles: ['tests/helpers/rate-limit-namespace.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // As in `api` below: one module graph for the group (each file here re-imported the app, 3-5 s apiece).
          isolate: false,
          sequence: { groupOrder: 1 },
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_ALONE,
          setupFiles: ['tests/helpers/rate-limit-namespace.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 3,
          // One module graph per worker, not per file: each file imported firebase-admin, Express, zod and the
          // whole app again, 86-112 s of CPU per run (vitest's "import"), on a machine whose two cores the
          // emulators need. What the files share is what one function instance shares between its requests
          // (the Admin SDK, the caches with their time limits); the rate-limit namespace, the one setting a
          // file sets itself, is read afresh for each (tests/helpers/rate-limit-namespace.ts).
          isolate: false,
          sequence: { groupOrder: 0 },
          env: { LOG_LEVEL: 'silent' },
        },
      },
      {
        resolve: { alias },
        // Alone after the api suite: it proves that nothing was written, so no other test may write meanwhile.
        test: { name: 'hostile', include: ['tests/hostile/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 60_000, env: { LOG_LEVEL: 'silent' } },
      },
      {
        resolve: { alias },
        // Alone after the api suite: its load (about 2,000 requests through Prism) stays out of the
        // other suites' timings, and no other test writes what it fingerprints (tests/fuzz/).
        test: { name: 'fuzz', include: ['tests/fuzz/**/*.test.ts'], testTimeout: 900_000, hookTimeout: 300_000, env: { LOG_LEVEL: 'silent' } },
      },
      {
        resolve: { alias },
        // Last, alone: it freezes this run's Firestore emulator (tests/faults/firestore-outage.test.ts).
        test: { name: 'faults', include: ['tests/faults/**/*.test.ts'], testTimeout: 240_000, hookTimeout: 60_000, fileParallelism: false, env: { LOG_LEVEL: 'silent' } },
      },
      {
        resolve: { alias },
        test: { name: 'rules', include: ['tests/rules/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
      },
    ],
  },
});
