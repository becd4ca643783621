// Realtime benchmark of the local stack: time from INSERT to receipt by a subscribed client.
// Run: node --import tsx --conditions=source bench/realtime.mjs
// 200 supabase-js clients (each its own websocket and user) subscribe to `messages` with a row
// filter of their own (their conversation); a merchant inserts messages round-robin into the 200
// conversations through PostgREST at 500 inserts/s. Each message must reach exactly its
// conversation's subscriber. Baseline, same run: the same inserts with no subscribers (the
// INSERT's own round trip through the gateway and PostgREST). Reported twice: from sending the
// INSERT request, and from its commit (the change's commit_timestamp) to the subscriber's callback.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { loadOrCreateKeys } from '@verdant/local-stack';
import { nodeSupabaseOptions, startTestStack } from '@verdant/local-stack/testing';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n) => n.toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The stack's realtime log lines are printed at the end (a failed check would show there).
const logLines = [];
const stack = await startTestStack({ seed: false, log: (line) => logLines.push(line) });
const clients = [];

try {
  const keys = await loadOrCreateKeys(stack.dataDir);
  const token = (id) =>
    keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' }, 3600);
  const user = async (role) => {
    const id = randomUUID();
    await stack.pool.query(
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
    const { rows } = await stack.pool.query(
      'insert into public.conversations (merchant_id, affiliate_id) values ($1, $2) returning id',
      [merchant, affiliate],
    );
    subscribers.push({ affiliate, conversation: rows[0].id, token: await token(affiliate) });
  }

  const sent = new Map(); // seq → { at, conversation }
  const latencies = [];
  // From the INSERT's commit (the change's commit_timestamp, from the WAL) to receipt: what the
  // realtime path itself takes, without the time the INSERT request queued before PostgREST ran it.
  const fromCommit = [];
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

  const insert = async (seq, conversation) => {
    const started = performance.now();
    sent.set(seq, { at: started, conversation });
    await post(
      JSON.stringify({ conversation_id: conversation, sender_id: merchant, body: String(seq) }),
    );
    return performance.now() - started;
  };

  /** Inserts at RATE per second for SECONDS; returns the INSERT round trips. */
  const load = async (firstSeq) => {
    const total = RATE * SECONDS;
    const pending = [];
    const begin = performance.now();
    for (let n = 0; n < total; n += 1) {
      const due = begin + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(insert(firstSeq + n, subscribers[n % subscribers.length].conversation));
    }
    const roundTrips = await Promise.all(pending);
    const achieved = total / ((performance.now() - begin) / 1000);
    return { roundTrips: roundTrips.sort((a, b) => a - b), achieved };
  };

  // Baseline: the same inserts, nobody subscribed.
  const baseline = await load(0);

  // 200 clients, each with its own websocket, token and row filter.
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
              latencies.push(received - origin.at);
              fromCommit.push(receivedAt - Date.parse(change.commit_timestamp));
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
  const withSubscribers = await load(firstSeq);
  const expected = RATE * SECONDS;
  // Late is not lost: wait while receipts still come in (until 15 s pass without one).
  let seen = -1;
  let lastProgress = performance.now();
  while (latencies.length < expected && performance.now() - lastProgress < 15_000) {
    if (latencies.length !== seen) {
      seen = latencies.length;
      lastProgress = performance.now();
    }
    await sleep(50);
  }
  const lost = [...sent.entries()].filter(
    ([seq, origin]) => seq >= firstSeq && origin.receivedBy === undefined,
  ).length;
  latencies.sort((a, b) => a - b);
  fromCommit.sort((a, b) => a - b);

  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const baseP50 = percentile(baseline.roundTrips, 50);
  const baseP99 = percentile(baseline.roundTrips, 99);
  console.info(
    `realtime INSERT → receipt: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms ` +
      `(${SUBSCRIBERS} subscribers with own filters, ${expected} inserts at ${fmt(withSubscribers.achieved)}/s; target p50 <= 50 ms, p99 <= 250 ms)`,
  );
  console.info(
    `  INSERT commit → receipt (commit_timestamp to callback): p50 ${fmt(percentile(fromCommit, 50))} ms, p99 ${fmt(percentile(fromCommit, 99))} ms, max ${fmt(fromCommit.at(-1) ?? NaN)} ms`,
  );
  console.info(
    `  received ${latencies.length}/${expected}, lost ${lost}, misdelivered ${misdelivered}`,
  );
  console.info(
    `  INSERT round trip with subscribers: p50 ${fmt(percentile(withSubscribers.roundTrips, 50))} ms, p99 ${fmt(percentile(withSubscribers.roundTrips, 99))} ms`,
  );
  console.info(
    `  baseline INSERT round trip through PostgREST, no subscribers (${fmt(baseline.achieved)}/s): p50 ${fmt(baseP50)} ms, p99 ${fmt(baseP99)} ms; ` +
      `receipt / baseline = ${(p50 / baseP50).toFixed(2)}x (p50), ${(p99 / baseP99).toFixed(2)}x (p99)`,
  );
  for (const line of logLines.filter((l) => l.startsWith('[realtime]')).slice(0, 20))
    console.info(`  stack: ${line}`);
  if (lost > 0) {
    const missing = [...sent.entries()].filter(
      ([seq, origin]) => seq >= firstSeq && origin.receivedBy === undefined,
    );
    console.info(
      `  not received: ${missing
        .slice(0, 20)
        .map(([seq]) => seq)
        .join(', ')}`,
    );
  }
} finally {
  await Promise.all(clients.map((client) => client.removeAllChannels().catch(() => undefined)));
  await stack.stop();
}
process.exit(0);
