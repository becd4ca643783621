// The benchmarks' stack in a child process of its own, as `npm start` runs it: `script` is the
// benchmark's own file, which calls `serveStackChild` when given `--stack <dataDir>`: it starts
// the stack, prints one JSON line with what the benchmark needs (URLs, keys) and stops cleanly on
// SIGTERM. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the stack process there. `cpuPer`
// reports the CPU that the stack's processes (from /proc) and the benchmark spend per unit of work.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * CPU seconds used so far by the process `root` and its descendants, by command (node = the stack,
 * postgres, postgrest), from /proc; empty where there is no /proc.
 */
export function treeCpu(root) {
  const procs = [];
  const ticks = 100; // USER_HZ on Linux
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        const comm = stat.slice(stat.indexOf('(') + 1, close);
        const fields = stat.slice(close + 2).split(' ');
        procs.push({
          pid: Number(entry),
          comm,
          ppid: Number(fields[1]),
          cpu: Number(fields[11]) + Number(fields[12]),
        });
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return new Map();
  }
  const children = new Map();
  for (const proc of procs) children.set(proc.ppid, [...(children.get(proc.ppid) ?? []), proc]);
  const totals = new Map();
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      // By command: every Postgres process is "postgres", PostgREST's is "postgrest".
      totals.set(child.comm, (totals.get(child.comm) ?? 0) + child.cpu / ticks);
      visit(child.pid);
    }
  };
  const self = procs.find((proc) => proc.pid === root);
  if (self) totals.set('stack', self.cpu / ticks);
  visit(root);
  return totals;
}

/**
 * Runs `work` and adds `cpu`: the CPU microseconds each process of the stack (by command) and
 * this process (`ownLabel`) used per unit of work meanwhile, e.g. "stack 115, postgres 99, load
 * generator 57"; empty where there is no /proc.
 */
export async function cpuPer(rootPid, work, units, ownLabel) {
  const before = treeCpu(rootPid);
  const ownBefore = process.cpuUsage();
  const result = await work();
  const after = treeCpu(rootPid);
  const own = process.cpuUsage(ownBefore);
  if (after.size === 0) return { ...result, cpu: '' };
  const count = units(result) || 1;
  const parts = [...after.entries()]
    .map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)])
    .filter(([, seconds]) => seconds > 0.05)
    .map(([name, seconds]) => `${name} ${((seconds * 1e6) / count).toFixed(0)}`);
  parts.push(`${ownLabel} ${((own.user + own.system) / count).toFixed(0)}`);
  return { ...result, cpu: parts.join(', ') };
}
