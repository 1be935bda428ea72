import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's chromium-headless-shell when it is installed (.ci/run installs it): the old headless mode, with
// no browser UI and no software-GPU process, it ran the axe pages about 15% faster than the full
// browser's headless mode on CI's two cores. Otherwise the full browser, which behaves the same here.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Browser journeys in Debian's Chromium (no browser download), against the Hosting emulator.
export default defineConfig({
  testDir: 'web/e2e',
  outputDir: 'test-output/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI, never silent: scripts/test.mjs names every test that passed only on its retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: process.env.HOSTING_URL ?? 'http://127.0.0.1:5000',
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    // In CI a failure is retried, and the retry records the trace: recording every test's (a screencast
    // and DOM snapshots at each action) cost CI's two cores minutes for traces that were thrown away.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
