import { isUuid } from '@verdant/validation';
import type { OutgoingMail } from '../outbox.ts';
import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUniqueViolation, transaction } from './models/db.ts';
import { prepareLink, tokenHash } from './email-links.ts';
import { unprocessable, validationFailed } from './errors.ts';
import { deleteSessions } from './models/sessions.ts';
import { readPkceChallenge } from './pkce.ts';
import { OAUTH_PROVIDERS } from './providers.ts';
import { assertPasswordPolicy, hashPassword, normaliseEmail, passwordMatches } from './password.ts';
import type { AuthRequest, AuthRuntime, SignedInRequest } from './runtime.ts';
import {
  actorOf,
  deleteIdentity,
  findUserByEmail,
  findUserById,
  updateUserColumns,
  userJson,
  type UserColumns,
} from './models/users.ts';

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** GET /user */
export async function getUser(_rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  return Response.json(userJson(request.auth.user));
}

/**
 * Merges `patch` into metadata as supabase/auth does: keys are replaced, a null value removes
 * the key.
 */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
) {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * PUT /user: `data` (metadata), `password` (with `nonce` when one was asked for through
 * /reauthenticate), `email` (confirmed through a mailed link). All changes are written together.
 */
export async function updateUser(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const current = request.auth.user;
  const body = await readJsonObject(request.req);
  const email = body.string('email');
  const password = body.string('password');
  const nonce = body.string('nonce');
  const data = body.object('data');
  const pkce = readPkceChallenge(body);
  if (body.string('phone'))
    throw unprocessable('phone_provider_disabled', 'Phone changes are disabled');

  const columns: UserColumns = {};
  if (password !== undefined) {
    assertPasswordPolicy(password, rt.settings.password);
    if (nonce !== undefined) {
      const sentAt = current.reauthentication_sent_at?.getTime() ?? 0;
      const valid =
        current.reauthentication_token !== null &&
        current.reauthentication_token !== '' &&
        current.reauthentication_token === tokenHash(current.email ?? '', nonce.trim()) &&
        sentAt + rt.settings.emailLinkSeconds * 1000 >= rt.now();
      if (!valid) {
        throw unprocessable('reauthentication_not_valid', 'Requested nonce is invalid or expired');
      }
      columns.reauthentication_token = '';
    }
    if (await passwordMatches(password, current.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
    columns.encrypted_password = await hashPassword(password, rt.settings.bcryptCost);
  }
  let newEmail: string | null = null;
  if (email !== undefined) {
    const normalised = normaliseEmail(email);
    if (normalised !== current.email) {
      const other = await findUserByEmail(rt.pool, normalised);
      if (other) throw emailExists();
      newEmail = normalised;
    }
  }

  let mail: OutgoingMail | null = null;
  try {
    const user = await transaction(rt.pool, async (db) => {
      const user = await findUserById(db, current.id, { forUpdate: true });
      if (!user) throw validationFailed('User not found');
      if (data) columns.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, data);
      if (Object.keys(columns).length > 0) {
        await updateUserColumns(db, user.id, columns, new Date(rt.now()));
      }
      if (data) await audit(db, rt, actorOf(user), 'user_modified', request.ip);
      if (columns.encrypted_password) {
        await audit(db, rt, actorOf(user), 'user_updated_password', request.ip);
      }
      if (newEmail) {
        ({ mail } = await prepareLink(db, rt, user, 'email_change', request, {
          pkce,
          to: newEmail,
        }));
      }
      return (await findUserById(db, user.id))!;
    });
    if (mail) await rt.outbox.send(mail);
    return Response.json(userJson(user));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

/** POST /logout?scope=global|local|others → 204 */
export async function logout(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const { user, session } = request.auth;
  await transaction(rt.pool, async (db) => {
    await deleteSessions(db, user.id, scope, session.id);
    await audit(db, rt, actorOf(user), 'logout', request.ip, { scope });
  });
  return new Response(null, { status: 204 });
}

/** DELETE /user/identities/{id}: unlink one of the user's identities, never the last one. */
export async function unlinkIdentity(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const identityId = request.params.id ?? '';
  await transaction(rt.pool, async (db) => {
    const user = await findUserById(db, request.auth.user.id, { forUpdate: true });
    if (!user) throw validationFailed('User not found');
    if (!isUuid(identityId)) throw validationFailed('identity_id must be an UUID');
    if (user.identities.length <= 1) {
      throw unprocessable(
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    }
    const identity = user.identities.find((candidate) => candidate.id === identityId);
    if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
    await deleteIdentity(db, identity.id);
    const providers = [
      ...new Set(user.identities.filter((i) => i.id !== identity.id).map((i) => i.provider)),
    ];
    await updateUserColumns(
      db,
      user.id,
      { raw_app_meta_data: { ...(user.raw_app_meta_data ?? {}), providers } },
      new Date(rt.now()),
    );
    await audit(db, rt, actorOf(user), 'identity_unlinked', request.ip, {
      identity_id: identity.id,
      provider: identity.provider,
      provider_id: identity.provider_id,
    });
  });
  return Response.json({});
}

function unsupportedProvider(provider: string): never {
  const reason = OAUTH_PROVIDERS.includes(provider.toLowerCase())
    ? 'provider is not enabled'
    : `Provider ${provider} could not be found`;
  throw validationFailed(`Unsupported provider: ${reason}`);
}

/** GET /authorize: sign-in with an OAuth provider — none is configured locally. */
export async function authorize(_rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  unsupportedProvider(request.url.searchParams.get('provider') ?? '');
}

/** GET /user/identities/authorize: link an OAuth identity — none is configured locally. */
export async function linkIdentity(_rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  unsupportedProvider(request.url.searchParams.get('provider') ?? '');
}
