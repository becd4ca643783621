import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { Role } from '@verdant/validation';

export type { Role };

/** An authenticator assurance level: `aal1` after a password alone, `aal2` after a second factor. */
export type AssuranceLevel = 'aal1' | 'aal2';

/** The signed-in user as the app sees it (product spec §3). */
export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  hasCompletedOnboarding: boolean;
  profileImage: string | null;
  /** Only ever the user's single role. */
  available_roles: Role[];
  current_active_role: Role;
  hasActiveSubscription: boolean;
  subscriptionTier: string | null;
  subscriptionEndDate: string | null;
}

/** The auth state of product spec §3. */
export interface AuthState {
  user: User | null;
  session: Session | null;
  isAuthenticated: boolean;
  isDemoMode: boolean;
  token: string | null;
  isInitialized: boolean;
  rememberMe: boolean;
  /** When the persisted session expires (epoch ms), or null when there is none. */
  sessionTimeout: number | null;
  /** The assurance level of the session's access token (its `aal` claim); null without a session. */
  assuranceLevel: AssuranceLevel | null;
  /**
   * The level the session must reach: `aal2` when the account has a verified MFA factor, otherwise
   * the current level (product spec §4 "MFA"); null without a session.
   */
  nextAssuranceLevel: AssuranceLevel | null;
  /**
   * True while the session has passed the password but not the account's second factor (`aal1`
   * with `aal2` next). Such a session is held (`session` and `token` are set, so the code can be
   * verified) but it is not signed in: `isAuthenticated` is false and `user` null until
   * `mfa.verify` raises it to `aal2`. Guards and navigation treat it as signed out.
   */
  mfaRequired: boolean;
}

/** What subscribers of the engine see: the auth state plus the expiry warning. */
export interface AuthSnapshot extends AuthState {
  /** Set while the "Session Expiring Soon" warning is showing. */
  expiryWarning: { remainingMs: number } | null;
}

/** Session events delivered to `engine.onEvent` listeners. */
export type AuthEventName =
  'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'MFA_CHALLENGE_VERIFIED';

/** A `profiles` row as far as the session engine reads it. */
export interface ProfileRecord {
  id: string;
  name?: string | null;
  role?: string | null;
  has_completed_onboarding?: boolean | null;
  profile_image?: string | null;
  has_active_subscription?: boolean | null;
  subscription_tier?: string | null;
  subscription_end_date?: string | null;
}

/** The subscription columns of a `profiles` row. */
export interface SubscriptionRecord {
  has_active_subscription?: boolean | null;
  subscription_tier?: string | null;
  subscription_end_date?: string | null;
}

type SupabaseAuth = SupabaseClient['auth'];

/** The part of supabase-js's auth client the engine uses. */
export type AuthClient = Pick<
  SupabaseAuth,
  | 'signInWithPassword'
  | 'signUp'
  | 'signOut'
  | 'getSession'
  | 'setSession'
  | 'refreshSession'
  | 'onAuthStateChange'
  | 'linkIdentity'
  | 'unlinkIdentity'
  | 'getUserIdentities'
  | 'updateUser'
  | 'verifyOtp'
> & {
  mfa: Pick<SupabaseAuth['mfa'], 'enroll' | 'challenge' | 'verify' | 'unenroll' | 'listFactors'>;
  /** Only `signOut(jwt, scope)`, which ends the session of the token it is given. */
  admin: Pick<SupabaseAuth['admin'], 'signOut'>;
};

/**
 * The part of `@verdant/api-client`'s `ApiClient` the engine needs; the real client satisfies it.
 * `fetchProfile` resolves null when there is no profile row and throws after its retries fail.
 */
export interface AuthApi {
  supabase: { auth: AuthClient };
  profiles: {
    fetchProfile(id: string): Promise<ProfileRecord | null>;
    fetchSubscription(id: string): Promise<SubscriptionRecord | null>;
  };
}

/** Time source and timers; defaults to the global ones (so Vitest fake timers apply). */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The subset of the Web Storage API the engine uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

type Listener = (event: Event) => void;

export interface EventSourceLike {
  addEventListener(type: string, listener: Listener, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: Listener, options?: EventListenerOptions): void;
}

export interface DocumentLike extends EventSourceLike {
  readonly visibilityState: string;
}

export interface WindowLike extends EventSourceLike {
  readonly location?: { readonly origin: string; reload(): void };
  readonly navigator?: { readonly userAgent: string };
  readonly screen?: { readonly width: number; readonly height: number };
}

/** Where the engine listens for visibility, unload and activity events. */
export interface AuthEnvironment {
  document?: DocumentLike;
  window?: WindowLike;
}

export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}
