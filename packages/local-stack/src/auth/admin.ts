import { isUuid } from '@verdant/validation';
import { audit } from './models/audit.ts';
import { readJsonObject, type Body } from './body.ts';
import { isUniqueViolation, transaction, type Queryable } from './models/db.ts';
import { AuthError, notFound, unprocessable, validationFailed } from './errors.ts';
import { deleteFactorOf, listFactorsOf } from './models/factors.ts';
import { assertPasswordPolicy, hashPassword, normaliseEmail } from './password.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import { mergeMetadata } from './user.ts';
import {
  actorOf,
  deleteUser,
  findUserById,
  insertEmailUser,
  listUsersPage,
  updateUserColumns,
  userJson,
  type UserColumns,
  type UserRow,
} from './models/users.ts';

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');
const userNotFound = () => notFound('user_not_found', 'User not found');

/** Go duration syntax as supabase/auth's `ban_duration` takes it ("24h", "1h30m", "none"). */
export function parseBanDuration(value: string, now: number): Date | null {
  if (value === 'none') return null;
  const unitMs: Record<string, number> = {
    h: 3_600_000,
    m: 60_000,
    s: 1000,
    ms: 1,
    us: 0.001,
    µs: 0.001,
    ns: 0.000001,
  };
  const pattern = /(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const match of value.matchAll(pattern)) {
    if (match.index !== consumed) break;
    total += Number(match[1]) * unitMs[match[2]!]!;
    consumed += match[0].length;
  }
  const until = new Date(now + total);
  if (value === '' || consumed !== value.length || Number.isNaN(until.getTime())) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  }
  return until;
}

async function targetUser(
  rt: AuthRuntime,
  request: AuthRequest,
  db: Queryable = rt.pool,
  forUpdate = false,
): Promise<UserRow> {
  const id = request.params.id ?? '';
  if (!isUuid(id)) throw userNotFound();
  const user = await findUserById(db, id, { forUpdate });
  if (!user) throw userNotFound();
  return user;
}

/** GET /admin/users?page&per_page → `{ users, aud }` with `X-Total-Count` and `Link` headers. */
export async function listUsers(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const page = positiveInt(request.url.searchParams.get('page'), 1);
  const perPage = Math.min(positiveInt(request.url.searchParams.get('per_page'), 50), 1000);
  const { users, total } = await listUsersPage(rt.pool, perPage, (page - 1) * perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < lastPage)
    links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return Response.json(
    {
      users: users.map(userJson),
      aud: 'authenticated',
    },
    { headers: { 'x-total-count': String(total), link: links.join(', ') } },
  );
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 1_000_000) {
    throw validationFailed('page and per_page must be whole numbers from 1 to 1000000');
  }
  return parsed;
}

/** GET /admin/users/{id} */
export async function getUserById(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  return Response.json(userJson(await targetUser(rt, request)));
}

interface AdminUserChanges {
  email?: string;
  encryptedPassword?: string;
  confirmed?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  bannedUntil?: Date | null;
  role?: string;
}

async function readChanges(rt: AuthRuntime, body: Body): Promise<AdminUserChanges> {
  if (body.string('phone'))
    throw unprocessable(
      'phone_provider_disabled',
      'Phone numbers are not supported on this server',
    );
  const email = body.string('email');
  const password = body.string('password');
  const banDuration = body.string('ban_duration');
  const changes: AdminUserChanges = {};
  if (email !== undefined) changes.email = normaliseEmail(email);
  if (password !== undefined) {
    assertPasswordPolicy(password, rt.settings.password);
    changes.encryptedPassword = await hashPassword(password, rt.settings.bcryptCost);
  }
  const confirmed = body.boolean('email_confirm');
  if (confirmed !== undefined) changes.confirmed = confirmed;
  const userMetadata = body.object('user_metadata');
  if (userMetadata) changes.userMetadata = userMetadata;
  const appMetadata = body.object('app_metadata');
  if (appMetadata) changes.appMetadata = appMetadata;
  if (banDuration !== undefined) changes.bannedUntil = parseBanDuration(banDuration, rt.now());
  const role = body.string('role');
  if (role !== undefined && (role === '' || role.length > 255))
    throw validationFailed('role must be 1 to 255 characters');
  if (role !== undefined) changes.role = role;
  return changes;
}

