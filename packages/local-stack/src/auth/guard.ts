import { UUID_PATTERN, type Queryable } from './db.js';
import { forbidden, unauthorized } from './errors.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import type { SessionRow } from './sessions.js';
import { findUserById, type UserRow } from './users.js';

/** Roles allowed on the admin API, as hosted Supabase's default admin roles. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** The verified claims of the request's bearer token; 401/403 as supabase/auth answers otherwise. */
export async function bearerClaims(
  rt: AuthRuntime,
  request: AuthRequest,
): Promise<Record<string, unknown>> {
  const header = request.req.headers.get('authorization') ?? '';
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1])
    throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await rt.keys.verify(match[1], { now: rt.now() });
  } catch (error) {
    throw forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${describeJwtError(error)}`,
    );
  }
}

function describeJwtError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_JWT_EXPIRED') return 'token has invalid claims: token is expired';
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'signing method is not allowed';
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return 'token signature is invalid';
  return 'token is malformed';
}

export interface Authenticated {
  claims: Record<string, unknown>;
  user: UserRow;
  session: SessionRow;
}

/**
 * The signed-in user and session of the request: the token must be valid, name an existing
 * user (`sub`) and a live session (`session_id`).
 */
export async function requireUser(
  rt: AuthRuntime,
  request: AuthRequest,
  db: Queryable = rt.pool,
  { lockUser = false } = {},
): Promise<Authenticated> {
  const claims = await bearerClaims(rt, request);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_PATTERN.test(sub))
    throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, sub, { forUpdate: lockUser });
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !UUID_PATTERN.test(sessionId)) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  const { rows } = await db.query<SessionRow>(
    'select id, user_id, aal, factor_id, not_after from auth.sessions where id = $1 and user_id = $2',
    [sessionId, user.id],
  );
  const session = rows[0];
  if (!session || (session.not_after !== null && session.not_after.getTime() <= rt.now())) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, session };
}

/** The admin API is for the service role only. */
export async function requireAdmin(rt: AuthRuntime, request: AuthRequest): Promise<void> {
  const claims = await bearerClaims(rt, request);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
}
