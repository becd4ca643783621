import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { withLock } from './lock.ts';

/** The stack's own SQL, in the order it runs. A file that is not present (yet) is skipped. */
const BOOTSTRAP_FILES = [
  '00-roles.sql',
  '10-auth.sql',
  '20-storage.sql',
  '30-local-stripe.sql',
] as const;

async function readSql(name: string): Promise<string | undefined> {
  try {
    return await readFile(new URL(`../sql/${name}`, import.meta.url), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The stack's SQL files that are present, in the order they run, with their contents. */
export async function bootstrapFiles(): Promise<Array<[name: string, sql: string]>> {
  const files: Array<[string, string]> = [];
  for (const name of BOOTSTRAP_FILES) {
    const sql = await readSql(name);
    if (sql !== undefined) files.push([name, sql]);
  }
  return files;
}

/**
 * Brings the database to the shape hosted Supabase gives a fresh project: roles, schemas,
 * extensions, auth and storage tables, grants. Idempotent; each file runs in its own transaction.
 */
export async function applyBootstrap(pool: pg.Pool): Promise<void> {
  const files = await bootstrapFiles();
  await withLock(pool, async (client) => {
    for (const [name, sql] of files) {
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw new Error(`Bootstrap ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  });
}
