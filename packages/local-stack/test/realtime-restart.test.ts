// A restart of the stack: clients reconnect and rejoin on their own, changes made after the
// restart arrive, and no replication slot is left behind (not even one from a crashed run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../src/net.ts';
import { SLOT_PREFIX } from '../src/realtime/index.ts';
import { startStack, type RunningStack } from '../src/stack.ts';
import { Inbox, clientFor, createWorld, insertMessage } from './realtime-world.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

let dataDir: string | undefined;
let stack: RunningStack | undefined;
let supabase: SupabaseClient | undefined;

afterAll(async () => {
  await supabase?.removeAllChannels();
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function slots(running: RunningStack) {
  const { rows } = await running.pool.query<{
    slot_name: string;
    temporary: boolean;
    active: boolean;
  }>('select slot_name, temporary, active from pg_replication_slots order by slot_name');
  return rows;
}

it('clients resume after a restart and no replication slot leaks', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-realtime-restart-'));
  const apiPort = await freePort();
  const start = () =>
    startStack({ dataDir, apiPort, webPort: 0, quiet: true, ephemeral: true, seed: false });
  stack = await start();
  const world = await createWorld(stack);

  const running = await slots(stack);
  expect(running).toHaveLength(1);
  expect(running[0]).toMatchObject({ temporary: true, active: true });
  expect(running[0]!.slot_name.startsWith(SLOT_PREFIX)).toBe(true);
  // A slot such as a crashed run of an older version could have left behind.
  await stack.pool.query(
    `select pg_create_logical_replication_slot('${SLOT_PREFIX}crashed', 'pgoutput')`,
  );

  supabase = clientFor(stack, world.A.token);
  const inbox = new Inbox<Change>();
  const statuses = new Inbox<string>();
  supabase
    .channel('restart')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, inbox.push)
    .subscribe((status) => statuses.push(status));
  await statuses.next((s) => s === 'SUBSCRIBED');
  const before = await insertMessage(stack, world.conversationMA, world.M.id, 'before');
  await inbox.next((c) => c.new && (c.new as { id?: string }).id === before);

  await stack.stop();
  stack = await start();

  // The client reconnects (its back-off) and rejoins; the second SUBSCRIBED marks it.
  await statuses.next(
    (s) => s === 'SUBSCRIBED' && statuses.items.filter((x) => x === 'SUBSCRIBED').length >= 2,
    30_000,
  );
  const after = await insertMessage(stack, world.conversationMA, world.M.id, 'after');
  await inbox.next((c) => (c.new as { id?: string }).id === after, 15_000);

  const afterRestart = await slots(stack);
  expect(afterRestart).toHaveLength(1);
  expect(afterRestart[0]).toMatchObject({ temporary: true, active: true });
  expect(afterRestart[0]!.slot_name).not.toBe(`${SLOT_PREFIX}crashed`);
}, 180_000);
