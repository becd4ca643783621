// `npm start`: builds what is stale (turbo caches the rest), then runs the local stack — Postgres,
// PostgREST, auth, storage, functions, the API gateway and the web server for the built apps —
// until Ctrl-C. Arguments are passed on (`npm start -- --reset` wipes the data directory first).
// Environment: VERDANT_DATA_DIR (.verdant), VERDANT_API_PORT (54321), VERDANT_WEB_PORT (3000),
// DATABASE_URL (use an external Postgres), VERDANT_PAYOUT_TIME (the daily payout run, HH:MM UTC;
// 06:00; `off` for none).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './dependencies.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    // Signals are passed on; the child stops cleanly and its exit ends this process.
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`npm start: could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

ensureDependencies('npm start');

/** Where each demo account lands after logging in. */
const LANDING = {
  affiliate: '/dashboard',
  merchant: '/dashboard-vendor',
  admin: '/admin',
  demo: '/demo-dashboard',
};

/**
 * Once the stack has written a fresh stack.json, prints where to click first: the web URL, then
 * one line per demo account with the page it lands on.
 */
function printWhereToClick(startedAt) {
  const dataDir = path.resolve(root, process.env.VERDANT_DATA_DIR || '.verdant');
  const info = path.join(dataDir, 'stack.json');
  const timer = setInterval(() => {
    if (!existsSync(info) || statSync(info).mtimeMs < startedAt) return;
    clearInterval(timer);
    let stack;
    try {
      stack = JSON.parse(readFileSync(info, 'utf8'));
    } catch {
      return;
    }
    const accounts = JSON.parse(
      readFileSync(path.join(root, 'supabase', 'seed', 'demo-accounts.json'), 'utf8'),
    );
    const width = Math.max(...accounts.map((a) => a.email.length));
    const lines = [
      '',
      `Where to click first: ${stack.webUrl}`,
      ...accounts.map(
        (a) =>
          `  ${a.email.padEnd(width)}  ${a.password.padEnd(16)}  ${a.role.padEnd(9)}  → ${stack.webUrl}${LANDING[a.role] ?? '/'}`,
      ),
      '',
    ];
    console.info(lines.join('\n'));
  }, 500);
  timer.unref();
}

const turbo = fileURLToPath(new URL('../node_modules/.bin/turbo', import.meta.url));
const built = await run(turbo, ['run', 'build', '--output-logs=errors-only']);
if (built !== 0) {
  console.error('npm start: the build failed (see above); fix it and run npm start again.');
  process.exit(built);
}

const cli = fileURLToPath(new URL('../packages/local-stack/dist/cli.js', import.meta.url));
printWhereToClick(Date.now());
process.exitCode = await run(process.execPath, [cli, 'start', ...process.argv.slice(2)]);
