// The default limit of 1,000 realtime websockets per stack, through the API gateway: 1,000 raw
// connections are all served, the next one is refused with 429, and closing one makes room.
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';

const LIMIT = 1_000;
const BATCH = 100;

type Attempt = { ok: true; ws: WebSocket } | { ok: false; status: number; body: string };

let stack: RunningStack;
const sockets: WebSocket[] = [];

/** Opens one websocket (vsn 1.0.0); resolves with it, or with the status and body of a refusal. */
function connect(): Promise<Attempt> {
  const url = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('error', () => undefined);
    ws.once('error', reject);
    ws.once('open', () => resolve({ ok: true, ws }));
    ws.once('unexpected-response', (req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ ok: false, status: res.statusCode ?? 0, body });
      });
    });
  });
}

async function open(): Promise<WebSocket> {
  const attempt = await connect();
  if (!attempt.ok) throw new Error(`refused with ${attempt.status}: ${attempt.body}`);
  return attempt.ws;
}

/** Sends a Phoenix heartbeat (vsn 1.0.0 frames) and resolves with the reply's payload. */
function heartbeat(ws: WebSocket, ref: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no heartbeat reply')), 10_000);
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { ref: string; event: string; payload: unknown };
      if (frame.ref !== ref || frame.event !== 'phx_reply') return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(frame.payload);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref }));
  });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
  await stack?.stop();
});

it('serves 1,000 websockets, refuses the next with 429 and accepts one again after a close', async () => {
  const held: WebSocket[] = [];
  for (let i = 0; i < LIMIT; i += BATCH)
    held.push(...(await Promise.all(Array.from({ length: BATCH }, () => open()))));
  expect(held.length).toBe(LIMIT);
  expect(held.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
  // Each one is a live Phoenix connection, not merely an accepted upgrade.
  const replies = await Promise.all(held.map((ws, i) => heartbeat(ws, `hb-${i}`)));
  expect(replies.filter((r) => JSON.stringify(r) !== '{"status":"ok","response":{}}')).toEqual([]);

  const refused = await connect();
  if (refused.ok) throw new Error(`connection ${LIMIT + 1} was accepted`);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toEqual({
    message: `Too many realtime connections (at most ${LIMIT})`,
  });
  // The refusal leaves the others alone.
  expect(held.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);

  // Closing one makes room once the server's side of that socket has closed too.
  const first = held.shift()!;
  await new Promise<void>((resolve) => {
    first.once('close', () => resolve());
    first.close(1000);
  });
  let again = await connect();
  for (const deadline = Date.now() + 5_000; !again.ok && Date.now() < deadline;) {
    expect(again.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 50));
    again = await connect();
  }
  if (!again.ok) throw new Error(`still refused after a close: ${again.status} ${again.body}`);
  expect(await heartbeat(again.ws, 'hb-again')).toEqual({ status: 'ok', response: {} });

  // The newcomer is counted: the limit holds again.
  expect(await connect()).toMatchObject({ ok: false, status: 429 });
}, 60_000);
