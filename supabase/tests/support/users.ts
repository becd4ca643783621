import { randomUUID } from 'node:crypto';
import type { RunningStack } from '@verdant/local-stack/testing';

export interface Profile {
  id: string;
  name: string;
  username: string;
  role: string;
  has_completed_onboarding: boolean;
  has_active_subscription: boolean;
  subscription_tier: string | null;
  subscription_end_date: Date | null;
}

/** Inserts an auth user the way the auth service does on sign-up and returns the created profile. */
export async function createUser(
  stack: RunningStack,
  opts: {
    email?: string | null;
    metadata?: Record<string, unknown>;
    role?: string;
    password?: string;
  } = {},
): Promise<Profile> {
  const id = randomUUID();
  const email = opts.email === undefined ? `user-${id.slice(0, 8)}@profiles.test` : opts.email;
  await stack.pool.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2,
             case when $4::text is null then null else extensions.crypt($4, extensions.gen_salt('bf', 4)) end,
             now(), $3)`,
    [id, email, opts.metadata ?? {}, opts.password ?? null],
  );
  if (opts.role)
    await stack.pool.query('update public.profiles set role = $2 where id = $1', [id, opts.role]);
  return profileOf(stack, id);
}

export async function profileOf(stack: RunningStack, id: string): Promise<Profile> {
  const { rows } = await stack.pool.query<Profile>('select * from public.profiles where id = $1', [
    id,
  ]);
  if (!rows[0]) throw new Error(`no profile for ${id}`);
  return rows[0];
}
