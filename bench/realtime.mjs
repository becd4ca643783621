// Realtime benchmark of the local stack: time from INSERT to receipt by a subscribed client.
// Run: node --import tsx --conditions=source bench/realtime.mjs
// 200 supabase-js clients (each its own websocket and user) subscribe to `messages` with a row
// filter of their own (their conversation); a merchant inserts messages round-robin into the 200
// conversations through PostgREST at 500 inserts/s. Each message must reach exactly its
// conversation's subscriber. Baseline, same run: the same inserts with no subscribers (the
// INSERT's own round trip through the gateway and PostgREST). Reported twice: from sending the
// INSERT request, and from its commit (the change's commit_timestamp) to the subscriber's callback.
// The stack runs in a child process, as `npm start` runs it, so the 200 clients and the load
// generator do not share the server's event loop. Each phase starts with an unmeasured warm-up at
// the same rate (PostgREST opens its pool, realtime builds its RLS checkers); its changes are
// still checked for loss and misdelivery.
// Settings: BENCH_SUBSCRIBERS (200), BENCH_RATE (500), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2),
// BENCH_TIMELINE=1 (print the slowest 250 ms windows of each measured phase), BENCH_CPU_PROF (a
// directory for a CPU profile of the stack process).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { cpuPer, serveStackChild, startStackChild, stopStackChild } from './stack-child.mjs';
import { loadOrCreateKeys } from '@verdant/local-stack';
import { nodeSupabaseOptions } from '@verdant/local-stack/testing';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const TIMELINE = process.env.BENCH_TIMELINE === '1';

