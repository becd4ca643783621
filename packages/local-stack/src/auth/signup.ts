import { randomUUID } from 'node:crypto';
import { audit } from './audit.js';
import { readJsonObject } from './body.js';
import { isUniqueViolation, transaction, type Queryable } from './db.js';
import { AuthError, unprocessable, validationFailed } from './errors.js';
import { assertStrongPassword, hashPassword, normaliseEmail } from './password.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { createSession, sessionResponse } from './sessions.js';
import { actorOf, findUserByEmail, findUserById } from './users.js';

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

const userAlreadyExists = () => unprocessable('user_already_exists', 'User already registered');

/**
 * POST /signup: email + password, `data` → user_metadata (stored unchanged). Sign-ups are
 * confirmed at once locally, so the answer is a session.
 */
export async function signup(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  rt.limiter.take('signup', request.ip);
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  const password = body.string('password');
  const data = body.object('data') ?? {};
  if (body.string('phone'))
    throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw validationFailed('To signup, please provide your email');
  const email = normaliseEmail(rawEmail);
  if (!password) throw validationFailed('Signup requires a valid password');
  assertStrongPassword(password);
  if (await findUserByEmail(rt.pool, email)) throw userAlreadyExists();

  const encrypted = await hashPassword(password, rt.settings.bcryptCost);
  try {
    const response = await transaction(rt.pool, async (db) => {
      const id = await insertEmailUser(db, {
        email,
        encryptedPassword: encrypted,
        confirmedAt: new Date(rt.now()),
        userMetadata: data,
        appMetadata: EMAIL_APP_METADATA,
      });
      const user = await findUserById(db, id);
      if (!user) throw new Error('the new user vanished inside its own transaction');
      await audit(db, actorOf(user), 'user_signedup', request.ip, { provider: 'email' });
      const { sessionId, refreshToken } = await createSession(db, rt, user, 'password', {
        ip: request.ip,
        userAgent: request.req.headers.get('user-agent'),
      });
      return sessionResponse(db, rt, user, sessionId, refreshToken);
    });
    return Response.json(response);
  } catch (error) {
    if (isUniqueViolation(error)) throw userAlreadyExists();
    throw error;
  }
}

export interface NewEmailUser {
  id?: string;
  email: string;
  encryptedPassword: string | null;
  confirmedAt: Date | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  bannedUntil?: Date | null;
}

/** Inserts a user with its `email` identity; returns the id. */
export async function insertEmailUser(db: Queryable, user: NewEmailUser): Promise<string> {
  const id = user.id ?? randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_super_admin, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6, $7, now(), now(), $8, false, false)`,
    [
      id,
      user.role ?? 'authenticated',
      user.email,
      user.encryptedPassword ?? '',
      user.confirmedAt,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.bannedUntil ?? null,
    ],
  );
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3, 'email', now(), now(), now())`,
    [
      randomUUID(),
      id,
      JSON.stringify({
        sub: id,
        email: user.email,
        email_verified: user.confirmedAt !== null,
        phone_verified: false,
      }),
    ],
  );
  return id;
}
