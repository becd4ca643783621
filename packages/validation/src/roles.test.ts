import { describe, expect, it } from 'vitest';
import { ROLES, isRole, validateRoleChange, type RoleChangeInput } from './roles.ts';

const INVALID = 'Invalid role specified';
const ONLY_ADMINS = 'Only administrators can grant admin privileges';
const SELF = 'Administrators cannot demote themselves';
const LAST = 'Cannot remove the last administrator';

const base: RoleChangeInput = {
  actorId: 'actor',
  actorRole: 'admin',
  targetId: 'target',
  targetRole: 'affiliate',
  newRole: 'merchant',
  adminCount: 2,
};

describe('validateRoleChange', () => {
  it.each<[string, Partial<RoleChangeInput>, string | null]>([
    ['unknown role', { newRole: 'superuser' }, INVALID],
    ['role in another case', { newRole: 'Admin' }, INVALID],
    ['empty role', { newRole: '' }, INVALID],
    ['role with spaces', { newRole: ' admin ' }, INVALID],
    ['unknown role from a non-admin', { actorRole: 'affiliate', newRole: 'root' }, INVALID],
    ['affiliate grants admin', { actorRole: 'affiliate', newRole: 'admin' }, ONLY_ADMINS],
    ['merchant grants admin', { actorRole: 'merchant', newRole: 'admin' }, ONLY_ADMINS],
    ['demo grants admin', { actorRole: 'demo', newRole: 'admin' }, ONLY_ADMINS],
    [
      'merchant changes an admin',
      { actorRole: 'merchant', targetRole: 'admin', newRole: 'affiliate' },
      ONLY_ADMINS,
    ],
    [
      'admin demotes self',
      { actorId: 'me', targetId: 'me', targetRole: 'admin', newRole: 'affiliate', adminCount: 3 },
      SELF,
    ],
    [
      'last admin demotes self',
      { actorId: 'me', targetId: 'me', targetRole: 'admin', newRole: 'demo', adminCount: 1 },
      SELF,
    ],
    [
      'admin demotes the last admin',
      { targetRole: 'admin', newRole: 'merchant', adminCount: 1 },
      LAST,
    ],
    [
      'admin count missing',
      { targetRole: 'admin', newRole: 'merchant', adminCount: Number.NaN },
      LAST,
    ],
    ['admin count zero', { targetRole: 'admin', newRole: 'merchant', adminCount: 0 }, LAST],
    [
      'admin demotes another admin',
      { targetRole: 'admin', newRole: 'merchant', adminCount: 2 },
      null,
    ],
    ['admin grants admin', { newRole: 'admin' }, null],
    ['admin changes affiliate to merchant', {}, null],
    ['admin moves a merchant to demo', { targetRole: 'merchant', newRole: 'demo' }, null],
    [
      'admin keeps own admin role',
      { actorId: 'me', targetId: 'me', targetRole: 'admin', newRole: 'admin', adminCount: 1 },
      null,
    ],
    ['last admin stays admin', { targetRole: 'admin', newRole: 'admin', adminCount: 1 }, null],
  ])('%s', (_name, change, error) => {
    expect(validateRoleChange({ ...base, ...change })).toEqual(
      error === null ? { ok: true } : { ok: false, error },
    );
  });
});

describe('ROLES and isRole', () => {
  it('lists the four roles', () => {
    expect(ROLES).toEqual(['admin', 'affiliate', 'merchant', 'demo']);
  });

  it.each([
    ['admin', true],
    ['demo', true],
    ['ADMIN', false],
    ['owner', false],
    [undefined, false],
    [1, false],
  ])('isRole(%j) is %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});
