import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { withLock } from './lock.ts';

/** A migration or seed file that failed; the transaction was rolled back and startup stops. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly file: string,
    readonly postgresError: Error & { code?: string; position?: string },
    sql: string,
  ) {
    const line = lineOf(sql, postgresError.position);
    super(`${file} failed${line ? ` at line ${line}` : ''}: ${postgresError.message}`, {
      cause: postgresError,
    });
  }
}

function lineOf(sql: string, position: string | undefined): number | undefined {
  const offset = Number(position);
  if (!Number.isInteger(offset) || offset <= 0) return undefined;
  return sql.slice(0, offset - 1).split('\n').length;
}

const HISTORY_SQL = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  );
  create table if not exists supabase_migrations.seed_files (
    path text primary key,
    hash text not null,
    applied_at timestamptz not null default now()
  );
`;

/** `20261122000100_engagement_metrics.sql` → version `20261122000100`, name `engagement_metrics`. */
function parseMigrationName(file: string): { version: string; name: string } {
  const base = file.slice(0, -'.sql'.length);
  const underscore = base.indexOf('_');
  return underscore > 0
    ? { version: base.slice(0, underscore), name: base.slice(underscore + 1) }
    : { version: base, name: base };
}

async function runInTransaction(
  client: pg.PoolClient,
  file: string,
  sql: string,
  record: () => Promise<unknown>,
) {
  await client.query('begin');
  try {
    await client.query(sql);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new MigrationError(file, error as Error, sql);
  }
  try {
    await record();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  // A file may change session settings (search_path, role, …); later files start clean.
  await client.query('reset all');
}

/**
 * Applies `dir/*.sql` in file-name order, each once, each in its own transaction, recording it in
 * `supabase_migrations.schema_migrations` (the table the Supabase CLI keeps). A failing file is
 * rolled back and a `MigrationError` naming it is thrown; later files are not applied.
 * Returns the files applied by this call.
 */
export async function applyMigrations(pool: pg.Pool, dir: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const seen = new Map<string, string>();
  for (const file of files) {
    const { version } = parseMigrationName(file);
    const other = seen.get(version);
    if (other)
      throw new Error(
        `Migrations ${other} and ${file} share the version ${version}; give each file its own timestamp`,
      );
    seen.set(version, file);
  }
  return withLock(pool, async (client) => {
    await client.query(HISTORY_SQL);
    const done = new Set(
      (
        await client.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).rows.map((row) => row.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const { version, name } = parseMigrationName(file);
      if (done.has(version)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      await runInTransaction(client, file, sql, () =>
        client.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [version, name],
        ),
      );
      applied.push(file);
    }
    return applied;
  });
}

/**
 * Runs the seed file once per database (recorded in `supabase_migrations.seed_files`), in one
 * transaction. Returns whether it ran now. A missing file is not an error.
 */
export async function applySeed(pool: pg.Pool, file: string): Promise<boolean> {
  let sql: string;
  try {
    sql = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const key = path.basename(file);
  return withLock(pool, async (client) => {
    await client.query(HISTORY_SQL);
    const seen = await client.query(
      'select 1 from supabase_migrations.seed_files where path = $1',
      [key],
    );
    if (seen.rowCount) return false;
    const hash = createHash('sha256').update(sql).digest('hex');
    await runInTransaction(client, key, sql, () =>
      client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
        key,
        hash,
      ]),
    );
    return true;
  });
}
