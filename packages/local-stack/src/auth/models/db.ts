import type pg from 'pg';

export type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Runs `work` in one transaction: everything it writes is committed together or, when it throws,
 * rolled back together (bad input never leaves a partial write).
 */
export async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Answers once the database takes a query (the health check). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1');
}
