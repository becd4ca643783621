import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../../config/chromium.mjs';

/**
 * The one-sheets app in Debian's Chromium (never downloaded) against one throw-away stack per run,
 * started in globalSetup with the demo seed and serving the freshly built app. Screenshot
 * baselines live next to the specs (`tests/__screenshots__/`); `npm run test:update -w
 * @verdant/one-sheets` rewrites them.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // One retry, reported as "flaky" in the summary: on a busy 2-core CI machine a page can miss a
  // timeout for reasons of load alone. A test that fails twice fails the run.
  retries: 1,
  forbidOnly: true,
  timeout: 90_000,
  expect: {
    timeout: 15_000,
    toHaveScreenshot: { maxDiffPixels: 50, animations: 'disabled', caret: 'hide' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.ONE_SHEETS_E2E_WEB_URL,
    launchOptions: chromiumLaunchOptions,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