// Child process: one throw-away stack (no seed, the test stack's Postgres settings) that prints
// its addresses, forwards its realtime log lines and stops cleanly on SIGTERM.
if (process.argv[2] === '--stack') {
  await serveStackChild(
    process.argv[3],
    {
      ephemeral: true,
      log: (line) => {
        if (line.startsWith('[realtime]')) process.stderr.write(`  stack: ${line}\n`);
      },
    },
    (stack) => ({ apiUrl: stack.apiUrl, anonKey: stack.anonKey, dbUrl: stack.dbUrl }),
  );
} else {
  await main();
  process.exit(0);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function fmt(n) {
  return n.toFixed(1);
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The slowest 250 ms windows of a phase, by the worst latency of the inserts sent in them. */
function timeline(label, samples) {
  const windows = new Map();
  for (const { sentAt, ms } of samples) {
    const key = Math.floor(sentAt * 4);
    const window = windows.get(key) ?? { max: 0, n: 0 };
    window.max = Math.max(window.max, ms);
    window.n += 1;
    windows.set(key, window);
  }
  const worst = [...windows.entries()].sort((a, b) => b[1].max - a[1].max).slice(0, 8);
  console.info(
    `  ${label}, slowest 250 ms windows (start s: max ms / inserts): ${worst
      .map(([key, w]) => `${(key / 4).toFixed(2)}: ${fmt(w.max)} / ${w.n}`)
      .join(', ')}`,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-bench-realtime-'));
  const stack = await startStackChild(import.meta.url, dataDir);
  const pool = new pg.Pool({ connectionString: stack.dbUrl, max: 2 });
  pool.on('error', () => undefined);
  const clients = [];
  try {
    const keys = await loadOrCreateKeys(dataDir);
    const token = (id) =>
      keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' }, 3600);
    const user = async (role) => {
      const id = randomUUID();
      await pool.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2::text, now(), '{"provider":"email"}',
                 jsonb_build_object('role', $3::text, 'name', $2::text))`,
        [id, `${role}-${id.slice(0, 8)}@bench.test`, role],
      );
      return id;
    };

    const merchant = await user('merchant');
    const merchantToken = await token(merchant);
    const subscribers = [];
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const affiliate = await user('affiliate');
      const { rows } = await pool.query(
        'insert into public.conversations (merchant_id, affiliate_id) values ($1, $2) returning id',
        [merchant, affiliate],
      );
      subscribers.push({ affiliate, conversation: rows[0].id, token: await token(affiliate) });
    }

    const sent = new Map(); // seq → { at, conversation, measured, receivedBy }
    const latencies = [];
    // From the INSERT's commit (the change's commit_timestamp, from the WAL) to receipt: what the
    // realtime path itself takes, without the time the INSERT request queued before PostgREST ran it.
    const fromCommit = [];
    const receipts = []; // { sentAt, ms } of the measured phase, for the timeline
    let misdelivered = 0;

    // Keep-alive connections, at most 64 at once (the gateway bounds its connections).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const api = new URL(stack.apiUrl);
    const post = (body) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: api.hostname,
            port: api.port,
            path: '/rest/v1/messages',
            method: 'POST',
            agent,
            headers: {
              apikey: stack.anonKey,
              authorization: `Bearer ${merchantToken}`,
              'content-type': 'application/json',
              prefer: 'return=minimal',
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () =>
              res.statusCode === 201
                ? resolve()
                : reject(new Error(`insert failed: ${res.statusCode} ${text}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    const insert = async (seq, conversation, measured, begin) => {
      const started = performance.now();
      sent.set(seq, { at: started, conversation, measured });
      await post(
        JSON.stringify({ conversation_id: conversation, sender_id: merchant, body: String(seq) }),
      );
      return { sentAt: (started - begin) / 1000, ms: performance.now() - started };
    };

    /** Inserts at RATE per second for `seconds`; returns the INSERT round trips. */
    const load = async (firstSeq, seconds, measured) => {
      const total = Math.round(RATE * seconds);
      const pending = [];
      const begin = performance.now();
      for (let n = 0; n < total; n += 1) {
        const due = begin + (n * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        pending.push(
          insert(firstSeq + n, subscribers[n % subscribers.length].conversation, measured, begin),
        );
      }
      const samples = await Promise.all(pending);
      const achieved = total / ((performance.now() - begin) / 1000);
      return { samples, roundTrips: samples.map((s) => s.ms).sort((a, b) => a - b), achieved };
    };

    // Baseline: the same inserts, nobody subscribed (after a warm-up at the same rate).
    await load(0, WARMUP_SECONDS, false);
    const baseline = await cpuPer(
      stack.child.pid,
      () => load(100_000, SECONDS, false),
      (result) => result.roundTrips.length,
      'this process',
    );

    // 200 clients, each with its own websocket, token and row filter.
    let phaseBegin = 0;
    const ready = [];
    for (const [index, subscriber] of subscribers.entries()) {
      const client = createClient(stack.apiUrl, stack.anonKey, nodeSupabaseOptions);
      clients.push(client);
      await client.realtime.setAuth(subscriber.token);
      ready.push(
        new Promise((resolve, reject) => {
          client
            .channel(`bench-${index}`)
            .on(
              'postgres_changes',
              {
                event: 'INSERT',
                schema: 'public',
                table: 'messages',
                filter: `conversation_id=eq.${subscriber.conversation}`,
              },
              (change) => {
                const received = performance.now();
                const receivedAt = performance.timeOrigin + received;
                const seq = Number(change.new.body);
                const origin = sent.get(seq);
                if (!origin || origin.conversation !== subscriber.conversation) {
                  misdelivered += 1;
                  return;
                }
                if (origin.receivedBy !== undefined) misdelivered += 1;
                origin.receivedBy = index;
                if (!origin.measured) return;
                latencies.push(received - origin.at);
                fromCommit.push(receivedAt - Date.parse(change.commit_timestamp));
                receipts.push({
                  sentAt: (origin.at - phaseBegin) / 1000,
                  ms: received - origin.at,
                });
              },
            )
            .subscribe((status, error) => {
              if (status === 'SUBSCRIBED') resolve();
              else if (status !== 'CLOSED') reject(error ?? new Error(status));
            });
        }),
      );
    }
    await Promise.all(ready);

    const firstSeq = 1_000_000;
    await load(firstSeq, WARMUP_SECONDS, false);
    const measuredSeq = 2_000_000;
    phaseBegin = performance.now();
    const withSubscribers = await cpuPer(
      stack.child.pid,
      () => load(measuredSeq, SECONDS, true),
      (result) => result.roundTrips.length,
      'this process',
    );
    const expected = Math.round(RATE * SECONDS);
    const expectedAll = expected + Math.round(RATE * WARMUP_SECONDS);
    // Late is not lost: wait while receipts still come in (until 15 s pass without one).
    const receivedAll = () =>
      [...sent.entries()].filter(([seq, o]) => seq >= firstSeq && o.receivedBy !== undefined)
        .length;
    let seen = -1;
    let lastProgress = performance.now();
    for (let got = receivedAll(); got < expectedAll; got = receivedAll()) {
      if (performance.now() - lastProgress >= 15_000) break;
      if (got !== seen) {
        seen = got;
        lastProgress = performance.now();
      }
      await sleep(50);
    }
    const missing = [...sent.entries()].filter(
      ([seq, origin]) => seq >= firstSeq && origin.receivedBy === undefined,
    );
    latencies.sort((a, b) => a - b);
    fromCommit.sort((a, b) => a - b);

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const baseP50 = percentile(baseline.roundTrips, 50);
    const baseP99 = percentile(baseline.roundTrips, 99);
    console.info(
      `realtime INSERT → receipt: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms ` +
        `(${SUBSCRIBERS} subscribers with own filters, ${expected} measured inserts at ${fmt(withSubscribers.achieved)}/s after ${WARMUP_SECONDS} s of warm-up; target p50 <= 50 ms, p99 <= 250 ms)`,
    );
    console.info(
      `  INSERT commit → receipt (commit_timestamp to callback): p50 ${fmt(percentile(fromCommit, 50))} ms, p99 ${fmt(percentile(fromCommit, 99))} ms, max ${fmt(fromCommit.at(-1) ?? NaN)} ms`,
    );
    console.info(
      `  received ${expectedAll - missing.length}/${expectedAll} (warm-up included), lost ${missing.length}, misdelivered ${misdelivered}`,
    );
    console.info(
      `  INSERT round trip with subscribers: p50 ${fmt(percentile(withSubscribers.roundTrips, 50))} ms, p99 ${fmt(percentile(withSubscribers.roundTrips, 99))} ms`,
    );
    console.info(
      `  baseline INSERT round trip through PostgREST, no subscribers (${fmt(baseline.achieved)}/s): p50 ${fmt(baseP50)} ms, p99 ${fmt(baseP99)} ms; ` +
        `receipt / baseline = ${(p50 / baseP50).toFixed(2)}x (p50), ${(p99 / baseP99).toFixed(2)}x (p99)`,
    );
    if (baseline.cpu)
      console.info(
        `  CPU per INSERT (µs; this process: the ${SUBSCRIBERS} clients and the load generator): baseline ${baseline.cpu}; with subscribers ${withSubscribers.cpu}`,
      );
    if (TIMELINE) {
      timeline('baseline INSERT', baseline.samples);
      timeline('INSERT with subscribers', withSubscribers.samples);
      timeline('INSERT → receipt', receipts);
    }
    if (missing.length > 0) {
      console.info(
        `  not received: ${missing
          .slice(0, 20)
          .map(([seq]) => seq)
          .join(', ')}`,
      );
    }
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels().catch(() => undefined)));
    await pool.end();
    await stopStackChild(stack.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}
