import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDatabase, type Database } from '../src/postgres.ts';
import { startStack } from '../src/stack.ts';
import { nodeSupabaseOptions } from '../src/testing.ts';

// DATABASE_URL mode: the stack uses a Postgres it did not start. By default that is a separate
// cluster started here; VERDANT_TEST_DATABASE_URL points the test at any other Postgres (≥ 15).
let external: Database | undefined;
let databaseUrl: string;
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'verdant-external-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  if (process.env.VERDANT_TEST_DATABASE_URL) {
    databaseUrl = process.env.VERDANT_TEST_DATABASE_URL;
  } else {
    external = await startDatabase({ dataDir: await tempDir(), ephemeral: true });
    databaseUrl = external.superuserUrl;
  }
});

afterAll(async () => {
  await external?.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

it('runs the whole stack on an external database and leaves it running', async () => {
  const stack = await startStack({
    databaseUrl,
    dataDir: await tempDir(),
    apiPort: 0,
    webPort: 0,
    seed: false,
    quiet: true,
    reset: true,
  });
  try {
    expect(stack.dbUrl).toBe(databaseUrl);
    const client = createClient(stack.apiUrl, stack.anonKey, nodeSupabaseOptions);
    const signUp = await client.auth.signUp({
      email: 'outside@example.com',
      password: 'Pine-Needle-2026!',
    });
    expect(signUp.error).toBeNull();
    const { error } = await client.from('engagement_metrics').select('id').limit(1);
    expect(error).toBeNull();
  } finally {
    await stack.stop();
  }
  const { default: pg } = await import('pg');
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  try {
    const { rows } = await probe.query(
      `select count(*)::int as n from auth.users where email = 'outside@example.com'`,
    );
    expect(rows[0].n).toBe(1);
  } finally {
    await probe.end();
  }

  // A second stack on the same database finds everything in place; reset wipes the stack's schemas.
  const again = await startStack({
    databaseUrl,
    dataDir: await tempDir(),
    apiPort: 0,
    webPort: 0,
    seed: false,
    quiet: true,
  });
  expect(again.appliedMigrations).toEqual([]);
  await again.stop();
  const reset = await startStack({
    databaseUrl,
    dataDir: await tempDir(),
    apiPort: 0,
    webPort: 0,
    seed: false,
    quiet: true,
    reset: true,
  });
  try {
    expect(reset.appliedMigrations.length).toBeGreaterThan(0);
    const { rows } = await reset.pool.query('select count(*)::int as n from auth.users');
    expect(rows[0].n).toBe(0);
  } finally {
    await reset.stop();
  }
});
