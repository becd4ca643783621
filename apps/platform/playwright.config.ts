import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../config/chromium.mjs';

/**
 * End-to-end journeys in Debian's Chromium (never downloaded) against one throw-away stack per
 * run, started in globalSetup and serving the freshly built app. Each journey makes its own
 * accounts or uses the seed's demo accounts, and the specs run one after another on one worker.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  // One worker: journeys share the seed's demo accounts, and signing out (scope "global", as
  // supabase-js does by default) in one journey would end another journey's session.
  workers: 1,
  // One retry, reported as "flaky" in the summary: on a busy 2-core CI machine a page can miss a
  // timeout for reasons of load alone. A test that fails twice fails the run.
  retries: 1,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // The browser's own user agent: the session fingerprint (spec §4) is checked on reload, and an
    // emulated agent is not applied while a page unloads.
    viewport: { width: 1280, height: 800 },
    baseURL: process.env.VERDANT_E2E_WEB_URL,
    launchOptions: chromiumLaunchOptions,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
