import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { transaction } from './models/db.ts';
import { AuthError, OAuthError, badRequest, validationFailed } from './errors.ts';
import { checkPasswordPolicy, passwordMatches } from './password.ts';
import { currentRefreshToken, lockRefreshToken, revokeSession } from './models/sessions.ts';
import { pkceGrant } from './pkce.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import {
  createSession,
  rotateRefreshToken,
  sessionResponse,
  type SessionClaims,
} from './sessions.ts';
import { actorOf, findUserByEmail, findUserById, isBanned } from './models/users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const grant = GRANTS[request.url.searchParams.get('grant_type') ?? ''];
  // supabase/auth answers every unknown grant with this code and message.
  if (!grant) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  return grant(rt, request);
}

async function passwordGrant(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const email = body.string('email');
  const phone = body.string('phone');
  const password = body.string('password') ?? '';
  if (email && phone)
    throw validationFailed('Only an email address or phone number should be provided on login.');
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');

  const user = await findUserByEmail(rt.pool, email.trim());
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user, rt.now())) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const result = await transaction(rt.pool, async (db) => {
    await audit(db, rt, actorOf(user), 'login', request.ip, { provider: 'email' });
    const { sessionId, refreshToken } = await createSession(db, rt, user, 'password', {
      ip: request.ip,
      userAgent: request.req.headers.get('user-agent'),
    });
    return sessionResponse(db, rt, user, sessionId, refreshToken);
  });
  // A password set before the policy tightened still signs in; the answer says it is weak.
  const weak = checkPasswordPolicy(password, rt.settings.password);
  return Response.json(weak ? { ...result, weak_password: weak } : result);
}

/**
 * Rotation with reuse detection: each refresh revokes the token and issues its child. A revoked
 * token presented again within the reuse interval gets the session's current token back; later,
 * it revokes the whole session (every token of it) and answers `refresh_token_already_used`.
 */
async function refreshTokenGrant(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const presented = body.string('refresh_token');
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');

  const outcome = await transaction(rt.pool, async (db) => {
    // Locking the token and its session serialises refreshes of one token family.
    const row = await lockRefreshToken(db, presented);
    if (!row?.session_id)
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const sessionId = row.session_id;
    if (row.not_after !== null && row.not_after.getTime() <= rt.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const user = await findUserById(db, row.user_id);
    if (!user)
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user, rt.now()))
      throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');

    const userAgent = request.req.headers.get('user-agent');
    let refreshToken: string;
    let claims: SessionClaims | undefined;
    if (row.revoked) {
      const reuseUntil = row.updated_at.getTime() + rt.settings.refreshTokenReuseSeconds * 1000;
      const current = await currentRefreshToken(db, sessionId);
      if (rt.now() > reuseUntil || !current) {
        await revokeSession(db, sessionId, new Date(rt.now()));
        await audit(db, rt, actorOf(user), 'token_revoked', request.ip, {
          reason: 'refresh_token_reused',
          session_id: sessionId,
        });
        return { reused: true as const };
      }
      refreshToken = current.token;
    } else {
      ({ token: refreshToken, claims } = await rotateRefreshToken(
        db,
        rt,
        { token: row.token, user_id: row.user_id, session_id: sessionId },
        userAgent,
      ));
    }
    await audit(db, rt, actorOf(user), 'token_refreshed', request.ip);
    return {
      reused: false as const,
      response: await sessionResponse(db, rt, user, sessionId, refreshToken, claims),
    };
  });
  // The revocation above is committed before the error is answered.
  if (outcome.reused)
    throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return Response.json(outcome.response);
}

/** Well-known issuers of the ID-token providers supabase-js's `signInWithIdToken` names. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** POST /token?grant_type=id_token: no OAuth provider is configured locally. */
async function idTokenGrant(_rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const provider = body.string('provider') ?? '';
  const issuer = body.string('issuer') ?? ID_TOKEN_ISSUERS[provider] ?? provider;
  if (!body.string('id_token')) throw validationFailed('id_token required');
  throw badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
}

/** POST /token?grant_type=web3: Web3 sign-in is not configured locally. */
async function web3Grant(): Promise<Response> {
  throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
}

const GRANTS: Record<string, (rt: AuthRuntime, request: AuthRequest) => Promise<Response>> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
  web3: web3Grant,
};
