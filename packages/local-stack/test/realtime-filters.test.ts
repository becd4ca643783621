// postgres_changes filters, UPDATE/DELETE old records, tokens (refresh keeps the channel, expiry
// closes it, an invalid token is refused) — with unmodified supabase-js against the real stack.
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
  signToken,
  sleep,
  subscribed,
  type World,
} from './realtime-world.ts';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

/** A change's new record, `{}` for a DELETE. */
const newRecord = (change: Change): Row => change.new;
/** A change's old record, `{}` for an INSERT. */
const oldRecord = (change: Change): Row => change.old;

let stack: RunningStack;
let world: World;
const clients: SupabaseClient[] = [];
const client = (token?: string) => {
  const c = clientFor(stack, token);
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

describe('filters', () => {
  it('eq, neq, lt, lte, gt, gte and in select the rows they name', async () => {
    const filters = {
      eq: 'amount_cents=eq.200',
      neq: 'amount_cents=neq.200',
      lt: 'amount_cents=lt.200',
      lte: 'amount_cents=lte.200',
      gt: 'amount_cents=gt.200',
      gte: 'amount_cents=gte.200',
      in: 'amount_cents=in.(100,300)',
    } as const;
    const inboxes = Object.fromEntries(
      Object.keys(filters).map((name) => [name, new Inbox<Change>()]),
    ) as Record<keyof typeof filters, Inbox<Change>>;
    let channel = client(world.A.token).channel('filters');
    for (const [name, filter] of Object.entries(filters) as Array<[keyof typeof filters, string]>)
      channel = channel.on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'commissions', filter },
        inboxes[name].push,
      );
    await subscribed(channel);
    const ids: Record<number, string> = {};
    for (const amount of [100, 200, 300])
      ids[amount] = await insertCommission(stack, world.A, world.M, world.programM, amount);
    const last = ids[300]!;
    await inboxes.gte.next((c) => newRecord(c).id === last);
    await inboxes.neq.next((c) => newRecord(c).id === last);
    await sleep(300);
    const amounts = (name: keyof typeof filters) =>
      inboxes[name].items.map((c) => newRecord(c).amount_cents).sort();
    expect(amounts('eq')).toEqual([200]);
    expect(amounts('neq')).toEqual([100, 300]);
    expect(amounts('lt')).toEqual([100]);
    expect(amounts('lte')).toEqual([100, 200]);
    expect(amounts('gt')).toEqual([300]);
    expect(amounts('gte')).toEqual([200, 300]);
    expect(amounts('in')).toEqual([100, 300]);
  });

  it('a filter on an unknown column gets a system error', async () => {
    const system = new Inbox<{ status: string; message: string; extension: string }>();
    await subscribed(
      client(world.A.token)
        .channel('bad-filter')
        .on('system', {}, system.push)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'messages', filter: 'nope=eq.1' },
          () => undefined,
        ),
    );
    const message = await system.next((m) => m.extension === 'postgres_changes');
    expect(message.status).toBe('error');
    expect(message.message).toContain('column nope does not exist');
  });

  it('a table outside the publication gets a system error', async () => {
    const system = new Inbox<{ status: string; message: string; extension: string }>();
    await subscribed(
      client(world.A.token)
        .channel('not-published')
        .on('system', {}, system.push)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'profiles' },
          () => undefined,
        ),
    );
    const message = await system.next((m) => m.extension === 'postgres_changes');
    expect(message.status).toBe('error');
    expect(message.message).toContain('supabase_realtime');
  });
});

