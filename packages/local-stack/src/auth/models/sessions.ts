import type { Queryable } from './db.ts';

/** `auth.sessions`, `auth.refresh_tokens` and `auth.mfa_amr_claims`: a signed-in device. */

const INSTANCE = '00000000-0000-0000-0000-000000000000';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2' | 'aal3';
  factor_id: string | null;
  not_after: Date | null;
}

export interface SessionClaims {
  aal: string;
  amr: Array<{ method: string; timestamp: number }>;
}

/** `aal` and `amr` (newest method first) of the session whose id is `sessionParam`. */
const sessionClaimsSql = (sessionParam: string) => `
  (select aal from auth.sessions where id = ${sessionParam}) as aal,
  coalesce((select json_agg(json_build_object('method', c.authentication_method,
                                              'timestamp', floor(extract(epoch from c.updated_at))::bigint)
                            order by c.updated_at desc)
            from auth.mfa_amr_claims c where c.session_id = ${sessionParam}), '[]') as amr`;

/** The session `id` of `userId` when it exists and has not ended by `now`. */
export async function findLiveSession(
  db: Queryable,
  id: string,
  userId: string,
  now: number,
): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `select id, user_id, aal, factor_id, not_after from auth.sessions
     where id = $1 and user_id = $2 and (not_after is null or not_after > $3)`,
    [id, userId, new Date(now)],
  );
  return rows[0] ?? null;
}

/**
 * A new aal1 session of `userId` with its first refresh token and its first `amr` method; the
 * user's `last_sign_in_at` is the session's start. One statement.
 */
export async function insertSession(
  db: Queryable,
  session: {
    id: string;
    userId: string;
    refreshToken: string;
    method: string;
    userAgent: string | null;
    ip: string | null;
  },
  at: Date,
): Promise<void> {
  await db.query(
    `with s as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
       values ($1, $2, $3::timestamptz, $3::timestamptz, 'aal1', $3::timestamptz, $4, $5) returning id
     ), amr as (
       insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
       select id, $3, $3, $6 from s
     ), token as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
       select '${INSTANCE}', $7, $2, false, $3, $3, id from s
     )
     update auth.users set last_sign_in_at = $3, updated_at = $3 where id = $2`,
    [
      session.id,
      session.userId,
      at,
      session.userAgent,
      session.ip,
      session.method,
      session.refreshToken,
    ],
  );
}

/** Records (or renews) that the session authenticated with `method`. */
export async function addAmrClaim(
  db: Queryable,
  sessionId: string,
  method: string,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, at, method],
  );
}

export async function loadSessionClaims(
  db: Queryable,
  sessionId: string,
): Promise<SessionClaims | undefined> {
  const { rows } = await db.query<SessionClaims>(`select ${sessionClaimsSql('$1::uuid')}`, [
    sessionId,
  ]);
  return rows[0];
}

/**
 * Replaces `parent` (revoking it) by `token` in the same session and records the refresh on the
 * session, in one statement; returns the session's claims.
 */
export async function rotateRefreshTokenRow(
  db: Queryable,
  parent: { token: string; user_id: string; session_id: string },
  token: string,
  userAgent: string | null,
  at: Date,
): Promise<SessionClaims> {
  const { rows } = await db.query<SessionClaims>(
    `with revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = $3::timestamptz where token = $4
     ), issued as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('${INSTANCE}', $1, $2, false, $3::timestamptz, $3::timestamptz, $4, $5::uuid)
     ), touched as (
       update auth.sessions set refreshed_at = $3::timestamptz, updated_at = $3::timestamptz, user_agent = $6
       where id = $5::uuid
     )
     select ${sessionClaimsSql('$5::uuid')}`,
    [token, parent.user_id, at, parent.token, parent.session_id, userAgent],
  );
  return rows[0] ?? { aal: 'aal1', amr: [] };
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
  not_after: Date | null;
}

/** The refresh token `token` with its session's end, both locked (refreshes of a family serialise). */
export async function lockRefreshToken(
  db: Queryable,
  token: string,
): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select t.id, t.token, t.user_id, t.revoked, t.updated_at, t.session_id, s.not_after
     from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
     where t.token = $1
     for update of t, s`,
    [token],
  );
  return rows[0] ?? null;
}

/** The session's live (newest unrevoked) refresh token. */
export async function currentRefreshToken(
  db: Queryable,
  sessionId: string,
): Promise<{ token: string; user_id: string } | null> {
  const { rows } = await db.query<{ token: string; user_id: string }>(
    `select token, user_id from auth.refresh_tokens where session_id = $1 and revoked = false
     order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/** Ends the session: every refresh token of it revoked, `not_after` now. */
export async function revokeSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query(
    `with tokens as (
       update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1
     )
     update auth.sessions set not_after = $2, updated_at = $2 where id = $1`,
    [sessionId, at],
  );
}

/** Deletes sessions of `userId`: `local` the given one, `others` all but it, `global` all. */
export async function deleteSessions(
  db: Queryable,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string,
): Promise<void> {
  const condition = { global: 'true', local: 'id = $2', others: 'id <> $2' }[scope];
  await db.query(
    `delete from auth.sessions where user_id = $1 and ${condition} and $2::uuid is not null`,
    [userId, sessionId],
  );
}

/**
 * The session reached aal2 with `factorId`: `totp` joins its `amr`, and the user's other
 * sessions below aal2 end (as supabase/auth does after a verification).
 */
export async function raiseToAal2(
  db: Queryable,
  session: { id: string; userId: string },
  factorId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `with raised as (
       update auth.sessions set aal = 'aal2', factor_id = $3, updated_at = $4 where id = $1
     ), ended as (
       delete from auth.sessions where user_id = $2 and id <> $1 and aal = 'aal1'
     )
     insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1, $4, $4, 'totp')
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [session.id, session.userId, factorId, at],
  );
}
