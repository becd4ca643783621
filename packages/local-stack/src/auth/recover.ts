import { audit } from './audit.js';
import { readJsonObject } from './body.js';
import { isUniqueViolation, transaction, type Queryable } from './db.js';
import { prepareRecovery, safeRedirect, tokenHash, type EmailLinkType } from './email-links.js';
import {
  AuthError,
  forbidden,
  tooManyRequests,
  unprocessable,
  validationFailed,
} from './errors.js';
import { normaliseEmail } from './password.js';
import { issuePkceCode, readPkceChallenge } from './pkce.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { createSession, sessionResponse } from './sessions.js';
import { actorOf, findUserByEmail, findUserById, type UserRow } from './users.js';

/** POST /recover: mails a recovery link. Answers `{}` whether or not the address has an account. */
export async function recover(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  rt.limiter.take('recover', request.ip);
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  const pkce = readPkceChallenge(body);
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(rt.pool, email);
  if (!user) return Response.json({});
  const sentAt = user.recovery_sent_at?.getTime();
  const waitMs =
    sentAt === undefined ? 0 : sentAt + rt.settings.emailFrequencySeconds * 1000 - rt.now();
  if (waitMs > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    );
  }
  const mail = await transaction(rt.pool, (db) => prepareRecovery(db, rt, user, request, pkce));
  await rt.outbox.send(mail);
  return Response.json({});
}

const VERIFY_TYPES = new Set([
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
]);

const invalidLink = () => forbidden('otp_expired', 'Token has expired or is invalid');

/**
 * POST /verify `{ type, token_hash }` or `{ type, token, email }` → a session. Recovery signs the
 * user in (to set a new password); email_change moves the account to the confirmed address.
 */
export async function verifyPost(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  rt.limiter.take('verify', request.ip);
  const body = await readJsonObject(request.req);
  const type = body.string('type');
  const token = body.string('token');
  const hash = body.string('token_hash');
  const email = body.string('email');
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!VERIFY_TYPES.has(type)) throw validationFailed('Unsupported verification type');
  let lookup: string;
  if (hash) lookup = hash;
  else if (token && email) lookup = tokenHash(normaliseEmail(email), token.trim());
  else if (token)
    throw validationFailed('Only an email address or phone number should be provided on verify');
  else throw validationFailed('Verify requires either a token or a token hash');
  return Response.json(await consumeLink(rt, request, type, lookup, { pkce: false }));
}

/** GET /verify?token&type&redirect_to (the mailed link): redirects with the session in the fragment. */
export async function verifyGet(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const redirectTo = safeRedirect(rt, request.url.searchParams.get('redirect_to'));
  const type = request.url.searchParams.get('type') ?? '';
  const token = request.url.searchParams.get('token') ?? '';
  let fragment: URLSearchParams;
  try {
    rt.limiter.take('verify', request.ip);
    if (!VERIFY_TYPES.has(type)) throw validationFailed('Unsupported verification type');
    if (!token) throw validationFailed('Verify requires a token');
    const result = await consumeLink(rt, request, type, token, { pkce: true });
    if ('code' in result) {
      // PKCE: the app exchanges the code (with its verifier) for a session.
      const target = new URL(redirectTo);
      target.searchParams.set('code', String(result.code));
      return new Response(null, { status: 303, headers: { location: target.toString() } });
    }
    const session = result;
    fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.errorCode,
      error_description:
        error.status === 403 ? 'Email link is invalid or has expired' : error.message,
    });
  }
  return new Response(null, {
    status: 303,
    headers: { location: `${redirectTo.split('#')[0]}#${fragment.toString()}` },
  });
}

async function consumeLink(
  rt: AuthRuntime,
  request: AuthRequest,
  type: string,
  hash: string,
  options: { pkce: boolean },
): Promise<Record<string, unknown>> {
  if (type !== 'recovery' && type !== 'email_change') throw invalidLink();
  const linkType: EmailLinkType = type;
  try {
    return await transaction(rt.pool, async (db) => {
      const user = await findUserByLink(db, linkType, hash);
      if (!user) throw invalidLink();
      const sentAt =
        (linkType === 'recovery' ? user.recovery_sent_at : user.email_change_sent_at)?.getTime() ??
        0;
      if (sentAt + rt.settings.emailLinkSeconds * 1000 < rt.now()) throw invalidLink();
      const now = new Date(rt.now());
      if (linkType === 'recovery') {
        await db.query(
          `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, $2),
             updated_at = $2 where id = $1`,
          [user.id, now],
        );
      } else {
        const newEmail = user.email_change ?? '';
        await db.query(
          `update auth.users set email = $2, email_change = '', email_change_token_new = '',
             email_change_confirm_status = 0, email_confirmed_at = $3, updated_at = $3 where id = $1`,
          [user.id, newEmail, now],
        );
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
             updated_at = $3 where user_id = $1 and provider = 'email'`,
          [user.id, newEmail, now],
        );
        await audit(db, actorOf(user), 'user_modified', request.ip, { email_changed_to: newEmail });
      }
      if (options.pkce) {
        const code = await issuePkceCode(db, rt, user.id, linkType);
        if (code) return { code };
      }
      const fresh = (await findUserById(db, user.id))!;
      await audit(db, actorOf(fresh), 'login', request.ip, { provider: 'email', via: linkType });
      const { sessionId, refreshToken } = await createSession(db, rt, fresh, linkType, {
        ip: request.ip,
        userAgent: request.req.headers.get('user-agent'),
      });
      return sessionResponse(db, rt, fresh, sessionId, refreshToken);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw unprocessable(
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    throw error;
  }
}

async function findUserByLink(
  db: Queryable,
  type: EmailLinkType,
  hash: string,
): Promise<UserRow | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const column = type === 'recovery' ? 'recovery_token' : 'email_change_token_new';
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users where ${column} = $1 and deleted_at is null for update`,
    [hash],
  );
  return rows[0] ? findUserById(db, rows[0].id) : null;
}