/** POST /admin/users */
export async function createUser(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const id = body.string('id');
  if (id !== undefined && !isUuid(id)) throw validationFailed('id must be a UUID');
  const changes = await readChanges(rt, body);
  if (!changes.email)
    throw validationFailed('Unable to validate email address: an email address is required');
  const email = changes.email;
  try {
    const user = await transaction(rt.pool, async (db) => {
      const newId = await insertEmailUser(db, rt, {
        ...(id ? { id } : {}),
        email,
        encryptedPassword: changes.encryptedPassword ?? null,
        confirmedAt: changes.confirmed ? new Date(rt.now()) : null,
        userMetadata: changes.userMetadata ?? {},
        appMetadata: changes.appMetadata ?? {},
        ...(changes.role ? { role: changes.role } : {}),
        bannedUntil: changes.bannedUntil ?? null,
      });
      const created = (await findUserById(db, newId))!;
      await audit(db, rt, actorOf(created), 'user_signedup', request.ip, {
        provider: 'email',
        by: 'admin',
      });
      return created;
    });
    return Response.json(userJson(user));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

/** PUT /admin/users/{id} */
export async function updateUserById(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const changes = await readChanges(rt, body);
  try {
    const user = await transaction(rt.pool, async (db) => {
      const user = await targetUser(rt, request, db, true);
      const now = new Date(rt.now());
      const columns: UserColumns = {
        email:
          changes.email !== undefined && changes.email !== user.email ? changes.email : undefined,
        encrypted_password: changes.encryptedPassword,
        email_confirmed_at:
          changes.confirmed === true
            ? (user.email_confirmed_at ?? now)
            : changes.confirmed === false
              ? null
              : undefined,
        raw_user_meta_data: changes.userMetadata
          ? mergeMetadata(user.raw_user_meta_data, changes.userMetadata)
          : undefined,
        raw_app_meta_data: changes.appMetadata
          ? mergeMetadata(user.raw_app_meta_data, changes.appMetadata)
          : undefined,
        banned_until: changes.bannedUntil,
        role: changes.role,
      };
      await updateUserColumns(db, user.id, columns, now);
      await audit(db, rt, actorOf(user), 'user_modified', request.ip, { by: 'admin' });
      return (await findUserById(db, user.id))!;
    });
    return Response.json(userJson(user));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailExists();
    throw error;
  }
}

/** DELETE /admin/users/{id} `{ should_soft_delete? }` */
export async function deleteUserById(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req, { allowEmpty: true });
  const soft = body.boolean('should_soft_delete') ?? false;
  await transaction(rt.pool, async (db) => {
    const user = await targetUser(rt, request, db, true);
    try {
      await deleteUser(db, user.id, { soft, at: new Date(rt.now()) });
    } catch (error) {
      if ((error as { code?: string }).code !== '23503') throw error;
      throw new AuthError(
        409,
        'conflict',
        `Database error deleting user: ${(error as Error).message}`,
      );
    }
    await audit(db, rt, actorOf(user), 'user_deleted', request.ip, { soft });
  });
  return Response.json({});
}

/** GET /admin/users/{id}/factors: the user's MFA factors. */
export async function listFactors(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const user = await targetUser(rt, request);
  return Response.json(await listFactorsOf(rt.pool, user.id));
}

/** DELETE /admin/users/{id}/factors/{factorId}: removes a factor; its sessions fall back to aal1. */
export async function deleteFactor(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const factor = await transaction(rt.pool, async (db) => {
    const user = await targetUser(rt, request, db, true);
    const factorId = request.params.factorId ?? '';
    const deleted = isUuid(factorId)
      ? await deleteFactorOf(db, user.id, factorId, new Date(rt.now()))
      : null;
    if (!deleted) throw notFound('mfa_factor_not_found', 'Factor not found');
    await audit(db, rt, actorOf(user), 'factor_deleted', request.ip, {
      factor_id: deleted.id,
      by: 'admin',
    });
    return deleted;
  });
  return Response.json(factor);
}
