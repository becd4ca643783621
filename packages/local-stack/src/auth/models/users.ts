import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmed_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
  identities: IdentityRow[];
  factors: FactorRow[];
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

const USER_SELECT = `
  select u.*,
    coalesce((select json_agg(i order by i.created_at) from auth.identities i where i.user_id = u.id), '[]') as identities,
    coalesce((select json_agg(json_build_object(
        'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
        'created_at', f.created_at, 'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at)
      order by f.created_at) from auth.mfa_factors f where f.user_id = u.id), '[]') as factors
  from auth.users u`;

export async function findUserById(
  db: Queryable,
  id: string,
  { forUpdate = false } = {},
): Promise<UserRow | null> {
  const lock = forUpdate ? ' for update of u' : '';
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where u.id = $1 and u.deleted_at is null${lock}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT} where lower(u.email) = lower($1) and u.is_sso_user = false and u.deleted_at is null`,
    [email],
  );
  return rows[0] ?? null;
}

/**
 * One page of users, newest first, with their identities and factors, and the number of all
 * users: one query.
 */
export async function listUsersPage(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await db.query<UserRow & { total: string }>(
    `with page as (
       select id, count(*) over () as total from auth.users where deleted_at is null
       order by created_at desc, id limit $1 offset $2
     )
     ${USER_SELECT.replace('select u.*', 'select u.*, page.total')}
     join page on page.id = u.id
     order by u.created_at desc, u.id`,
    [limit, offset],
  );
  let total = Number(rows[0]?.total ?? NaN);
  if (Number.isNaN(total)) {
    // The page is past the end: count on its own.
    const counted = await db.query<{ total: string }>(
      'select count(*) as total from auth.users where deleted_at is null',
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { users: rows.map(({ total: _total, ...user }) => user), total };
}

/** Column values of `auth.users` that an update may set (undefined: left as it is). */
export interface UserColumns {
  email?: string | null;
  encrypted_password?: string;
  email_confirmed_at?: Date | null;
  raw_user_meta_data?: Record<string, unknown>;
  raw_app_meta_data?: Record<string, unknown>;
  banned_until?: Date | null;
  role?: string;
  email_change?: string;
  email_change_token_new?: string;
  email_change_confirm_status?: number;
  recovery_token?: string;
  confirmation_token?: string;
  reauthentication_token?: string;
}

const UPDATABLE = new Set<keyof UserColumns>([
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'raw_user_meta_data',
  'raw_app_meta_data',
  'banned_until',
  'role',
  'email_change',
  'email_change_token_new',
  'email_change_confirm_status',
  'recovery_token',
  'confirmation_token',
  'reauthentication_token',
]);

/**
 * Writes `columns` of user `id` and `updated_at` in one statement; a changed email is copied into
 * the email identity's data in the same statement.
 */
export async function updateUserColumns(
  db: Queryable,
  id: string,
  columns: UserColumns,
  at: Date,
): Promise<void> {
  const names = (Object.keys(columns) as Array<keyof UserColumns>).filter(
    (name) => columns[name] !== undefined && UPDATABLE.has(name),
  );
  const values: unknown[] = [id, at];
  let emailParam = 0;
  const assignments = names.map((name) => {
    const value = columns[name];
    const json = typeof value === 'object' && value !== null && !(value instanceof Date);
    values.push(json ? JSON.stringify(value) : value);
    if (name === 'email') emailParam = values.length;
    return `${name} = $${values.length}`;
  });
  const setEmail = emailParam > 0 && typeof columns.email === 'string';
  const sql = `with changed as (
      update auth.users set ${[...assignments, 'updated_at = $2'].join(', ')} where id = $1 returning id
    )${
      setEmail
        ? `, identity as (
      update auth.identities set identity_data = identity_data || jsonb_build_object('email', $${emailParam}::text),
        updated_at = $2 where user_id = $1 and provider = 'email'
    )`
        : ''
    }
    select id from changed`;
  await db.query(sql, values);
}

/** Stores a mailed code's hash in `column` with its send time (and the pending address or invite time). */
export async function storeEmailToken(
  db: Queryable,
  id: string,
  column:
    'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'reauthentication_token',
  hash: string,
  at: Date,
  extra: { emailChange?: string; invited?: boolean } = {},
): Promise<void> {
  const sentAt = {
    confirmation_token: 'confirmation_sent_at',
    recovery_token: 'recovery_sent_at',
    email_change_token_new: 'email_change_sent_at',
    reauthentication_token: 'reauthentication_sent_at',
  }[column];
  const sets = [`${column} = $2`, `${sentAt} = $3`, 'updated_at = $3'];
  const values: unknown[] = [id, hash, at];
  if (extra.emailChange !== undefined) {
    values.push(extra.emailChange);
    sets.push(`email_change = $${values.length}`, 'email_change_confirm_status = 0');
  }
  if (extra.invited) sets.push('invited_at = $3');
  await db.query(`update auth.users set ${sets.join(', ')} where id = $1`, values);
}

/** The live user whose `column` holds `hash`, locked for the caller's transaction. */
export async function findUserByToken(
  db: Queryable,
  column:
    'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'reauthentication_token',
  hash: string,
): Promise<UserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users where ${column} = $1 and deleted_at is null for update`,
    [hash],
  );
  return rows[0] ? findUserById(db, rows[0].id) : null;
}

