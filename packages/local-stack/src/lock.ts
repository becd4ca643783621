import type pg from 'pg';

/** One lock for schema changes, so stacks sharing an external database never migrate it concurrently. */
const SCHEMA_LOCK_KEY = 7_346_001;

export async function withLock<T>(
  pool: pg.Pool,
  body: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    try {
      return await body(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
