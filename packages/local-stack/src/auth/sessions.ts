import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from './db.js';
import type { AuthRuntime } from './runtime.js';
import { userJson, type UserRow } from './users.js';

export type AuthMethod = 'password' | 'totp' | 'recovery' | 'email_change' | 'otp';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2' | 'aal3';
  factor_id: string | null;
  not_after: Date | null;
}

/** An opaque refresh token (base64url of 18 random bytes). */
export function newRefreshToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Starts a session (aal1) for `user` with its first refresh token; records how the user signed in. */
export async function createSession(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  method: AuthMethod,
  request: { ip: string; userAgent: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const now = new Date(rt.now());
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, $3::timestamptz, $3::timestamptz, 'aal1', $3::timestamptz, $4, $5)`,
    [sessionId, user.id, now, request.userAgent, inetOrNull(request.ip)],
  );
  await addAmrClaim(db, sessionId, method, now);
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4)`,
    [refreshToken, user.id, now, sessionId],
  );
  await db.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [
    user.id,
    now,
  ]);
  user.last_sign_in_at = now;
  return { sessionId, refreshToken };
}

export async function addAmrClaim(
  db: Queryable,
  sessionId: string,
  method: AuthMethod,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, at, method],
  );
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

/**
 * Replaces `parent` (revoking it) by a new refresh token of the same session and records the
 * refresh on the session, in one statement; returns the token and the session's claims.
 */
export async function rotateRefreshToken(
  db: Queryable,
  rt: AuthRuntime,
  parent: { token: string; user_id: string; session_id: string },
  userAgent: string | null,
): Promise<{ token: string; claims: SessionClaims }> {
  const token = newRefreshToken();
  const { rows } = await db.query<SessionClaims>(
    `with revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = $3::timestamptz where token = $4
     ), issued as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3::timestamptz, $3::timestamptz, $4, $5::uuid)
     ), touched as (
       update auth.sessions set refreshed_at = $3::timestamptz, updated_at = $3::timestamptz, user_agent = $6
       where id = $5::uuid
     )
     select ${sessionClaimsSql('$5::uuid')}`,
    [token, parent.user_id, new Date(rt.now()), parent.token, parent.session_id, userAgent],
  );
  return { token, claims: rows[0] ?? { aal: 'aal1', amr: [] } };
}

/** The access token of `sessionId` with aal and amr as the session's state says. */
export async function accessToken(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  sessionId: string,
  known?: SessionClaims,
): Promise<{ token: string; expiresAt: number }> {
  const session =
    known ??
    (await db.query<SessionClaims>(`select ${sessionClaimsSql('$1::uuid')}`, [sessionId])).rows[0];
  const iat = Math.floor(rt.now() / 1000);
  const expiresAt = iat + rt.settings.accessTokenSeconds;
  const token = await rt.keys.sign(
    {
      iss: rt.issuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role || 'authenticated',
      aal: session?.aal ?? 'aal1',
      amr: session?.amr ?? [],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    rt.settings.accessTokenSeconds,
  );
  return { token, expiresAt };
}

/** The session answer of `/token`, `/verify` and MFA verify. */
export async function sessionResponse(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  known?: SessionClaims,
): Promise<Record<string, unknown>> {
  const { token, expiresAt } = await accessToken(db, rt, user, sessionId, known);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: rt.settings.accessTokenSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** A Postgres `inet` value, or null for something that is not an IP address. */
export function inetOrNull(ip: string): string | null {
  const bare = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  return isIP(bare) ? bare : null;
}
