import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@verdant/local-stack/testing';

const appDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One stack for the whole run: builds the app (so the tests see the current code), starts a
 * throw-away stack with the demo seed whose web server serves that build (the one-sheet paths and
 * the PDFs), and hands its URLs and keys to the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.ONE_SHEETS_E2E_SKIP_BUILD !== '1') {
    execFileSync(
      process.execPath,
      [path.join(appDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: appDir, stdio: 'inherit' },
    );
  }
  const stack = await startTestStack();
  process.env.ONE_SHEETS_E2E_WEB_URL = stack.webUrl;
  process.env.ONE_SHEETS_E2E_API_URL = stack.apiUrl;
  process.env.ONE_SHEETS_E2E_SERVICE_KEY = stack.serviceRoleKey;
  return async () => {
    await stack.stop();
  };
}
