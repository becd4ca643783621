import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@verdant/local-stack/testing';

const appDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One stack for the whole run: builds the app and its page renderer into a directory of this run's
 * own (so the journeys test the current code, and parallel runs never serve each other's
 * half-written builds), starts a throw-away stack with the demo seed serving that build, and hands
 * its URLs and keys to the workers through the environment. The returned function stops the stack.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), 'verdant-platform-e2e-'));
  const outDir = path.join(work, 'dist');
  const serverDir = path.join(work, 'dist-server');
  const vite = path.join(appDir, '../../node_modules/vite/bin/vite.js');
  const build = (...args: string[]) =>
    execFileSync(process.execPath, [vite, 'build', ...args, '--logLevel', 'warn'], {
      cwd: appDir,
      stdio: 'inherit',
    });
  build('--outDir', outDir, '--emptyOutDir');
  // The renderer the web server draws /@{username} and /s/{slug} with, as `npm start` has it.
  build('--ssr', 'src/entry-server.tsx', '--outDir', serverDir, '--emptyOutDir');
  const stack = await startTestStack({
    webRoot: outDir,
    pageRenderer: path.join(serverDir, 'entry-server.mjs'),
    // Every journey signs in (and many sign up) from this one address, hundreds of times in a run:
    // the per-address limits on /token (150 per 5 minutes, as config.toml sets it) and on sign-ins
    // and sign-ups (30 per 5 minutes) are for people, not for the suite, and once reached they
    // failed whichever login came next. The local stack's own tests check the limits themselves.
    env: { VERDANT_AUTH_RATE_LIMIT_TOKEN: '3000/300', VERDANT_AUTH_RATE_LIMIT_SIGNUP: '3000/300' },
  });
  process.env.VERDANT_E2E_WEB_URL = stack.webUrl;
  process.env.VERDANT_E2E_API_URL = stack.apiUrl;
  process.env.VERDANT_E2E_ANON_KEY = stack.anonKey;
  process.env.VERDANT_E2E_SERVICE_KEY = stack.serviceRoleKey;
  process.env.VERDANT_E2E_DB_URL = stack.dbUrl;
  return async () => {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  };
}
