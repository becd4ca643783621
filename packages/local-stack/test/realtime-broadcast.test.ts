// Broadcast (self, ack, both serializers) and presence between unmodified supabase-js clients.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { Inbox, clientFor, createWorld, sleep, subscribed, type World } from './realtime-world.ts';

let stack: RunningStack;
let world: World;
const clients: SupabaseClient[] = [];
const client = (token?: string, vsn?: string) => {
  const c = clientFor(stack, token, vsn ? { vsn } : {});
  clients.push(c);
  return c;
};

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  world = await createWorld(stack);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await stack?.stop();
});

type Received = { event: string; payload: Record<string, unknown> };

describe('broadcast', () => {
  it('reaches the other members, the sender only with self, and acks when asked', async () => {
    const toSender = new Inbox<Received>();
    const toV2 = new Inbox<Received>();
    const toV1 = new Inbox<Received>();
    const sender = await subscribed(
      client(world.A.token)
        .channel('room-1', { config: { broadcast: { self: true, ack: true } } })
        .on('broadcast', { event: 'cursor' }, toSender.push),
    );
    await subscribed(
      client(world.B.token).channel('room-1').on('broadcast', { event: 'cursor' }, toV2.push),
    );
    await subscribed(
      client(undefined, '1.0.0').channel('room-1').on('broadcast', { event: '*' }, toV1.push),
    );
    const status = await sender.send({
      type: 'broadcast',
      event: 'cursor',
      payload: { x: 1, y: 2 },
    });
    expect(status).toBe('ok');
    for (const inbox of [toSender, toV2, toV1]) {
      const got = await inbox.next();
      expect(got.event).toBe('cursor');
      expect(got.payload).toEqual({ x: 1, y: 2 });
    }
  });

  it('does not echo to the sender without self, and other topics hear nothing', async () => {
    const toSender = new Inbox<Received>();
    const toPeer = new Inbox<Received>();
    const elsewhere = new Inbox<Received>();
    const sender = await subscribed(
      client(world.A.token, '1.0.0')
        .channel('room-2')
        .on('broadcast', { event: 'ping' }, toSender.push),
    );
    await subscribed(client().channel('room-2').on('broadcast', { event: 'ping' }, toPeer.push));
    await subscribed(client().channel('room-3').on('broadcast', { event: 'ping' }, elsewhere.push));
    // A v1 sender's broadcast travels as JSON; it must reach v2 peers the same way.
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 7 } })).toBe('ok');
    expect((await toPeer.next()).payload).toEqual({ n: 7 });
    await sleep(300);
    expect(toSender.items).toEqual([]);
    expect(elsewhere.items).toEqual([]);
  });

  it('the HTTP broadcast endpoint reaches subscribed clients', async () => {
    const inbox = new Inbox<Received>();
    await subscribed(
      client().channel('announcements').on('broadcast', { event: 'news' }, inbox.push),
    );
    const res = await fetch(`${stack.apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ topic: 'announcements', event: 'news', payload: { text: 'hi' } }],
      }),
    });
    expect(res.status).toBe(202);
    expect((await inbox.next()).payload).toEqual({ text: 'hi' });
  });
});

describe('presence', () => {
  it('syncs state, joins and leaves between two clients', async () => {
    const one = client(world.A.token);
    const two = client(world.B.token, '1.0.0');
    const joins = new Inbox<{ key: string }>();
    const leaves = new Inbox<{ key: string }>();
    const syncs = new Inbox<number>();
    const chanOne = one
      .channel('lobby', { config: { presence: { key: 'alice' } } })
      .on('presence', { event: 'sync' }, () =>
        syncs.push(Object.keys(chanOne.presenceState()).length),
      )
      .on('presence', { event: 'join' }, joins.push)
      .on('presence', { event: 'leave' }, leaves.push);
    await subscribed(chanOne);
    expect(await chanOne.track({ status: 'online' })).toBe('ok');
    await joins.next((j) => j.key === 'alice');

    const chanTwo = two.channel('lobby', { config: { presence: { key: 'bob' } } });
    const twoSynced = new Inbox<number>();
    chanTwo.on('presence', { event: 'sync' }, () =>
      twoSynced.push(Object.keys(chanTwo.presenceState()).length),
    );
    await subscribed(chanTwo);
    // The newcomer receives the state that was there before it.
    await twoSynced.next((n) => n === 1);
    expect(chanTwo.presenceState().alice?.[0]).toMatchObject({ status: 'online' });
    expect(await chanTwo.track({ status: 'away' })).toBe('ok');
    await joins.next((j) => j.key === 'bob');
    await syncs.next((n) => n === 2);
    expect(chanOne.presenceState().bob?.[0]).toMatchObject({ status: 'away' });

    expect(await chanTwo.untrack()).toBe('ok');
    await leaves.next((l) => l.key === 'bob');
    await syncs.next((n) => n === 1);

    // Leaving the channel (or disconnecting) drops the presence too.
    await chanTwo.track({ status: 'back' });
    await joins.next((j) => j.key === 'bob' && joins.items.length >= 3);
    await two.removeChannel(chanTwo);
    await leaves.next((l) => l.key === 'bob' && leaves.items.length >= 2);
    expect(Object.keys(chanOne.presenceState())).toEqual(['alice']);
  });
});
