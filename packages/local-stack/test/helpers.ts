import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { loadOrCreateKeys } from '../src/keys.ts';
import type { RunningStack } from '../src/stack.ts';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * Inserts a user row directly and signs an access token for it with the stack's key. `metadata`
 * is the sign-up metadata (e.g. `{ role: 'merchant' }`; without a role the user is an affiliate).
 */
export async function createUser(
  stack: RunningStack,
  pool: pg.Pool = stack.pool,
  metadata: Record<string, string> = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  await pool.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', $3)`,
    [id, email, JSON.stringify(metadata)],
  );
  const keys = await loadOrCreateKeys(stack.dataDir);
  const token = await keys.sign(
    { sub: id, role: 'authenticated', aud: 'authenticated', email, aal: 'aal1' },
    3600,
  );
  return { id, email, token };
}

/** Waits until PostgREST's schema cache (reloaded asynchronously after DDL) lists `table`. */
export async function waitForTable(stack: RunningStack, table: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${stack.apiUrl}/rest/v1/`, {
      headers: { apikey: stack.serviceRoleKey },
    });
    const spec = (await res.json()) as { paths?: Record<string, unknown> };
    if (spec.paths && `/${table}` in spec.paths) return;
    if (Date.now() > deadline) throw new Error(`PostgREST never saw ${table}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A migrations directory that does not exist: stacks started with it have only the bootstrap
 * schema, so these tests do not depend on the project's migrations.
 */
export const NO_MIGRATIONS = path.join(tmpdir(), 'verdant-no-migrations', randomUUID());
