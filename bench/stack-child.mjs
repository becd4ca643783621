// The benchmarks' stack in a child process of its own, as `npm start` runs it: `script` is the
// benchmark's own file, which calls `serveStackChild` when given `--stack <dataDir>`: it starts
// the stack, prints one JSON line with what the benchmark needs (URLs, keys) and stops cleanly on
// SIGTERM. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the stack process there.
import { spawn } from 'node:child_process';

/** Starts `script --stack dataDir`; resolves with the child and the fields of its JSON line. */
export function startStackChild(script, dataDir) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      '--import',
      'tsx',
      '--conditions=source',
      new URL(script).pathname,
      '--stack',
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`stack exited with ${code}`)));
  });
}

/** Stops the child with SIGTERM (it stops its stack cleanly) and waits for it to exit. */
export async function stopStackChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * The child's side: starts a stack on `dataDir` (free ports, no log output, no seed and no
 * scheduled payout run unless `options` say otherwise), prints `pick(stack)` as one JSON line and
 * stops the stack on SIGTERM.
 */
export async function serveStackChild(dataDir, options, pick) {
  const { startStack } = await import('@verdant/local-stack');
  const stack = await startStack({
    apiPort: 0,
    webPort: 0,
    quiet: true,
    seed: false,
    payoutTime: false,
    ...options,
    dataDir,
  });
  process.stdout.write(`${JSON.stringify(pick(stack))}\n`);
  process.once('SIGTERM', () => {
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
