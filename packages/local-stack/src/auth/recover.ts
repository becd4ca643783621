import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUniqueViolation, transaction } from './models/db.ts';
import {
  TOKEN_COLUMN,
  assertMailFrequency,
  pkceMethodOf,
  prepareLink,
  safeRedirect,
  sentAtOf,
  tokenHash,
  type EmailLinkType,
} from './email-links.ts';
import { AuthError, forbidden, unprocessable, validationFailed } from './errors.ts';
import { normaliseEmail } from './password.ts';
import { issuePkceCode, readPkceChallenge } from './pkce.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import { createSession, sessionResponse } from './sessions.ts';
import {
  actorOf,
  findUserByEmail,
  findUserById,
  findUserByToken,
  updateUserColumns,
  type UserRow,
} from './models/users.ts';

/** POST /recover: mails a recovery link. Answers `{}` whether or not the address has an account. */
export async function recover(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  const pkce = readPkceChallenge(body);
  if (!rawEmail) throw validationFailed('Password recovery requires an email');
  const email = normaliseEmail(rawEmail);
  const user = await findUserByEmail(rt.pool, email);
  if (!user) return Response.json({});
  assertMailFrequency(rt, user.recovery_sent_at);
  const { mail } = await transaction(rt.pool, (db) =>
    prepareLink(db, rt, user, 'recovery', request, { pkce }),
  );
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

/** `/verify`'s `email` type is a code mailed by /otp: either a sign-up confirmation or a magic link. */
const EMAIL_OTP_TYPES: EmailLinkType[] = ['signup', 'magiclink'];

async function consumeLink(
  rt: AuthRuntime,
  request: AuthRequest,
  type: string,
  hash: string,
  options: { pkce: boolean },
): Promise<Record<string, unknown>> {
  const candidates: EmailLinkType[] = type === 'email' ? EMAIL_OTP_TYPES : [type as EmailLinkType];
  try {
    return await transaction(rt.pool, async (db) => {
      let found: { user: UserRow; linkType: EmailLinkType } | null = null;
      for (const candidate of candidates) {
        const user = await findUserByToken(db, TOKEN_COLUMN[candidate], hash);
        if (user) {
          found = { user, linkType: candidate };
          break;
        }
      }
      if (!found) throw invalidLink();
      const { user, linkType } = found;
      const column = TOKEN_COLUMN[linkType];
      const sentAt = sentAtOf(user, column)?.getTime() ?? 0;
      if (sentAt + rt.settings.emailLinkSeconds * 1000 < rt.now()) throw invalidLink();
      const now = new Date(rt.now());
      if (linkType === 'email_change') {
        const newEmail = user.email_change ?? '';
        await updateUserColumns(
          db,
          user.id,
          {
            email: newEmail,
            email_change: '',
            email_change_token_new: '',
            email_change_confirm_status: 0,
            email_confirmed_at: now,
          },
          now,
        );
        await audit(db, rt, actorOf(user), 'user_modified', request.ip, {
          email_changed_to: newEmail,
        });
      } else {
        // The code is spent; following the link proves the address.
        await updateUserColumns(
          db,
          user.id,
          {
            [column]: '',
            ...(user.email_confirmed_at ? {} : { email_confirmed_at: now }),
          },
          now,
        );
      }
      if (options.pkce) {
        const code = await issuePkceCode(db, rt, user.id, pkceMethodOf(linkType));
        if (code) return { code };
      }
      const fresh = (await findUserById(db, user.id))!;
      await audit(db, rt, actorOf(fresh), 'login', request.ip, {
        provider: 'email',
        via: linkType,
      });
      const { sessionId, refreshToken } = await createSession(
        db,
        rt,
        fresh,
        pkceMethodOf(linkType),
        { ip: request.ip, userAgent: request.req.headers.get('user-agent') },
      );
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
