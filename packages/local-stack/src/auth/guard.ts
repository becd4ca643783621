import { bearerToken, isUuid } from '@verdant/validation';
import { forbidden, unauthorized } from './errors.ts';
import type { AuthRequest, AuthRuntime, Authenticated } from './runtime.ts';
import { findLiveSession } from './models/sessions.ts';
import { findUserById } from './models/users.ts';

/** Roles allowed on the admin API, as hosted Supabase's default admin roles. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** The verified claims of the request's bearer token; 401/403 as supabase/auth answers otherwise. */
export async function bearerClaims(
  rt: AuthRuntime,
  request: AuthRequest,
): Promise<Record<string, unknown>> {
  const token = bearerToken(request.req.headers.get('authorization'));
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await rt.keys.verify(token, { now: rt.now() });
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

/**
 * The signed-in user and session of the request: the token must be valid, name an existing
 * user (`sub`) and a live session (`session_id`).
 */
export async function requireUser(rt: AuthRuntime, request: AuthRequest): Promise<Authenticated> {
  const claims = await bearerClaims(rt, request);
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(rt.pool, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  const session =
    typeof sessionId === 'string' && isUuid(sessionId)
      ? await findLiveSession(rt.pool, sessionId, user.id, rt.now())
      : null;
  if (!session) {
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
