import type { User as AuthUser } from '@supabase/supabase-js';
import { isRole } from '@verdant/validation';
import { DEMO_USER_ID } from './constants.ts';
import type { ProfileRecord, Role, SubscriptionRecord, User } from './types.ts';

/** Registration's default role (product spec §6). */
export const DEFAULT_ROLE = 'affiliate' satisfies Role;

function asRole(value: unknown): Role | null {
  return isRole(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function withRole(base: Omit<User, 'available_roles' | 'current_active_role'>): User {
  return { ...base, available_roles: [base.role], current_active_role: base.role };
}

/** The role and name a user signed up with, from the auth user's metadata. */
function fromMetadata(authUser: AuthUser): { role: Role; name: string; email: string } {
  const metadata: Record<string, unknown> = authUser.user_metadata ?? {};
  const email = authUser.email ?? '';
  return {
    email,
    role: asRole(metadata.role) ?? DEFAULT_ROLE,
    name: text(metadata.name) ?? email,
  };
}

/**
 * A user built from the auth user's metadata alone: used when there is no profile row and when
 * fetching it failed. The role comes from the sign-up metadata (default affiliate), the name
 * falls back to the email, and onboarding counts as not done.
 */
export function userFromAuthMetadata(authUser: AuthUser): User {
  const { email, role, name } = fromMetadata(authUser);
  return withRole({
    id: authUser.id,
    email,
    name,
    role,
    hasCompletedOnboarding: false,
    profileImage: null,
    hasActiveSubscription: false,
    subscriptionTier: null,
    subscriptionEndDate: null,
  });
}

/** A user built from the profile row, falling back to the auth metadata for missing fields. */
export function userFromProfile(authUser: AuthUser, profile: ProfileRecord): User {
  const fallback = fromMetadata(authUser);
  return withRole({
    id: authUser.id,
    email: fallback.email,
    name: text(profile.name) ?? fallback.name,
    role: asRole(profile.role) ?? fallback.role,
    hasCompletedOnboarding: profile.has_completed_onboarding === true,
    profileImage: text(profile.profile_image),
    hasActiveSubscription: profile.has_active_subscription === true,
    subscriptionTier: text(profile.subscription_tier),
    subscriptionEndDate: text(profile.subscription_end_date),
  });
}

/** The user with freshly read subscription fields. */
export function withSubscription(user: User, subscription: SubscriptionRecord): User {
  return {
    ...user,
    hasActiveSubscription: subscription.has_active_subscription === true,
    subscriptionTier: text(subscription.subscription_tier),
    subscriptionEndDate: text(subscription.subscription_end_date),
  };
}

/** The demo visitor (product spec §3): fixed id, role demo, onboarding completed. */
export const DEMO_USER: User = Object.freeze(
  withRole({
    id: DEMO_USER_ID,
    email: 'demo@example.com',
    name: 'Demo User',
    role: 'demo',
    hasCompletedOnboarding: true,
    profileImage: null,
    hasActiveSubscription: false,
    subscriptionTier: null,
    subscriptionEndDate: null,
  }),
);

/** Whether a parsed value is a well-formed user (used when restoring persisted state). */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.email === 'string' &&
    typeof v.name === 'string' &&
    asRole(v.role) !== null &&
    typeof v.hasCompletedOnboarding === 'boolean' &&
    Array.isArray(v.available_roles) &&
    v.available_roles.every((r) => asRole(r) !== null) &&
    asRole(v.current_active_role) !== null
  );
}

/** Route-guard rule (spec §2): the primary role or any available role is among `roles`. */
export function hasRequiredRole(user: User, roles: readonly Role[]): boolean {
  return roles.includes(user.role) || user.available_roles.some((role) => roles.includes(role));
}
