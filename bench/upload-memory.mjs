// Upload memory benchmark: the stack's resident memory (RSS of the Node process that runs the
// gateway, storage and auth) while 8 clients upload 49 MB each in parallel, compared with the
// same process idle in the same run.
//   1. anon key: 8 × 49 MB to a public bucket (refused before the body is read; the rest is discarded)
//   2. service role: 8 × 49 MB accepted into a 50 MB bucket (streamed to disk)
// Run: node --import tsx --conditions=source bench/upload-memory.mjs
// Settings: BENCH_UPLOADS (parallel uploads, default 8), BENCH_UPLOAD_MB (default 49).
import http from 'node:http';
import { startTestStack } from '@verdant/local-stack/testing';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 49) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);
const MB = 1024 * 1024;

/** Streams SIZE bytes (the same small chunk again and again, so the client holds no copy). */
function upload(apiUrl, urlPath, headers) {
  return new Promise((resolve) => {
    const url = new URL(urlPath, apiUrl);
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png', 'content-length': String(SIZE) },
      agent: false,
    });
    let sent = 0;
    let status = 0;
    const write = () => {
      while (sent < SIZE) {
        const piece = sent + CHUNK.length <= SIZE ? CHUNK : CHUNK.subarray(0, SIZE - sent);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => resolve(status));
    });
    // An early answer may close the connection while the client is still sending.
    req.on('error', () => resolve(status || 'reset'));
    write();
  });
}

async function measure(label, run) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const statuses = await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { label, before, peak, seconds, statuses };
}

const stack = await startTestStack({ seed: false });
try {
  await stack.pool.query(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ('bench-large', 'bench-large', false, 52428800, array['image/png'])
     on conflict (id) do nothing`,
  );
  // Warm up the paths once.
  await upload(stack.apiUrl, '/storage/v1/object/avatars/warm/x.png', { apikey: stack.anonKey });
  await new Promise((resolve) => setTimeout(resolve, 500));
  global.gc?.();
  const idle = process.memoryUsage().rss;

  const results = [];
  results.push(
    await measure(`anon key, ${UPLOADS} × ${SIZE / MB} MB into avatars`, () =>
      Promise.all(
        Array.from({ length: UPLOADS }, (_, i) =>
          upload(stack.apiUrl, `/storage/v1/object/avatars/anon/${i}.png`, {
            apikey: stack.anonKey,
          }),
        ),
      ),
    ),
  );
  results.push(
    await measure(`service role, ${UPLOADS} × ${SIZE / MB} MB stored`, () =>
      Promise.all(
        Array.from({ length: UPLOADS }, (_, i) =>
          upload(stack.apiUrl, `/storage/v1/object/bench-large/big/${i}.png`, {
            apikey: stack.serviceRoleKey,
            authorization: `Bearer ${stack.serviceRoleKey}`,
          }),
        ),
      ),
    ),
  );

  console.info(`idle RSS (baseline, same run): ${(idle / MB).toFixed(0)} MB`);
  for (const r of results) {
    const counts = {};
    for (const s of r.statuses) counts[s] = (counts[s] ?? 0) + 1;
    console.info(
      `${r.label}: peak RSS ${(r.peak / MB).toFixed(0)} MB (ratio to idle ${(r.peak / idle).toFixed(2)}), ` +
        `+${((r.peak - idle) / MB).toFixed(0)} MB, ${r.seconds.toFixed(1)} s, answers ${JSON.stringify(counts)}`,
    );
  }
  const worst = Math.max(...results.map((r) => r.peak));
  console.info(`worst peak RSS ${(worst / MB).toFixed(0)} MB (target: under 300 MB)`);
} finally {
  await stack.stop();
}
