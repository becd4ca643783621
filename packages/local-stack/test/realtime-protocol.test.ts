// The Phoenix protocol at the frame level: bad input gets a protocol error and the server stays
// up; limits on channels, connections, payloads and slow consumers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadOrCreateKeys } from '../src/keys.ts';
import { createRealtime } from '../src/realtime/index.ts';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { signToken } from './realtime-world.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

class RawSocket {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ws.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`refused with ${res.statusCode}`)),
      );
      this.ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async next(test: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching frame');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  reply(ref: string): Promise<Frame> {
    return this.next((f) => f[1] === ref && f[3] === 'phx_reply');
  }
}

let stack: RunningStack;
let token: string;
const sockets: RawSocket[] = [];
const wsUrl = (vsn = '2.0.0', apikey?: string) =>
  `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey ?? stack.anonKey}&vsn=${vsn}`;
const open = async (url = wsUrl()) => {
  const socket = new RawSocket(url);
  sockets.push(socket);
  await socket.opened();
  return socket;
};
const join = (topic: string, ref: string, payload: Record<string, unknown> = {}): Frame => [
  ref,
  ref,
  topic,
  'phx_join',
  { config: {}, access_token: token, ...payload },
];

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  token = await signToken(stack, '00000000-0000-4000-8000-00000000abcd');
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await stack?.stop();
});

describe('bad input', () => {
  it('malformed frames get a protocol error and the connection keeps working', async () => {
    const socket = await open();
    socket.send('this is not json');
    socket.send('{"an":"object, not the v2 array"}');
    socket.send(JSON.stringify([null, '1', 'realtime:x', 'phx_join', 'payload not an object']));
    socket.ws.send(Buffer.from([9, 9, 9]));
    await socket.next((f) => f[3] === 'phx_error' && f.length === 5);
    const errors = socket.frames.filter((f) => f[2] === 'phoenix' && f[3] === 'phx_error');
    await socket.next(() => socket.frames.length >= 4);
    expect(socket.frames.filter((f) => f[3] === 'phx_error').length).toBe(4);
    expect(String(errors[0]![4].reason)).toContain('Malformed message');
    socket.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
    expect((await socket.reply('hb'))[4]).toEqual({ status: 'ok', response: {} });
  });

  it('unknown topics and events are refused with a reason', async () => {
    const socket = await open();
    socket.send(join('not-realtime', '1'));
    expect((await socket.reply('1'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    socket.send([
      '2',
      '2',
      'realtime:never-joined',
      'broadcast',
      { type: 'broadcast', event: 'x' },
    ]);
    expect((await socket.reply('2'))[4].status).toBe('error');
    socket.send(join('realtime:joined', '3'));
    expect((await socket.reply('3'))[4].status).toBe('ok');
    socket.send(['3', '4', 'realtime:joined', 'launch_rockets', {}]);
    expect((await socket.reply('4'))[4]).toEqual({
      status: 'error',
      response: { reason: 'Unknown event "launch_rockets"' },
    });
  });

  it('an invalid token is refused at join; an invalid apikey at connect', async () => {
    const socket = await open();
    socket.send(join('realtime:secret', '1', { access_token: 'x.y.z' }));
    const refused = await socket.reply('1');
    expect(refused[4].status).toBe('error');
    expect(String((refused[4].response as { reason: string }).reason)).toContain('Invalid JWT');
    await expect(open(wsUrl('2.0.0', 'not-a-key'))).rejects.toThrow('refused with 401');
    await expect(open(wsUrl('3.0.0'))).rejects.toThrow('refused with 400');
  });

  it('an invalid access_token update closes the channel with a system error', async () => {
    const socket = await open();
    socket.send(join('realtime:renew', '1'));
    expect((await socket.reply('1'))[4].status).toBe('ok');
    socket.send([
      '1',
      '2',
      'realtime:renew',
      'access_token',
      { access_token: 'forged.token.here' },
    ]);
    const system = await socket.next((f) => f[2] === 'realtime:renew' && f[3] === 'system');
    expect(system[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'renew' });
    await socket.next((f) => f[2] === 'realtime:renew' && f[3] === 'phx_close' && f[0] === '1');
    // The channel is gone: a broadcast to it is refused, while the socket itself still works.
    socket.send(['1', '3', 'realtime:renew', 'broadcast', { type: 'broadcast', event: 'e' }]);
    expect((await socket.reply('3'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });

  it('an oversized broadcast gets an error reply; an oversized frame closes only that socket', async () => {
    const socket = await open();
    socket.send(join('realtime:big', '1', { config: { broadcast: { ack: true } } }));
    await socket.reply('1');
    const big = 'x'.repeat(300 * 1024);
    socket.send([
      '1',
      '2',
      'realtime:big',
      'broadcast',
      { type: 'broadcast', event: 'e', payload: { big } },
    ]);
    const reply = await socket.reply('2');
    expect(reply[4].status).toBe('error');
    expect(String((reply[4].response as { reason: string }).reason)).toContain(
      'Payload size exceeded',
    );
    socket.send('y'.repeat(2 * 1024 * 1024));
    expect((await socket.closed).code).toBe(1009);
    const again = await open();
    again.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
    expect((await again.reply('hb'))[4].status).toBe('ok');
  });
});

describe('limits', () => {
  it('at most 100 channels per connection', async () => {
    const socket = await open();
    for (let i = 1; i <= 101; i += 1) socket.send(join(`realtime:ch-${i}`, String(i)));
    const last = await socket.reply('101');
    expect(last[4].status).toBe('error');
    expect(String((last[4].response as { reason: string }).reason)).toContain(
      'ChannelRateLimitReached: Too many channels',
    );
    expect((await socket.reply('100'))[4].status).toBe('ok');
    // Leaving one makes room for another.
    socket.send(['1', 'leave', 'realtime:ch-1', 'phx_leave', {}]);
    expect((await socket.reply('leave'))[4].status).toBe('ok');
    socket.send(join('realtime:ch-102', '102'));
    expect((await socket.reply('102'))[4].status).toBe('ok');
  });

  it('refuses connections beyond the limit, drops slow consumers, and stays up', async () => {
    // A realtime service of its own with small limits, on the stack's database.
    const keys = await loadOrCreateKeys(stack.dataDir);
    const lines: string[] = [];
    const realtime = await createRealtime({
      pool: stack.pool,
      databaseUrl: () => stack.dbUrl,
      verify: (t) => keys.verify(t),
      limits: { maxConnections: 2, maxBufferedBytes: 64 * 1024 },
      log: (line) => lines.push(line),
    });
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => realtime.upgrade(req, socket, head, stack.anonKey));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?vsn=2.0.0`;
    try {
      const first = await open(url);
      await open(url);
      await expect(open(url)).rejects.toThrow('refused with 429');
      expect(realtime.connectionCount).toBe(2);

      // A subscriber that stops reading while broadcasts pile up is dropped.
      first.send(join('realtime:flood', '1', { config: { broadcast: { self: true } } }));
      await first.reply('1');
      first.ws.pause();
      const payload = { type: 'broadcast', event: 'e', payload: { text: 'z'.repeat(60_000) } };
      for (let i = 0; i < 400; i += 1)
        first.send(['1', null, 'realtime:flood', 'broadcast', payload]);
      const deadline = Date.now() + 20_000;
      while (!lines.some((line) => line.includes('slow consumer')) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      first.ws.resume();
      await first.closed;
      expect(lines.some((line) => line.includes('slow consumer'))).toBe(true);
      const later = await open(url);
      later.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
      expect((await later.reply('hb'))[4].status).toBe('ok');
    } finally {
      await realtime.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
