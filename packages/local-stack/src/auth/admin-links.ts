import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUniqueViolation, transaction } from './models/db.ts';
import { prepareLink, type EmailLinkType, type PreparedLink } from './email-links.ts';
import { notFound, unprocessable, validationFailed } from './errors.ts';
import { assertPasswordPolicy, hashPassword, normaliseEmail } from './password.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import {
  actorOf,
  findUserByEmail,
  findUserById,
  insertEmailUser,
  userJson,
  type UserRow,
} from './models/users.ts';

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** POST /invite `{ email, data? }` (service role): creates the user and mails an invite link. */
export async function invite(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  if (!rawEmail) throw validationFailed('An email address is required');
  const email = normaliseEmail(rawEmail);
  const data = body.object('data') ?? {};
  const existing = await findUserByEmail(rt.pool, email);
  if (existing?.email_confirmed_at) throw emailExists();
  try {
    const { user, link } = await transaction(rt.pool, async (db) => {
      const user = existing ?? (await createInvited(db, rt, email, data, request));
      const link = await prepareLink(db, rt, user, 'invite', request, {
        redirectTo: body.string('redirect_to') ?? null,
      });
      return { user: (await findUserById(db, user.id))!, link };
    });
    await rt.outbox.send(link.mail);
    return Response.json(userJson(user));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

async function createInvited(
  db: Parameters<typeof insertEmailUser>[0],
  rt: AuthRuntime,
  email: string,
  data: Record<string, unknown>,
  request: AuthRequest,
  encryptedPassword: string | null = null,
): Promise<UserRow> {
  const id = await insertEmailUser(db, rt, {
    email,
    encryptedPassword,
    confirmedAt: null,
    userMetadata: data,
  });
  const user = (await findUserById(db, id))!;
  await audit(db, rt, actorOf(user), 'user_signedup', request.ip, {
    provider: 'email',
    by: 'admin',
  });
  return user;
}

const LINK_TYPES: Record<string, EmailLinkType> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change_new: 'email_change',
};

/**
 * POST /admin/generate_link `{ type, email, password?, new_email?, data?, redirect_to? }`: stores
 * a code as the matching mail would, but sends nothing; answers the user with the link.
 */
export async function generateLink(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const requested = body.string('type') ?? '';
  const type = LINK_TYPES[requested];
  if (requested === 'email_change_current') {
    throw validationFailed('Enable secure email change to generate link for current email');
  }
  if (!type) {
    throw validationFailed(`Invalid email action link type requested: ${requested}`);
  }
  const email = normaliseEmail(body.string('email') ?? '');
  const password = body.string('password');
  const data = body.object('data') ?? {};
  const redirectTo = body.string('redirect_to') ?? null;
  let newEmail: string | undefined;
  if (type === 'email_change') {
    const raw = body.string('new_email');
    if (!raw) throw validationFailed('The new email address provided is invalid');
    newEmail = normaliseEmail(raw);
    if (await findUserByEmail(rt.pool, newEmail)) throw emailExists();
  }
  if (type === 'signup') {
    if (!password) throw validationFailed('Signup requires a valid password');
    assertPasswordPolicy(password, rt.settings.password);
  }
  const encrypted =
    password && type === 'signup' ? await hashPassword(password, rt.settings.bcryptCost) : null;
  const existing = await findUserByEmail(rt.pool, email);
  if ((type === 'magiclink' || type === 'recovery' || type === 'email_change') && !existing) {
    throw notFound('user_not_found', 'User with this email not found');
  }
  if ((type === 'signup' || type === 'invite') && existing?.email_confirmed_at) throw emailExists();
  if (type === 'signup' && existing) throw emailExists();

  try {
    const { user, link } = await transaction(rt.pool, async (db) => {
      const user = existing ?? (await createInvited(db, rt, email, data, request, encrypted));
      const link: PreparedLink = await prepareLink(db, rt, user, type, request, {
        redirectTo,
        ...(newEmail ? { to: newEmail } : {}),
      });
      return { user: (await findUserById(db, user.id))!, link };
    });
    return Response.json({
      ...userJson(user),
      action_link: link.actionLink,
      email_otp: link.otp,
      hashed_token: link.hashedToken,
      verification_type: type,
      redirect_to: link.redirectTo,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}
