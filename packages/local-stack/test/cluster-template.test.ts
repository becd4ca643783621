import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { templatePath } from '../src/cluster-template.ts';
import { MigrationError } from '../src/migrate.ts';
import { exists } from '../src/postgres-process.ts';
import { scratchDir } from '../src/scratch.ts';
import { startTestStack } from '../src/testing.ts';

// Migration directories of these tests and the templates built from them (removed afterwards,
// so that repeated runs leave nothing in the scratch directory).
const made: string[] = [];

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** A migrations directory of this run's own: its template is new to this run. */
async function migrations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'verdant-template-migrations-'));
  made.push(dir);
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  made.push(await templatePath(dir));
  return dir;
}

const unique = () => `${Date.now().toString(36)}_${process.pid}`;

describe('throw-away clusters from a migrated template', () => {
  it('builds the template once, and each stack gets its own copy of the migrated database', async () => {
    const table = `t_${unique()}`;
    const migrationsDir = await migrations({
      '20260101000001_table.sql': `create table public.${table} (id int primary key);`,
    });
    const template = await templatePath(migrationsDir);
    expect(await exists(template)).toBe(false);
    const first = await startTestStack({ seed: false, migrationsDir });
    const built = await stat(path.join(template, 'migrations.json'));
    const second = await startTestStack({ seed: false, migrationsDir });
    try {
      // The second stack copied the same template; it did not build another.
      expect((await stat(path.join(template, 'migrations.json'))).ino).toBe(built.ino);
      for (const stack of [first, second]) {
        expect(stack.appliedMigrations).toEqual(['20260101000001_table.sql']);
        const { rows } = await stack.pool.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        );
        expect(rows).toEqual([{ version: '20260101000001' }]);
      }
      // Copies, not one database: a row written in one stack is not in the other.
      await first.pool.query(`insert into public.${table} values (1)`);
      const { rows } = await second.pool.query(`select count(*)::int as n from public.${table}`);
      expect(rows[0].n).toBe(0);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('uses another template when a migration file changes', async () => {
    const table = `c_${unique()}`;
    const one = await migrations({
      '20260101000001_columns.sql': `create table public.${table} (a int);`,
    });
    const two = await migrations({
      '20260101000001_columns.sql': `create table public.${table} (a int, b int);`,
    });
    expect(await templatePath(two)).not.toBe(await templatePath(one));
    for (const [migrationsDir, columns] of [
      [one, ['a']],
      [two, ['a', 'b']],
    ] as const) {
      const stack = await startTestStack({ seed: false, migrationsDir });
      try {
        const { rows } = await stack.pool.query<{ column_name: string }>(
          `select column_name from information_schema.columns
           where table_schema = 'public' and table_name = $1 order by ordinal_position`,
          [table],
        );
        expect(rows.map((row) => row.column_name)).toEqual(columns);
      } finally {
        await stack.stop();
      }
      expect(await exists(await templatePath(migrationsDir))).toBe(true);
    }
  });

  it('meets a failing migration as a stack without a template would, and keeps no template of it', async () => {
    const migrationsDir = await migrations({
      '20260101000001_fine.sql': `create table public.f_${unique()} (id int);`,
      '20260101000002_broken.sql': 'create table public.broken (id int',
    });
    const error = await startTestStack({ seed: false, migrationsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).file).toBe('20260101000002_broken.sql');
    expect(await exists(await templatePath(migrationsDir))).toBe(false);
  });

  it('removes templates unused for a day when it builds a new one', async () => {
    const stale = path.join(await scratchDir(), `verdant-cluster-stale-${unique()}`);
    made.push(stale);
    await mkdir(stale, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(stale, twoDaysAgo, twoDaysAgo);
    const migrationsDir = await migrations({
      '20260101000001_new.sql': `create table public.n_${unique()} (id int);`,
    });
    const stack = await startTestStack({ seed: false, migrationsDir });
    await stack.stop();
    expect(await exists(stale)).toBe(false);
  });
});
