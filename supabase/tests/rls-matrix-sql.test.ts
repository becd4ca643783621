// The RLS matrix directly in SQL: each case runs in a rolled-back transaction as the API role with
// the actor's JWT claims, the way PostgREST runs requests.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll } from 'vitest';
import { asUser, tryQuery, whereKey, type PoolClient } from './support/db.ts';
import { fixtureSql } from './support/fixture.ts';
import { ACTOR_ID, type Actor } from './support/matrix.ts';
import { defineMatrix } from './support/run-matrix.ts';

let stack: RunningStack;
let client: PoolClient;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  client = await stack.pool.connect();
}, 120_000);

afterAll(async () => {
  client?.release();
  await stack?.stop();
});

const userOf = (actor: Actor) => (actor === 'anon' ? null : ACTOR_ID[actor]);

defineMatrix(async ({ actor, operation, scenario, tag }) => {
  let key = scenario.key;
  const setup =
    operation === 'delete' && scenario.delete?.fresh
      ? async (c: PoolClient) => {
          key = (await c.query(scenario.delete!.fresh!)).rows[0] as Record<string, unknown>;
        }
      : undefined;

  return asUser(
    client,
    userOf(actor),
    async (c) => {
      const table = `public.${scenario.table}`;
      let result;
      switch (operation) {
        case 'select': {
          const where = whereKey(key);
          result = await tryQuery(c, `select 1 from ${table} where ${where.sql}`, where.values);
          break;
        }
        case 'insert': {
          const row = scenario.insert!.row(userOf(actor) ?? ACTOR_ID.A, tag);
          const columns = Object.keys(row);
          const values = Object.values(row).map((v) =>
            v !== null && typeof v === 'object' ? JSON.stringify(v) : v,
          );
          result = await tryQuery(
            c,
            `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
            values,
          );
          if ('rowCount' in result) return { allowed: true };
          break;
        }
        case 'update': {
          const set = Object.entries(scenario.update!.set);
          const where = whereKey(key, set.length);
          result = await tryQuery(
            c,
            `update ${table} set ${set.map(([column], i) => `${column} = $${i + 1}`).join(', ')} where ${where.sql}`,
            [...set.map(([, value]) => value), ...where.values],
          );
          break;
        }
        case 'delete': {
          const where = whereKey(key);
          result = await tryQuery(c, `delete from ${table} where ${where.sql}`, where.values);
          break;
        }
      }
      if ('error' in result)
        return { allowed: false, code: result.error.code, message: result.error.message };
      return { allowed: result.rowCount > 0 };
    },
    setup,
  );
});
