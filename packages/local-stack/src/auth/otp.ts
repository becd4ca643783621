import type { OutgoingMail } from '../outbox.ts';
import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUniqueViolation, transaction } from './models/db.ts';
import {
  TOKEN_COLUMN,
  assertMailFrequency,
  prepareLink,
  prepareReauthentication,
  sentAtOf,
  type EmailLinkType,
} from './email-links.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { normaliseEmail } from './password.ts';
import { readPkceChallenge, type PkceChallenge } from './pkce.ts';
import type { AuthRequest, AuthRuntime, SignedInRequest } from './runtime.ts';
import { actorOf, findUserByEmail, findUserById, insertEmailUser } from './models/users.ts';

const otpSignupsDisabled = () => unprocessable('otp_disabled', 'Signups not allowed for otp');

/**
 * Mails `type` (a magic link for a known address, a sign-up confirmation for a new one) with a
 * link and a six-digit code; both sign the user in through /verify.
 */
async function mailSignInLink(
  rt: AuthRuntime,
  request: AuthRequest,
  email: string,
  options: { createUser: boolean; data: Record<string, unknown>; pkce: PkceChallenge | null },
): Promise<void> {
  const existing = await findUserByEmail(rt.pool, email);
  if (!existing && (!options.createUser || !rt.settings.enableSignup)) throw otpSignupsDisabled();
  const type: EmailLinkType = existing?.email_confirmed_at ? 'magiclink' : 'signup';
  if (existing) assertMailFrequency(rt, sentAtOf(existing, TOKEN_COLUMN[type]));
  let mail: OutgoingMail;
  try {
    ({ mail } = await transaction(rt.pool, async (db) => {
      let user = existing;
      if (!user) {
        const id = await insertEmailUser(db, rt, {
          email,
          encryptedPassword: null,
          confirmedAt: null,
          userMetadata: options.data,
        });
        user = (await findUserById(db, id))!;
        await audit(db, rt, actorOf(user), 'user_signedup', request.ip, { provider: 'email' });
      }
      return prepareLink(db, rt, user, type, request, { pkce: options.pkce });
    }));
  } catch (error) {
    // Another request created the address meanwhile: its mail is on the way.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  await rt.outbox.send(mail);
}

/** POST /otp `{ email, create_user?, data?, code_challenge? }` → `{}`; phone OTP is not offered. */
export async function otp(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  if (rawEmail && phone) {
    throw validationFailed('Only an email address or phone number should be provided');
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!rawEmail) throw validationFailed('One of email or phone must be set');
  const email = normaliseEmail(rawEmail);
  await mailSignInLink(rt, request, email, {
    createUser: body.boolean('create_user') ?? true,
    data: body.object('data') ?? {},
    pkce: readPkceChallenge(body),
  });
  return Response.json({});
}

/** POST /magiclink (older clients): /otp for email that creates unknown addresses. */
export async function magicLink(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const rawEmail = body.string('email');
  if (!rawEmail) throw unprocessable('validation_failed', 'Password recovery requires an email');
  await mailSignInLink(rt, request, normaliseEmail(rawEmail), {
    createUser: true,
    data: body.object('data') ?? {},
    pkce: readPkceChallenge(body),
  });
  return Response.json({});
}

const RESEND_TYPES = new Set(['signup', 'email_change', 'sms', 'phone_change']);

/**
 * POST /resend `{ type: signup | email_change, email }`: mails the pending confirmation again.
 * Answers `{}` also when there is nothing to resend, so it reveals no accounts.
 */
export async function resend(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const type = body.string('type') ?? '';
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  if (!RESEND_TYPES.has(type)) {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!rawEmail && type === 'signup') {
    throw validationFailed('Type provided requires an email address');
  }
  if (!phone && type === 'sms') throw validationFailed('Type provided requires a phone number');
  if (rawEmail && phone) {
    throw validationFailed('Only an email address or phone number should be provided.');
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw validationFailed('Missing email address or phone number');
  if (type === 'sms' || type === 'phone_change') {
    throw validationFailed('Type provided requires a phone number');
  }
  const email = normaliseEmail(rawEmail);
  const pkce = readPkceChallenge(body);
  const user = await findUserByEmail(rt.pool, email);
  if (!user) return Response.json({});
  if (type === 'signup' && user.email_confirmed_at) return Response.json({});
  if (type === 'email_change' && !user.email_change) return Response.json({});
  const linkType: EmailLinkType = type === 'signup' ? 'signup' : 'email_change';
  assertMailFrequency(rt, sentAtOf(user, TOKEN_COLUMN[linkType]));
  const { mail } = await transaction(rt.pool, (db) =>
    prepareLink(db, rt, user, linkType, request, {
      pkce,
      ...(linkType === 'email_change' ? { to: user.email_change ?? '' } : {}),
    }),
  );
  await rt.outbox.send(mail);
  return Response.json({});
}

/**
 * GET /reauthenticate: mails the signed-in user a code (the `nonce` that `PUT /user` takes with
 * a new password).
 */
export async function reauthenticate(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const { user } = request.auth;
  if (!user.email) {
    throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email_confirmed_at) {
    throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  }
  assertMailFrequency(rt, user.reauthentication_sent_at);
  const mail = await transaction(rt.pool, (db) => prepareReauthentication(db, rt, user, request));
  await rt.outbox.send(mail);
  return Response.json({});
}