export function isBanned(user: UserRow, now: number): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > now;
}

const iso = (value: Date | string | null) =>
  value === null ? undefined : new Date(value).toISOString();

/** The user object as supabase/auth serialises it (fields that GoTrue omits when empty are omitted). */
export function userJson(user: UserRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities.map(identityJson),
    factors: user.factors.length > 0 ? user.factors.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    ...(factor.last_challenged_at ? { last_challenged_at: iso(factor.last_challenged_at) } : {}),
  };
}

export function actorOf(user: Pick<UserRow, 'id' | 'email'>) {
  return { id: user.id, email: user.email };
}

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export interface NewEmailUser {
  id?: string;
  email: string;
  encryptedPassword: string | null;
  confirmedAt: Date | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  bannedUntil?: Date | null;
  invitedAt?: Date | null;
}

/**
 * Inserts a user with its `email` identity; returns the id. Every column supabase/auth reads is
 * written explicitly (hosted's `auth.users` has no defaults for most of them, and its Go code
 * cannot read NULL tokens), so what works here works against hosted's tables.
 */
export async function insertEmailUser(
  db: Queryable,
  clock: { now(): number },
  user: NewEmailUser,
): Promise<string> {
  const id = user.id ?? randomUUID();
  const now = new Date(clock.now());
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       invited_at, confirmation_token, recovery_token, email_change_token_new, email_change,
       email_change_token_current, email_change_confirm_status, phone_change, phone_change_token,
       reauthentication_token, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       banned_until, is_super_admin, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5,
       $6, '', '', '', '', '', 0, '', '', '', $7, $8, $9, $9, $10, false, false, false)`,
    [
      id,
      user.role ?? 'authenticated',
      user.email,
      user.encryptedPassword ?? '',
      user.confirmedAt,
      user.invitedAt ?? null,
      JSON.stringify({ ...EMAIL_APP_METADATA, ...user.appMetadata }),
      JSON.stringify(user.userMetadata),
      now,
      user.bannedUntil ?? null,
    ],
  );
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3, 'email', $4, $4, $4)`,
    [
      randomUUID(),
      id,
      JSON.stringify({
        sub: id,
        email: user.email,
        email_verified: user.confirmedAt !== null,
        phone_verified: false,
      }),
      now,
    ],
  );
  return id;
}

/**
 * Deletes user `id`: hard (the row and, through foreign keys, everything of it) or soft (its
 * sessions, identities and factors go, the row stays anonymised with `deleted_at`).
 */
export async function deleteUser(
  db: Queryable,
  id: string,
  { soft, at }: { soft: boolean; at: Date },
): Promise<void> {
  if (!soft) {
    await db.query('delete from auth.users where id = $1', [id]);
    return;
  }
  await db.query(
    `with sessions as (delete from auth.sessions where user_id = $1),
       identities as (delete from auth.identities where user_id = $1),
       factors as (delete from auth.mfa_factors where user_id = $1)
     update auth.users set deleted_at = $2, updated_at = $2, email = null, phone = null,
       encrypted_password = '', recovery_token = '', confirmation_token = '', email_change = '',
       email_change_token_new = '', reauthentication_token = ''
     where id = $1`,
    [id, at],
  );
}

export async function deleteIdentity(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.identities where id = $1', [id]);
}
