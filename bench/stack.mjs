// Stack benchmark: warm start to ready, throw-away test stack start, and single-row PostgREST reads through the API gateway
// compared with PostgREST called directly in the same run.
// Run: node --import tsx --conditions=source bench/stack.mjs
// Settings: BENCH_SECONDS (read time per path, default 12), BENCH_ROUNDS (default 6), BENCH_CONCURRENCY (default 16),
// BENCH_STARTS (warm starts, default 3).
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n) => n.toFixed(0);

/** Runs `load` in a worker thread, so the load generator does not share the gateway's event loop. */
function loadInWorker(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { url, headers, seconds } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Closed-loop load: CONCURRENCY keep-alive connections issuing GETs for SECONDS; returns req/s and p50/p99 (ms). */
async function load(url, headers, seconds) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else failures += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < deadline) await one();
  };
  const begun = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - begun) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? NaN,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
    failures,
  };
}

if (!isMainThread) {
  parentPort.postMessage(await load(workerData.url, workerData.headers, workerData.seconds));
} else {
  await main();
}

async function main() {
  const { startStack } = await import('@verdant/local-stack');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-bench-'));
  const options = { dataDir, apiPort: 0, webPort: 0, seed: false, quiet: true };
  try {
    // Cold start (new cluster, all migrations) is the baseline for the warm starts that follow.
    let started = performance.now();
    let stack = await startStack(options);
    const cold = performance.now() - started;
    await stack.stop();
    const warm = [];
    for (let i = 0; i < STARTS; i += 1) {
      started = performance.now();
      stack = await startStack(options);
      warm.push(performance.now() - started);
      if (i < STARTS - 1) await stack.stop();
    }

    await stack.pool.query(`
    create table public.bench_items (id int primary key, name text not null, price numeric not null);
    insert into public.bench_items select g, 'item ' || g, g * 1.5 from generate_series(1, 1000) g;
    alter table public.bench_items enable row level security;
    create policy "everyone reads" on public.bench_items for select using (true);
    notify pgrst, 'reload schema';
  `);
    const query = '/bench_items?id=eq.42&select=id,name,price';
    const headers = {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      accept: 'application/json',
    };
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(`${stack.apiUrl}/rest/v1${query}`, { headers });
      const body = await res.text();
      if (res.ok && body.includes('item 42')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Warm both paths, then alternate short runs of each, so changes in the machine's load hit
    // both sides alike; medians over the rounds are reported.
    const direct = [];
    const viaGateway = [];
    await loadInWorker(`${stack.restUrl}${query}`, headers, 1);
    await loadInWorker(`${stack.apiUrl}/rest/v1${query}`, headers, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      direct.push(await loadInWorker(`${stack.restUrl}${query}`, headers, SECONDS / ROUNDS));
      viaGateway.push(
        await loadInWorker(`${stack.apiUrl}/rest/v1${query}`, headers, SECONDS / ROUNDS),
      );
    }
    await stack.stop();

    // Throw-away test stacks (as every integration test starts them): a new cluster copied from
    // the migrated template, in the scratch directory. The first may build the template.
    const { startTestStack } = await import('@verdant/local-stack/testing');
    const testStarts = [];
    for (let i = 0; i <= STARTS; i += 1) {
      started = performance.now();
      const testStack = await startTestStack({ seed: false });
      testStarts.push(performance.now() - started);
      await testStack.stop();
    }
    const [firstTestStart, ...laterTestStarts] = testStarts;

    const summary = (runs) => ({
      perSecond: median(runs.map((run) => run.perSecond)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      failures: runs.reduce((sum, run) => sum + run.failures, 0),
    });
    const d = summary(direct);
    const g = summary(viaGateway);
    const ratio = median(viaGateway.map((run, i) => run.perSecond / direct[i].perSecond));
    const line = (name, r) =>
      `${name} ${fmt(r.perSecond)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  failures ${r.failures}`;
    console.info(
      `Stack benchmark (reads: ${ROUNDS} alternating rounds, ${SECONDS}s per path, concurrency ${CONCURRENCY})`,
    );
    console.info(`  cold start (new cluster + migrations, baseline): ${fmt(cold)} ms`);
    console.info(
      `  warm start to ready, median of ${STARTS}: ${fmt(median(warm))} ms  [${warm.map(fmt).join(', ')}]  (${(median(warm) / cold).toFixed(2)}× cold; target ≤ 5000 ms)`,
    );
    console.info(
      `  throw-away test stack (seed: false), median of ${STARTS}: ${fmt(median(laterTestStarts))} ms  [${laterTestStarts.map(fmt).join(', ')}]  (${(median(laterTestStarts) / cold).toFixed(2)}× cold; the first, ${fmt(firstTestStart)} ms, builds the template when none exists)`,
    );
    console.info(line('  single-row read, PostgREST direct (baseline):', d));
    console.info(line('  single-row read, through the gateway:         ', g));
    console.info(
      `  gateway / direct throughput (median of rounds): ${ratio.toFixed(2)}  (target ≥ 1500 req/s through the gateway)`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
