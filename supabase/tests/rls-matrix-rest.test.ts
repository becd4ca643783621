// The RLS matrix through PostgREST with supabase-js, each actor signed in through /auth/v1.
// Requests commit, so inserted rows are removed afterwards and the fixture is restored after
// every successful update or delete.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { whereKey } from './support/db.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';
import { ACTOR_ID, type Actor, type Row } from './support/matrix.ts';
import { defineMatrix } from './support/run-matrix.ts';

let stack: RunningStack;
const clients = {} as Record<Actor, SupabaseClient>;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  clients.anon = anonClient(stack);
  const signedIn = ['A', 'B', 'M', 'admin'] as const;
  const signedInClients = await Promise.all(
    signedIn.map((actor) => signedInClient(stack, EMAIL[actor], PASSWORD)),
  );
  signedIn.forEach((actor, i) => {
    clients[actor] = signedInClients[i]!;
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client?.removeAllChannels()));
  await stack?.stop();
});

async function restore(): Promise<void> {
  await stack.pool.query(fixtureSql());
}

async function removeRow(table: string, key: Row): Promise<void> {
  const where = whereKey(key);
  await stack.pool.query(`delete from public.${table} where ${where.sql}`, where.values);
}

defineMatrix(async ({ actor, operation, scenario, tag }) => {
  const from = clients[actor].from(scenario.table);
  switch (operation) {
    case 'select': {
      const { count, error } = await from
        .select('*', { count: 'exact', head: true })
        .match(scenario.key);
      if (error) return { allowed: false, code: error.code, message: error.message };
      return { allowed: (count ?? 0) > 0 };
    }
    case 'insert': {
      const insert = scenario.insert!;
      const row = insert.row(actor === 'anon' ? ID.A : ACTOR_ID[actor], tag);
      const { error } = await from.insert(row);
      if (error) return { allowed: false, code: error.code, message: error.message };
      await removeRow(scenario.table, insert.cleanup ? insert.cleanup(row) : { id: row.id });
      return { allowed: true };
    }
    case 'update': {
      const { count, error } = await from
        .update(scenario.update!.set, { count: 'exact' })
        .match(scenario.key);
      if (error) return { allowed: false, code: error.code, message: error.message };
      if (count) await restore();
      return { allowed: (count ?? 0) > 0 };
    }
    case 'delete': {
      const key = scenario.delete?.fresh
        ? ((await stack.pool.query(scenario.delete.fresh)).rows[0] as Row)
        : scenario.key;
      const { count, error } = await from.delete({ count: 'exact' }).match(key);
      if (scenario.delete?.fresh && !count) await removeRow(scenario.table, key);
      if (error) return { allowed: false, code: error.code, message: error.message };
      if (count) await restore();
      return { allowed: (count ?? 0) > 0 };
    }
  }
});
