import type { Queryable } from './db.js';

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

function factorJson(factor: FactorRow): Record<string, unknown> {
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
