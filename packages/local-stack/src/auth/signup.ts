import { randomUUID } from 'node:crypto';
import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUniqueViolation, transaction } from './models/db.ts';
import { assertMailFrequency, prepareLink } from './email-links.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { assertPasswordPolicy, hashPassword, normaliseEmail } from './password.ts';
import { readPkceChallenge } from './pkce.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import { createSession, sessionResponse } from './sessions.ts';
import {
  actorOf,
  findUserByEmail,
  findUserById,
  insertEmailUser,
  userJson,
} from './models/users.ts';

export { EMAIL_APP_METADATA, insertEmailUser, type NewEmailUser } from './models/users.ts';

const userAlreadyExists = () => unprocessable('user_already_exists', 'User already registered');

/** Refusals that apply before anything else is read, as supabase/auth orders them. */
export function assertSignupsOpen(rt: AuthRuntime): void {
  if (!rt.settings.enableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
}

/**
 * POST /signup: email + password, `data` → user_metadata (stored unchanged). Without
 * `[auth.email] enable_confirmations` the user is confirmed at once and the answer is a session;
 * with it, a confirmation mail goes to the outbox and the answer is the user.
 */
export async function signup(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  const password = body.string('password');
  const data = body.object('data') ?? {};
  if (!rawEmail && !phone) {
    // Anonymous users are not offered locally (docs/local-auth.md), whatever config.toml says.
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  assertSignupsOpen(rt);
  if (!password) throw validationFailed('Signup requires a valid password');
  if (rawEmail && phone) {
    throw validationFailed('Only an email address or phone number should be provided on signup.');
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = normaliseEmail(rawEmail ?? '');
  const pkce = readPkceChallenge(body);
  assertPasswordPolicy(password, rt.settings.password);
  const confirm = rt.settings.enableConfirmations;

  const existing = await findUserByEmail(rt.pool, email);
  if (existing && (!confirm || existing.email_confirmed_at)) {
    if (!confirm) throw userAlreadyExists();
    // Hosted answers a confirmed address with a look-alike user, so sign-up reveals no accounts.
    return Response.json(
      userJson({
        ...existing,
        id: randomUUID(),
        identities: [],
        factors: [],
        raw_user_meta_data: data,
        email_confirmed_at: null,
        last_sign_in_at: null,
      }),
    );
  }
  if (existing) assertMailFrequency(rt, existing.confirmation_sent_at);

  const encrypted = await hashPassword(password, rt.settings.bcryptCost);
  try {
    const { response, mail } = await transaction(rt.pool, async (db) => {
      const id =
        existing?.id ??
        (await insertEmailUser(db, rt, {
          email,
          encryptedPassword: encrypted,
          confirmedAt: confirm ? null : new Date(rt.now()),
          userMetadata: data,
        }));
      const user = await findUserById(db, id);
      if (!user) throw new Error('the new user vanished inside its own transaction');
      if (!existing) {
        await audit(db, rt, actorOf(user), 'user_signedup', request.ip, { provider: 'email' });
      }
      if (confirm) {
        const link = await prepareLink(db, rt, user, 'signup', request, { pkce });
        const fresh = (await findUserById(db, id))!;
        return { response: userJson(fresh), mail: link.mail };
      }
      const { sessionId, refreshToken } = await createSession(db, rt, user, 'password', {
        ip: request.ip,
        userAgent: request.req.headers.get('user-agent'),
      });
      return { response: await sessionResponse(db, rt, user, sessionId, refreshToken), mail: null };
    });
    if (mail) await rt.outbox.send(mail);
    return Response.json(response);
  } catch (error) {
    if (isUniqueViolation(error)) throw userAlreadyExists();
    throw error;
  }
}