describe('old records', () => {
  it('UPDATE and DELETE carry the old row (replica identity full)', async () => {
    const inbox = new Inbox<Change>();
    const system = new Inbox<{ status: string; extension: string }>();
    await subscribed(
      client(world.A.token)
        .channel('a-all-messages')
        .on('system', {}, system.push)
        .on(
          'postgres_changes',
          {
            event: '*',
            schema: 'public',
            table: 'messages',
            filter: `conversation_id=eq.${world.conversationMA}`,
          },
          inbox.push,
        ),
    );
    expect((await system.next((m) => m.extension === 'postgres_changes')).status).toBe('ok');
    const id = await insertMessage(stack, world.conversationMA, world.A.id, 'to be read');
    await stack.pool.query('update public.messages set read_at = now() where id = $1', [id]);
    await stack.pool.query('delete from public.messages where id = $1', [id]);
    const update = await inbox.next((c) => c.eventType === 'UPDATE');
    expect(update.old).toMatchObject({ id, read_at: null, body: 'to be read' });
    expect(typeof newRecord(update).read_at).toBe('string');
    const deleted = await inbox.next((c) => c.eventType === 'DELETE');
    expect(deleted.old).toMatchObject({ id, body: 'to be read', sender_id: world.A.id });
    expect(deleted.new).toEqual({});
    expect(inbox.items.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('UPDATE and DELETE carry only the key columns (replica identity default)', async () => {
    // A table of its own, published with the default replica identity (its primary key), made
    // before subscribing so the visibility check sees its policy from the first change.
    const table = 'realtime_default_identity';
    await stack.pool.query(`
      create table public.${table} (
        team text not null,
        n integer not null,
        title text not null,
        qty integer not null default 0,
        primary key (team, n)
      );
      alter table public.${table} enable row level security;
      create policy "authenticated read" on public.${table} for select to authenticated using (true);
      grant select on public.${table} to authenticated;
      alter publication supabase_realtime add table public.${table};
    `);
    const supabase = client(world.A.token);
    try {
      const identity = await stack.pool.query<{ relreplident: string }>(
        `select relreplident from pg_class where oid = 'public.${table}'::regclass`,
      );
      expect(identity.rows[0]?.relreplident).toBe('d');
      const inbox = new Inbox<Change>();
      const system = new Inbox<{ status: string; extension: string }>();
      await subscribed(
        supabase
          .channel('default-identity')
          .on('system', {}, system.push)
          .on('postgres_changes', { event: '*', schema: 'public', table }, inbox.push),
      );
      expect((await system.next((m) => m.extension === 'postgres_changes')).status).toBe('ok');

      await stack.pool.query(
        `insert into public.${table} (team, n, title, qty) values ('acme', 1, 'first', 1), ('acme', 2, 'second', 2)`,
      );
      // The key is unchanged: pgoutput sends no old tuple, the old record is the key.
      await stack.pool.query(
        `update public.${table} set title = 'renamed', qty = 5 where team = 'acme' and n = 1`,
      );
      // The key changes: pgoutput sends the old key.
      await stack.pool.query(`update public.${table} set n = 20 where team = 'acme' and n = 2`);
      await stack.pool.query(`delete from public.${table} where team = 'acme' and n = 1`);

      await inbox.next((c) => c.eventType === 'DELETE');
      expect(inbox.items.map((c) => c.eventType)).toEqual([
        'INSERT',
        'INSERT',
        'UPDATE',
        'UPDATE',
        'DELETE',
      ]);
      const [, , unchangedKey, changedKey, deleted] = inbox.items as [
        Change,
        Change,
        Change,
        Change,
        Change,
      ];
      expect(unchangedKey.new).toEqual({ team: 'acme', n: 1, title: 'renamed', qty: 5 });
      expect(unchangedKey.old).toEqual({ team: 'acme', n: 1 });
      expect(changedKey.new).toEqual({ team: 'acme', n: 20, title: 'second', qty: 2 });
      expect(changedKey.old).toEqual({ team: 'acme', n: 2 });
      expect(deleted.old).toEqual({ team: 'acme', n: 1 });
      expect(deleted.new).toEqual({});
    } finally {
      await supabase.removeAllChannels();
      await stack.pool.query(`drop table if exists public.${table}`);
    }
  });

  it('a DELETE reaches only subscribers who could see the row', async () => {
    const inboxB = new Inbox<Change>();
    await subscribed(
      client(world.B.token)
        .channel('b-deletes')
        .on(
          'postgres_changes',
          { event: 'DELETE', schema: 'public', table: 'messages' },
          inboxB.push,
        ),
    );
    const inboxA = new Inbox<Change>();
    await subscribed(
      client(world.A.token)
        .channel('a-deletes')
        .on(
          'postgres_changes',
          { event: 'DELETE', schema: 'public', table: 'messages' },
          inboxA.push,
        ),
    );
    const id = await insertMessage(stack, world.conversationMA, world.M.id, 'gone soon');
    await stack.pool.query('delete from public.messages where id = $1', [id]);
    await inboxA.next((c) => oldRecord(c).id === id);
    await sleep(300);
    expect(inboxB.items).toEqual([]);
  });
});

describe('tokens', () => {
  it('a refreshed token keeps the channel and its deliveries', async () => {
    const shortLived = await signToken(stack, world.A.id, 4);
    const supabase = client(shortLived);
    const inbox = new Inbox<Change>();
    const channel = await subscribed(
      supabase
        .channel('refresh')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'messages' },
          inbox.push,
        ),
    );
    await supabase.realtime.setAuth(await signToken(stack, world.A.id, 3600));
    await sleep(5_500);
    expect(channel.state).toBe('joined');
    const id = await insertMessage(stack, world.conversationMA, world.M.id, 'after refresh');
    await inbox.next((c) => newRecord(c).id === id);
  });

  it('an expired token closes the channel with a system error', async () => {
    const supabase = client(await signToken(stack, world.A.id, 3));
    const system = new Inbox<{ status: string; message: string }>();
    const statuses = new Inbox<string>();
    const channel = supabase.channel('expiring').on('system', {}, system.push);
    channel.subscribe((status) => statuses.push(status));
    await statuses.next((s) => s === 'SUBSCRIBED');
    const message = await system.next((m) => m.status === 'error', 10_000);
    expect(message.message).toMatch(/^Token has expired \d+ seconds ago$/);
    await statuses.next((s) => s === 'CLOSED');
  });

  it('an invalid or expired token is refused at join', async () => {
    const expired = await signToken(stack, world.A.id, -10);
    for (const [token, reason] of [
      ['not-a-token', 'Invalid JWT'],
      [expired, 'Token has expired'],
    ] as const) {
      const supabase = client(token);
      const error = await new Promise<Error | undefined>((resolve) =>
        supabase.channel(`refused-${reason}`).subscribe((status, err) => {
          if (status === 'CHANNEL_ERROR') resolve(err);
        }),
      );
      expect(error?.message).toContain(reason);
      await supabase.removeAllChannels();
    }
  });
});
