import type pg from 'pg';
import type { RunningStack } from '@verdant/local-stack/testing';

export type PoolClient = pg.PoolClient;

interface PgError {
  code?: string;
  message: string;
}

/** The JWT claims PostgREST would set for a signed-in user (or anon when `userId` is null). */
export function claimsFor(userId: string | null): string {
  return JSON.stringify(
    userId ? { sub: userId, role: 'authenticated', aud: 'authenticated' } : { role: 'anon' },
  );
}

/**
 * Runs `body` inside a transaction as the API role of `userId` (anon when null), exactly as
 * PostgREST does: `set local role` plus `request.jwt.claims`. `setup` runs first as the superuser in
 * the same transaction. Everything is rolled back.
 */
export async function asUser<T>(
  client: PoolClient,
  userId: string | null,
  body: (client: PoolClient) => Promise<T>,
  setup?: (client: PoolClient) => Promise<void>,
): Promise<T> {
  await client.query('begin');
  try {
    if (setup) await setup(client);
    await client.query(`set local role ${userId ? 'authenticated' : 'anon'}`);
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [claimsFor(userId)]);
    return await body(client);
  } finally {
    await client.query('rollback');
  }
}

/** Runs a statement and reports its row count or its SQLSTATE, without throwing. */
export async function tryQuery(
  client: PoolClient,
  text: string,
  values: unknown[] = [],
): Promise<{ rowCount: number; rows: Record<string, unknown>[] } | { error: PgError }> {
  await client.query('savepoint attempt');
  try {
    const result = await client.query(text, values);
    await client.query('release savepoint attempt');
    return { rowCount: result.rowCount ?? 0, rows: result.rows };
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    const { code, message } = error as PgError;
    return { error: { code, message } };
  }
}

/** `where a = $n and b = $n+1 …` for a key object, with its values. */
export function whereKey(
  key: Record<string, unknown>,
  offset = 0,
): { sql: string; values: unknown[] } {
  const entries = Object.entries(key);
  return {
    sql: entries.map(([column], i) => `${column} = $${offset + i + 1}`).join(' and '),
    values: entries.map(([, value]) => value),
  };
}

/** Runs `fn` with a dedicated pool client, released afterwards. */
export async function withClient<T>(
  stack: RunningStack,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await stack.pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

/** Expects a Postgres error with this SQLSTATE and message. */
export async function expectPgError(
  promise: Promise<unknown>,
  code: string,
  message: string | RegExp,
): Promise<void> {
  let caught: PgError | undefined;
  try {
    await promise;
  } catch (error) {
    caught = error as PgError;
  }
  if (!caught)
    throw new Error(`expected error ${code} ${String(message)}, but the statement succeeded`);
  const matches =
    typeof message === 'string' ? caught.message === message : message.test(caught.message);
  if (caught.code !== code || !matches) {
    throw new Error(
      `expected error ${code} "${String(message)}", got ${caught.code} "${caught.message}"`,
    );
  }
}
