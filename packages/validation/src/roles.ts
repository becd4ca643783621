/** The roles a Verdant account can hold (spec §6). */
export const ROLES = ['admin', 'affiliate', 'merchant', 'demo'] as const;

export type Role = (typeof ROLES)[number];

/** Role-change messages, exactly as the spec words them (spec §5). */
export const ROLE_CHANGE_MESSAGES = {
  invalidRole: 'Invalid role specified',
  onlyAdminsGrantAdmin: 'Only administrators can grant admin privileges',
  noSelfDemotion: 'Administrators cannot demote themselves',
  lastAdmin: 'Cannot remove the last administrator',
} as const;

export interface RoleChangeInput {
  /** The account asking for the change. */
  actorId: string;
  actorRole: Role;
  /** The account whose role changes. */
  targetId: string;
  targetRole: Role;
  /** The requested role; anything but a {@link Role} is rejected. */
  newRole: string;
  /** How many administrators exist, the target included if it is one. */
  adminCount: number;
}

export type RoleChangeResult = { ok: true } | { ok: false; error: string };

/** True when `value` is one of {@link ROLES}. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Checks a role change against the rules of spec §5 and §6, first failure wins:
 * 1. `newRole` must be a known role.
 * 2. Only an administrator may grant admin, or change the role of an administrator.
 * 3. An administrator cannot take the admin role away from themselves.
 * 4. The last administrator cannot lose the admin role.
 */
export function validateRoleChange(input: RoleChangeInput): RoleChangeResult {
  const { actorId, actorRole, targetId, targetRole, newRole, adminCount } = input;
  if (!isRole(newRole)) return fail(ROLE_CHANGE_MESSAGES.invalidRole);

  const touchesAdmin = newRole === 'admin' || targetRole === 'admin';
  if (touchesAdmin && actorRole !== 'admin') return fail(ROLE_CHANGE_MESSAGES.onlyAdminsGrantAdmin);

  const removesAdmin = targetRole === 'admin' && newRole !== 'admin';
  if (removesAdmin && actorId === targetId) return fail(ROLE_CHANGE_MESSAGES.noSelfDemotion);
  // Written as "not more than one" so that a missing or NaN count also protects the last admin.
  if (removesAdmin && !(adminCount > 1)) return fail(ROLE_CHANGE_MESSAGES.lastAdmin);

  return { ok: true };
}

function fail(error: string): RoleChangeResult {
  return { ok: false, error };
}
