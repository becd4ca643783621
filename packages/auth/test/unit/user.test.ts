import { describe, expect, it } from 'vitest';
import { hasRequiredRole } from '../../src/index.ts';
import { userFromAuthMetadata, userFromProfile } from '../../src/user.ts';
import { authUser } from '../support/fake-api.ts';

describe('user mapping', () => {
  it('maps a profile row to the client-side user', () => {
    const user = userFromProfile(authUser('u1', 'ada@example.com'), {
      id: 'u1',
      name: 'Ada',
      role: 'merchant',
      has_completed_onboarding: true,
      profile_image: 'https://img.test/a.png',
      has_active_subscription: true,
      subscription_tier: 'pro',
      subscription_end_date: '2027-01-01T00:00:00Z',
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      role: 'merchant',
      hasCompletedOnboarding: true,
      profileImage: 'https://img.test/a.png',
      available_roles: ['merchant'],
      current_active_role: 'merchant',
      hasActiveSubscription: true,
      subscriptionTier: 'pro',
      subscriptionEndDate: '2027-01-01T00:00:00Z',
    });
  });

  it('fills missing profile fields from the metadata and the email', () => {
    const user = userFromProfile(authUser('u1', 'ada@example.com', { role: 'merchant' }), {
      id: 'u1',
      name: null,
      role: null,
    });
    expect(user).toMatchObject({
      name: 'ada@example.com',
      role: 'merchant',
      hasCompletedOnboarding: false,
    });
  });

  it('builds a user from sign-up metadata: role, name, onboarding not done', () => {
    expect(
      userFromAuthMetadata(authUser('u1', 'ada@example.com', { name: 'Ada', role: 'merchant' })),
    ).toMatchObject({
      name: 'Ada',
      role: 'merchant',
      available_roles: ['merchant'],
      current_active_role: 'merchant',
      hasCompletedOnboarding: false,
      hasActiveSubscription: false,
    });
  });

  it('defaults the role to affiliate and the name to the email', () => {
    expect(userFromAuthMetadata(authUser('u1', 'ada@example.com'))).toMatchObject({
      name: 'ada@example.com',
      role: 'affiliate',
    });
    expect(
      userFromAuthMetadata(authUser('u1', 'ada@example.com', { role: 'superuser', name: '  ' })),
    ).toMatchObject({
      name: 'ada@example.com',
      role: 'affiliate',
    });
  });

  it('grants a route to the primary role or any available role', () => {
    const merchant = userFromAuthMetadata(authUser('u1', 'a@example.com', { role: 'merchant' }));
    expect(hasRequiredRole(merchant, ['merchant'])).toBe(true);
    expect(hasRequiredRole(merchant, ['admin', 'affiliate', 'merchant'])).toBe(true);
    expect(hasRequiredRole(merchant, ['affiliate'])).toBe(false);
    expect(hasRequiredRole({ ...merchant, available_roles: ['affiliate'] }, ['affiliate'])).toBe(
      true,
    );
  });
});
