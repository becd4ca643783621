// `npm test`: runs every workspace's tests (the apps' browser journeys are their `test:e2e` task),
// type checks, lint and package checks through Turborepo, then prints one closing line that sums
// the test counts every runner reported ("N passed, N failed, N skipped").
import { spawn } from 'node:child_process';
import { ensureDependencies } from './dependencies.mjs';

ensureDependencies('npm test');

const args = [
  'turbo',
  'run',
  'test',
  'test:e2e',
  'typecheck',
  'lint',
  'format:check',
  'check:package',
  '--output-logs=full',
  '--concurrency=2',
  ...process.argv.slice(2),
];
const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });

// Colour codes are stripped before the summary lines are read.
// eslint-disable-next-line no-control-regex
const ansi = /\u001b\[[0-9;]*m/g;
const totals = { passed: 0, failed: 0, skipped: 0 };
let pending = '';

function count(line) {
  // Playwright's summary lines, e.g. "  12 passed (1.2m)", "  1 failed", "  2 skipped",
  // "  4 did not run" (after a failure in a serial group), behind turbo's "<package>:<task>: ".
  const playwright = line
    .replace(ansi, '')
    .match(/^(?:\S+:\s)?\s+(\d+) (passed|failed|skipped|flaky|did not run)(?: \(.*\))?\s*$/);
  if (playwright) {
    const kind = { flaky: 'passed', 'did not run': 'skipped' }[playwright[2]] ?? playwright[2];
    totals[kind] += Number(playwright[1]);
    return;
  }
  // Vitest's summary line, e.g. "Tests  2 failed | 40 passed | 1 skipped (43)".
  const summary = line.replace(ansi, '').match(/^\S*:?\s*Tests\s+(.*)\(\d+\)\s*$/);
  if (!summary) return;
  for (const part of summary[1].split('|')) {
    const m = part.trim().match(/^(\d+) (passed|failed|skipped|todo)$/);
    if (m) totals[m[2] === 'todo' ? 'skipped' : m[2]] += Number(m[1]);
  }
}

child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  lines.forEach(count);
});

child.on('close', (code) => {
  count(pending);
  process.stdout.write(
    `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
  );
  process.exit(code ?? 1);
});
