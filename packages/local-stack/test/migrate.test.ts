import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap } from '../src/bootstrap.ts';
import { applyMigrations, applySeed, MigrationError } from '../src/migrate.ts';
import { startDatabase, type Database } from '../src/postgres.ts';

let dataDir: string;
let db: Database;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-migrate-'));
  db = await startDatabase({ dataDir, ephemeral: true });
  await applyBootstrap(db.pool);
});

afterAll(async () => {
  await db?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(dataDir, 'migrations-'));
  await mkdir(dir, { recursive: true });
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('bootstrap', () => {
  it('is idempotent and creates the hosted roles, schemas and helpers', async () => {
    await applyBootstrap(db.pool);
    const roles = await db.pool.query<{
      rolname: string;
      rolbypassrls: boolean;
      rolcanlogin: boolean;
    }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticator', rolbypassrls: false, rolcanlogin: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ]);
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({
          sub: '6f1d7a52-8d0e-4c59-9f4e-0a3f3b1c2d4e',
          role: 'authenticated',
          email: 'a@example.com',
        }),
      ]);
      const { rows } = await client.query(
        'select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub',
        ['sub'],
      );
      expect(rows[0]).toEqual({
        uid: '6f1d7a52-8d0e-4c59-9f4e-0a3f3b1c2d4e',
        role: 'authenticated',
        email: 'a@example.com',
        sub: '6f1d7a52-8d0e-4c59-9f4e-0a3f3b1c2d4e',
      });
      await client.query('rollback');
    } finally {
      client.release();
    }
    const storage = await db.pool.query(
      `select storage.foldername('avatars/u1/me.png') as folders, storage.filename('avatars/u1/me.png') as file,
              storage.extension('avatars/u1/me.png') as ext`,
    );
    expect(storage.rows[0]).toEqual({ folders: ['avatars', 'u1'], file: 'me.png', ext: 'png' });
  });

  it('grants the API roles new public tables by default (RLS restricts)', async () => {
    await db.pool.query('create table public.grant_probe (id int)');
    const { rows } = await db.pool.query(
      `select has_table_privilege('anon', 'public.grant_probe', 'select') as anon,
              has_table_privilege('authenticated', 'public.grant_probe', 'insert') as authed`,
    );
    expect(rows[0]).toEqual({ anon: true, authed: true });
  });
});

describe('applyMigrations', () => {
  it('applies files once each, in file-name order, and records them', async () => {
    const dir = await migrationsDir({
      '20260101000002_second.sql': `insert into public.migration_order (step) values ('second');`,
      '20260101000001_first.sql': `create table public.migration_order (n serial, step text); insert into public.migration_order (step) values ('first');`,
      'README.md': 'not a migration',
    });
    expect(await applyMigrations(db.pool, dir)).toEqual([
      '20260101000001_first.sql',
      '20260101000002_second.sql',
    ]);
    expect(await applyMigrations(db.pool, dir)).toEqual([]);
    const { rows } = await db.pool.query('select step from public.migration_order order by n');
    expect(rows.map((row) => row.step)).toEqual(['first', 'second']);
    const history = await db.pool.query(
      `select version, name from supabase_migrations.schema_migrations where version like '20260101%' order by version`,
    );
    expect(history.rows).toEqual([
      { version: '20260101000001', name: 'first' },
      { version: '20260101000002', name: 'second' },
    ]);
  });

  it('rolls a failing file back, names it with the Postgres error, and stops there', async () => {
    const dir = await migrationsDir({
      '20260201000001_ok.sql': 'create table public.before_failure (id int);',
      '20260201000002_broken.sql':
        'create table public.half_done (id int);\ninsert into public.no_such_table values (1);',
      '20260201000003_after.sql': 'create table public.after_failure (id int);',
    });
    const error = await applyMigrations(db.pool, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).file).toBe('20260201000002_broken.sql');
    expect((error as Error).message).toMatch(
      /^20260201000002_broken\.sql failed at line 2: relation "public\.no_such_table" does not exist/,
    );
    const { rows } = await db.pool.query(
      `select to_regclass('public.before_failure') is not null as before,
              to_regclass('public.half_done') is not null as half,
              to_regclass('public.after_failure') is not null as after`,
    );
    expect(rows[0]).toEqual({ before: true, half: false, after: false });
    const recorded = await db.pool.query(
      `select version from supabase_migrations.schema_migrations where version like '20260201%'`,
    );
    expect(recorded.rows).toEqual([{ version: '20260201000001' }]);
  });

  it('refuses two files with the same version before applying anything', async () => {
    const dir = await migrationsDir({
      '20260401000001_one.sql': 'create table public.twin_one (id int);',
      '20260401000001_two.sql': 'create table public.twin_two (id int);',
    });
    await expect(applyMigrations(db.pool, dir)).rejects.toThrow(
      'Migrations 20260401000001_one.sql and 20260401000001_two.sql share the version 20260401000001',
    );
    const { rows } = await db.pool.query(`select to_regclass('public.twin_one') is null as none`);
    expect(rows[0].none).toBe(true);
  });

  it('runs later files with a clean session even if an earlier one changed settings', async () => {
    const dir = await migrationsDir({
      '20260301000001_sets.sql': `set search_path = pg_catalog; set statement_timeout = 1;`,
      '20260301000002_uses.sql': `create table public.session_probe (id int); select pg_sleep(0.01);`,
    });
    await applyMigrations(db.pool, dir);
    const { rows } = await db.pool.query(
      `select to_regclass('public.session_probe') is not null as ok`,
    );
    expect(rows[0].ok).toBe(true);
  });
});

describe('applySeed', () => {
  it('runs the seed once', async () => {
    const dir = await migrationsDir({});
    const seed = path.join(dir, 'seed.sql');
    await writeFile(
      seed,
      `create table if not exists public.seed_runs (n int); insert into public.seed_runs values (1);`,
    );
    expect(await applySeed(db.pool, seed)).toBe(true);
    expect(await applySeed(db.pool, seed)).toBe(false);
    const { rows } = await db.pool.query('select count(*)::int as n from public.seed_runs');
    expect(rows[0].n).toBe(1);
    expect(await applySeed(db.pool, path.join(dir, 'missing.sql'))).toBe(false);
  });
});
