// Auth benchmark of the local stack: token refreshes per second and password sign-in latency.
// Run: node --import tsx --conditions=source bench/auth.mjs
// Each figure is printed with the ratio to a baseline measured in the same run.
import bcrypt from 'bcryptjs';
import { startTestStack } from '@verdant/local-stack/testing';

const REFRESH_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const PASSWORD = 'Bench-Leaf-2024!';

const stack = await startTestStack({
  seed: false,
  // The benchmark is one client hammering from one address: lift the per-IP limits.
  env: { VERDANT_AUTH_RATE_LIMIT_TOKEN: '100000000/1', VERDANT_AUTH_RATE_LIMIT_SIGNUP: '100000/1' },
});

const headers = { apikey: stack.anonKey, 'content-type': 'application/json' };
const auth = (path, init = {}) =>
  fetch(`${stack.apiUrl}/auth/v1${path}`, { ...init, headers: { ...headers, ...init.headers } });

async function json(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(1);

try {
  const email = `bench-${Date.now()}@example.com`;
  await json(
    await auth('/signup', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) }),
  );

  // Password sign-in latency, sequential (bcrypt cost 10 dominates).
  const signIn = async () => {
    const started = performance.now();
    const session = await json(
      await auth('/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    return { ms: performance.now() - started, session };
  };
  await signIn();
  const latencies = [];
  for (let i = 0; i < SIGN_INS; i += 1) latencies.push((await signIn()).ms);
  latencies.sort((a, b) => a - b);

  // Baseline: one bcrypt comparison at the same cost, in this process.
  const hash = await bcrypt.hash(PASSWORD, 10);
  const bcryptTimes = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await bcrypt.compare(PASSWORD, hash);
    bcryptTimes.push(performance.now() - started);
  }
  bcryptTimes.sort((a, b) => a - b);

  // Token refreshes per second: CONCURRENCY sessions, each refreshing with its newest token.
  const sessions = [];
  for (let i = 0; i < CONCURRENCY; i += 1) sessions.push((await signIn()).session.refresh_token);
  const throughput = async (request) => {
    let count = 0;
    const deadline = performance.now() + REFRESH_SECONDS * 1000;
    await Promise.all(
      sessions.map(async (_, index) => {
        while (performance.now() < deadline) {
          await request(index);
          count += 1;
        }
      }),
    );
    return count / REFRESH_SECONDS;
  };
  const refreshPerSecond = await throughput(async (index) => {
    const body = await json(
      await auth('/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: sessions[index] }),
      }),
    );
    sessions[index] = body.refresh_token;
  });
  // Baseline: GET /auth/v1/settings through the same gateway (HTTP path without database work).
  const settingsPerSecond = await throughput(async () => {
    await json(await auth('/settings'));
  });

  const p50 = percentile(latencies, 50);
  const bcryptP50 = percentile(bcryptTimes, 50);
  console.info(
    `password sign-in: p50 ${fmt(p50)} ms, p95 ${fmt(percentile(latencies, 95))} ms (${SIGN_INS} sequential, target p50 <= 150 ms)`,
  );
  console.info(
    `  baseline bcrypt compare (cost 10) p50 ${fmt(bcryptP50)} ms; sign-in / bcrypt = ${(p50 / bcryptP50).toFixed(2)}x`,
  );
  console.info(
    `token refresh: ${fmt(refreshPerSecond)} /s (${CONCURRENCY} concurrent sessions, ${REFRESH_SECONDS} s, target >= 300/s)`,
  );
  console.info(
    `  baseline GET /auth/v1/settings ${fmt(settingsPerSecond)} /s; refresh / settings = ${(refreshPerSecond / settingsPerSecond).toFixed(2)}x`,
  );
} finally {
  await stack.stop();
}
