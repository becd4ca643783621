// Link tracker benchmark: {webUrl}/go/{code} under autocannon (50 connections, 20 s) against a bare
// Node http server that answers the same 302 (Location + Set-Cookie) in the same run; then checks
// that every redirected click was stored, after the run and after a SIGTERM in the middle of a run.
// Run: node --import tsx --conditions=source bench/go.mjs
// Settings: BENCH_SECONDS (default 20), BENCH_CONNECTIONS (default 50), BENCH_CPU_PROF (a directory
// for a CPU profile of the stack process).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuPer, serveStackChild, startStackChild, stopStackChild } from './stack-child.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

// Child process: one stack that stops cleanly on SIGTERM (what `npm start` does).
if (process.argv[2] === '--stack') {
  await serveStackChild(process.argv[3], {}, (stack) => ({
    webUrl: stack.webUrl,
    dbUrl: stack.dbUrl,
  }));
} else if (!isMainThread) {
  // Worker thread: the bare baseline server, off the load generator's event loop.
  const server = http.createServer((req, res) => {
    res.writeHead(302, {
      location: 'http://localhost/shop',
      'cache-control': 'private, no-store',
      'set-cookie': `verdant_ref=${randomUUID()}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`,
    });
    res.end();
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
  parentPort.once('message', () => server.close(() => process.exit(0)));
} else {
  await main();
}

/** autocannon against `url`; `redirects` counts the 302 answers received. */
function run(url, seconds, onStart) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'user-agent': USER_AGENT },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({ result, redirects: result.statusCodeStats?.['302']?.count ?? 0 }),
    );
    onStart?.(instance);
  });
}

async function world(dbUrl) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  // The stack's shutdown ends idle connections; that is expected here.
  pool.on('error', () => undefined);
  const id = randomUUID();
  await pool.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"role":"affiliate"}')`,
    [id, `bench-${id.slice(0, 8)}@bench.test`],
  );
  const code = async () => {
    const value = `bench${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const { rows } = await pool.query(
      `insert into public.affiliate_links (code, affiliate_id, destination_url) values ($1, $2, '/shop') returning id`,
      [value, id],
    );
    return { code: value, id: rows[0].id };
  };
  return { pool, code };
}

async function clicks(pool, linkId) {
  const { rows } = await pool.query(
    'select count(*)::int as n from public.link_clicks where link_id = $1',
    [linkId],
  );
  return rows[0].n;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-bench-go-'));
  const baseline = new Worker(new URL(import.meta.url));
  const barePort = await new Promise((resolve) => baseline.once('message', resolve));
  let stack = await startStackChild(import.meta.url, dataDir);
  try {
    let { pool, code } = await world(stack.dbUrl);
    const link = await code();
    // Warm-up: the link cache and the function are loaded.
    await run(`${stack.webUrl}/go/${link.code}`, 2);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const warm = await clicks(pool, link.id);

    const bare = await run(`http://127.0.0.1:${barePort}/go/${link.code}`, SECONDS);
    const go = await cpuPer(
      stack.child.pid,
      () => run(`${stack.webUrl}/go/${link.code}`, SECONDS),
      (result) => result.result.requests.total,
      'load generator',
    );
    // The clicks are written after the responses: wait until the count stops growing.
    let stored = (await clicks(pool, link.id)) - warm;
    const settleStart = performance.now();
    for (let previous = -1; stored !== previous && performance.now() - settleStart < 120_000;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      previous = stored;
      stored = (await clicks(pool, link.id)) - warm;
    }
    const settleSeconds = (performance.now() - settleStart) / 1000;

    const ratio = go.result.requests.average / bare.result.requests.average;
    console.info(`/go/{code} benchmark: ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.info(
      `bare node http 302: ${bare.result.requests.average.toFixed(0)} req/s, p50 ${bare.result.latency.p50} ms, p99 ${bare.result.latency.p99} ms`,
    );
    console.info(
      `{webUrl}/go/{code}: ${go.result.requests.average.toFixed(0)} req/s, p50 ${go.result.latency.p50} ms, p99 ${go.result.latency.p99} ms, errors ${go.result.errors}, other statuses ${go.result.requests.total - go.redirects}`,
    );
    if (go.cpu) console.info(`CPU per /go request (µs): ${go.cpu}`);
    console.info(
      `ratio to bare: ${(ratio * 100).toFixed(1)} % (target >= 50 %), p99 ${go.result.latency.p99} ms (target <= 15 ms)`,
    );
    console.info(
      `clicks stored after the run: ${stored} (all written ${settleSeconds.toFixed(0)} s after the run); 302 answers counted by autocannon: ${go.redirects} (lost: ${Math.max(0, go.redirects - stored)}; answers that arrive after autocannon stops counting are stored too)`,
    );

    // SIGTERM in the middle of a run: every redirect answered must still be stored.
    const second = await code();
    const half = Math.max(2, Math.round(SECONDS / 4));
    const cut = await run(`${stack.webUrl}/go/${second.code}`, half * 2, () => {
      setTimeout(() => stack.child.kill('SIGTERM'), half * 1000);
    });
    if (stack.child.exitCode === null && stack.child.signalCode === null)
      await new Promise((resolve) => stack.child.once('exit', resolve));
    await pool.end();
    stack = await startStackChild(import.meta.url, dataDir);
    ({ pool } = await world(stack.dbUrl));
    const afterStop = await clicks(pool, second.id);
    console.info(
      `SIGTERM after ${half} s: ${cut.redirects} redirects answered, ${afterStop} clicks stored after restart (lost: ${Math.max(0, cut.redirects - afterStop)})`,
    );
    await pool.end();
  } finally {
    await stopStackChild(stack.child);
    baseline.postMessage('stop');
    await rm(dataDir, { recursive: true, force: true });
  }
}
