// postgres_changes against the real stack with unmodified supabase-js: logical replication,
// delivery only to subscribers whose role may SELECT the row under RLS, filters, old records.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import {
  Inbox,
  clientFor,
  createWorld,
  insertCommission,
  insertMessage,
  sleep,
  subscribed,
  type World,
} from './realtime-world.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

/** A change's new record, `{}` for a DELETE. */
const newRecord = (change: Change): Row => change.new;

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

describe('postgres_changes', () => {
  it('delivers a message only to the participants of its conversation', async () => {
    const inboxA = new Inbox<Change>();
    const inboxB = new Inbox<Change>();
    await subscribed(
      client(world.A.token)
        .channel('a-messages')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'messages' },
          inboxA.push,
        ),
    );
    await subscribed(
      client(world.B.token)
        .channel('b-messages')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'messages' },
          inboxB.push,
        ),
    );
    const forB = await insertMessage(stack, world.conversationM2B, world.M2.id, 'for B only');
    const forA = await insertMessage(stack, world.conversationMA, world.M.id, 'hello A');

    const arrived = await inboxA.next((c) => c.eventType === 'INSERT' && c.new.id === forA);
    expect(arrived.new).toMatchObject({
      id: forA,
      body: 'hello A',
      conversation_id: world.conversationMA,
      read_at: null,
    });
    expect(arrived.schema).toBe('public');
    expect(arrived.table).toBe('messages');
    expect(typeof newRecord(arrived).created_at).toBe('string');
    expect(Number.isNaN(Date.parse(arrived.commit_timestamp))).toBe(false);
    await inboxB.next((c) => c.eventType === 'INSERT' && c.new.id === forB);
    // B's message reached B, and A's message reached A: neither crossed over.
    await sleep(300);
    expect(inboxA.items.map((c) => newRecord(c).id)).toEqual([forA]);
    expect(inboxB.items.map((c) => newRecord(c).id)).toEqual([forB]);
  });

  it('delivers a commission only to its affiliate (vsn 1.0.0 as well)', async () => {
    const inboxA = new Inbox<Change>();
    const inboxB = new Inbox<Change>();
    const anonInbox = new Inbox<Change>();
    await subscribed(
      client(world.A.token, '1.0.0')
        .channel('a-commissions')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'commissions' },
          inboxA.push,
        ),
    );
    await subscribed(
      client(world.B.token)
        .channel('b-commissions')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'commissions' },
          inboxB.push,
        ),
    );
    await subscribed(
      client()
        .channel('anon-commissions')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'commissions' },
          anonInbox.push,
        ),
    );
    const forA = await insertCommission(stack, world.A, world.M, world.programM, 250);
    const forB = await insertCommission(stack, world.B, world.M2, world.programM2, 300);
    const arrived = await inboxA.next((c) => newRecord(c).id === forA);
    expect(arrived.new).toMatchObject({ amount_cents: 250, status: 'pending', kind: 'sale' });
    await inboxB.next((c) => newRecord(c).id === forB);
    await sleep(300);
    expect(inboxA.items.map((c) => newRecord(c).id)).toEqual([forA]);
    expect(inboxB.items.map((c) => newRecord(c).id)).toEqual([forB]);
    expect(anonInbox.items).toEqual([]);
  });
});
