import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from './models/db.ts';
import {
  insertSession,
  loadSessionClaims,
  rotateRefreshTokenRow,
  type SessionClaims,
} from './models/sessions.ts';
import { userJson, type UserRow } from './models/users.ts';
import type { AuthRuntime } from './runtime.ts';

/** Authentication methods as supabase/auth records them in `amr` and flow states. */
export type AuthMethod =
  | 'password'
  | 'totp'
  | 'otp'
  | 'recovery'
  | 'magiclink'
  | 'email/signup'
  | 'invite'
  | 'email_change';

export type { SessionClaims, SessionRow } from './models/sessions.ts';

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
  await insertSession(
    db,
    {
      id: sessionId,
      userId: user.id,
      refreshToken,
      method,
      userAgent: request.userAgent,
      ip: inetOrNull(request.ip),
    },
    now,
  );
  user.last_sign_in_at = now;
  return { sessionId, refreshToken };
}

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
  const claims = await rotateRefreshTokenRow(db, parent, token, userAgent, new Date(rt.now()));
  return { token, claims };
}

/** The access token of `sessionId` with aal and amr as the session's state says. */
export async function accessToken(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  sessionId: string,
  known?: SessionClaims,
): Promise<{ token: string; expiresAt: number }> {
  const session = known ?? (await loadSessionClaims(db, sessionId));
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
