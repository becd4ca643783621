import { audit } from './audit.js';
import { readJsonObject } from './body.js';
import { UUID_PATTERN, isUniqueViolation, transaction } from './db.js';
import { prepareEmailChange } from './email-links.js';
import type { OutgoingMail } from '../outbox.js';
import { unprocessable, validationFailed } from './errors.js';
import { requireUser } from './guard.js';
import { readPkceChallenge } from './pkce.js';
import { OAUTH_PROVIDERS } from './providers.js';
import { assertStrongPassword, hashPassword, normaliseEmail, passwordMatches } from './password.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { actorOf, findUserByEmail, findUserById, userJson } from './users.js';

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** GET /user */
export async function getUser(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const { user } = await requireUser(rt, request);
  return Response.json(userJson(user));
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

/** PUT /user: `data` (metadata), `password`, `email` (confirmed through a mailed link). */
export async function updateUser(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const { user: current } = await requireUser(rt, request);
  const body = await readJsonObject(request.req);
  const email = body.string('email');
  const password = body.string('password');
  const data = body.object('data');
  const pkce = readPkceChallenge(body);
  if (body.string('phone'))
    throw unprocessable('phone_provider_disabled', 'Phone changes are disabled');

  let encrypted: string | null = null;
  if (password !== undefined) {
    assertStrongPassword(password);
    if (await passwordMatches(password, current.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
    encrypted = await hashPassword(password, rt.settings.bcryptCost);
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
      if (data) {
        await db.query(
          'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1',
          [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data))],
        );
        await audit(db, actorOf(user), 'user_modified', request.ip);
      }
      if (encrypted) {
        await db.query(
          'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
          [user.id, encrypted],
        );
        await audit(db, actorOf(user), 'user_updated_password', request.ip);
      }
      if (newEmail) mail = await prepareEmailChange(db, rt, user, newEmail, request, pkce);
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
export async function logout(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const scope = request.url.searchParams.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await requireUser(rt, request);
  await transaction(rt.pool, async (db) => {
    if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [session.id]);
    else if (scope === 'others') {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        user.id,
        session.id,
      ]);
    } else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    await audit(db, actorOf(user), 'logout', request.ip, { scope });
  });
  return new Response(null, { status: 204 });
}

/** DELETE /user/identities/{id}: unlink one of the user's identities, never the last one. */
export async function unlinkIdentity(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const identityId = request.params.id ?? '';
  await transaction(rt.pool, async (db) => {
    const { user } = await requireUser(rt, request, db, { lockUser: true });
    if (!UUID_PATTERN.test(identityId)) throw validationFailed('identity_id must be an UUID');
    if (user.identities.length <= 1) {
      throw unprocessable(
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    }
    const identity = user.identities.find((candidate) => candidate.id === identityId);
    if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
    await db.query('delete from auth.identities where id = $1', [identity.id]);
    const providers = [
      ...new Set(user.identities.filter((i) => i.id !== identity.id).map((i) => i.provider)),
    ];
    await db.query(
      'update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1',
      [user.id, JSON.stringify({ ...(user.raw_app_meta_data ?? {}), providers })],
    );
    await audit(db, actorOf(user), 'identity_unlinked', request.ip, {
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
export async function linkIdentity(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  await requireUser(rt, request);
  unsupportedProvider(request.url.searchParams.get('provider') ?? '');
}
