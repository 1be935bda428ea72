import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contracts': fileURLToPath(new URL('./functions/src/contracts', import.meta.url)),
  '@domain': fileURLToPath(new URL('./functions/src/domain', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/helpers/rate-limit-namespace.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
