// `npm run chromatic`: publishes the Storybook to Chromatic for cloud visual review. Runs only when
// CHROMATIC_PROJECT_TOKEN is set; without it, it says so and exits successfully (the committed
// screenshot baselines in packages/ui/__screenshots__ still guard visuals in `npm test`).
// Extra arguments are passed through, e.g. `npm run chromatic -- --only-changed`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.info('Chromatic skipped: CHROMATIC_PROJECT_TOKEN is not set.');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const args = [
  'chromatic',
  '--build-script-name',
  'build-storybook',
  '--exit-zero-on-changes',
  ...process.argv.slice(2),
];
// The token travels in the environment, never on the command line.
const child = spawn('npx', ['--no-install', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
