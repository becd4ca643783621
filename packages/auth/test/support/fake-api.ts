/**
 * An in-memory stand-in for supabase-js's auth client and api-client's profile calls, used only
 * by unit tests to inject failures (the integration tests use the real local stack).
 */
import {
  AuthApiError,
  type AuthChangeEvent,
  type Factor,
  type Session,
  type User as AuthUser,
} from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { AuthApi, ProfileRecord, SubscriptionRecord } from '../../src/index.ts';
import { decodeJwtPayload } from '../../src/jwt.ts';

type Listener = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>;

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export interface FakeAccount {
  user: AuthUser;
  password: string;
}

export function authUser(
  id: string,
  email: string,
  metadata: Record<string, unknown> = {},
): AuthUser {
  return {
    id,
    email,
    aud: 'authenticated',
    app_metadata: { provider: 'email' },
    user_metadata: metadata,
    created_at: '2026-01-01T00:00:00Z',
  };
}

export function createFakeApi(options: { expiresIn?: number } = {}) {
  const expiresIn = options.expiresIn ?? 3600;
  const listeners = new Set<Listener>();
  const accounts = new Map<string, FakeAccount>();
  const profiles = new Map<string, ProfileRecord>();
  const factors: Factor[] = [];
  let current: Session | null = null;
  let counter = 0;
  let aal: 'aal1' | 'aal2' = 'aal1';
  const validRefreshTokens = new Map<string, AuthUser>();

  const control = {
    /** Errors (or results) that the next refreshSession calls answer with, in order. */
    refreshErrors: [] as unknown[],
    signOutError: null as AuthApiError | null,
    /** When set, signInWithPassword answers with no session (and no error). */
    signInWithoutSession: false,
    /** When false, sign-up needs an email confirmation (no session). */
    autoConfirm: true,
    /** When false, events are not delivered during calls (as if supabase-js skipped them). */
    deliverEvents: true,
    /** When true, a password change needs an aal2 session once a factor is verified (as hosted). */
    passwordChangeNeedsAal2: false,
    /** An error the next updateUser call answers with. */
    updateUserError: null as AuthApiError | null,
  };
  /** Access tokens whose sessions `admin.signOut` ended. */
  const endedSessions: string[] = [];

  /** The `aal` claim of an access token this fake issued. */
  const levelOf = (token: string): 'aal1' | 'aal2' =>
    decodeJwtPayload(token)?.aal === 'aal2' ? 'aal2' : 'aal1';

  async function notify(event: AuthChangeEvent, session: Session | null) {
    if (!control.deliverEvents) return;
    for (const listener of [...listeners]) await listener(event, session);
  }

  function issue(user: AuthUser, level: 'aal1' | 'aal2' = aal): Session {
    counter += 1;
    const now = Math.round(Date.now() / 1000);
    const refreshToken = `refresh-${counter}`;
    validRefreshTokens.set(refreshToken, user);
    // As the auth server answers: the user with its factors, when it has any.
    const { factors: _stale, ...plain } = user;
    return {
      access_token: fakeJwt({ sub: user.id, aal: level, exp: now + expiresIn, n: counter }),
      refresh_token: refreshToken,
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      token_type: 'bearer',
      user: factors.length > 0 ? { ...plain, factors: factors.map((f) => ({ ...f })) } : plain,
    };
  }

  const auth = {
    signInWithPassword: vi.fn(async ({ email, password }: { email: string; password: string }) => {
      const account = accounts.get(email);
      if (!account || account.password !== password) {
        return {
          data: { user: null, session: null },
          error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
        };
      }
      if (control.signInWithoutSession)
        return { data: { user: account.user, session: null }, error: null };
      aal = 'aal1';
      current = issue(account.user);
      await notify('SIGNED_IN', current);
      return { data: { user: account.user, session: current }, error: null };
    }),
    signUp: vi.fn(
      async ({
        email,
        password,
        options: opts,
      }: {
        email: string;
        password: string;
        options?: { data?: object };
      }) => {
        const user = authUser(`user-${accounts.size + 1}`, email, { ...opts?.data });
        accounts.set(email, { user, password });
        if (!control.autoConfirm) return { data: { user, session: null }, error: null };
        current = issue(user);
        await notify('SIGNED_IN', current);
        return { data: { user, session: current }, error: null };
      },
    ),
    signOut: vi.fn(async ({ scope }: { scope?: 'global' | 'local' | 'others' } = {}) => {
      if (control.signOutError && scope !== 'local') return { error: control.signOutError };
      if (current && scope !== 'local') validRefreshTokens.delete(current.refresh_token);
      const had = current !== null;
      current = null;
      if (had) await notify('SIGNED_OUT', null);
      return { error: null };
    }),
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    setSession: vi.fn(
      async ({ access_token, refresh_token }: { access_token: string; refresh_token: string }) => {
        const user = validRefreshTokens.get(refresh_token);
        if (!user) {
          return {
            data: { user: null, session: null },
            error: new AuthApiError(
              'Invalid Refresh Token: Refresh Token Not Found',
              400,
              'refresh_token_not_found',
            ),
          };
        }
        validRefreshTokens.delete(refresh_token);
        // A refreshed session keeps its assurance level.
        current = issue(user, levelOf(access_token));
        await notify('TOKEN_REFRESHED', current);
        return { data: { user, session: current }, error: null };
      },
    ),
    refreshSession: vi.fn(async ({ refresh_token }: { refresh_token: string }) => {
      if (control.refreshErrors.length > 0) {
        const error = control.refreshErrors.shift();
        return { data: { user: null, session: null }, error };
      }
      if (!current || current.refresh_token !== refresh_token) {
        return {
          data: { user: null, session: null },
          error: new AuthApiError(
            'Invalid Refresh Token: Already Used',
            400,
            'refresh_token_already_used',
          ),
        };
      }
      validRefreshTokens.delete(refresh_token);
      current = issue(current.user, levelOf(current.access_token));
      await notify('TOKEN_REFRESHED', current);
      return { data: { user: current.user, session: current }, error: null };
    }),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      return {
        data: {
          subscription: {
            id: 'sub',
            callback: listener,
            unsubscribe: () => listeners.delete(listener),
          },
        },
      };
    }),
    updateUser: vi.fn(async ({ password }: { password?: string }) => {
      if (!current) {
        return {
          data: { user: null },
          error: new AuthApiError('Auth session missing!', 400, 'session_missing'),
        };
      }
      if (control.updateUserError) {
        const error = control.updateUserError;
        control.updateUserError = null;
        return { data: { user: null }, error };
      }
      const account = [...accounts.values()].find((a) => a.user.id === current?.user.id);
      if (password !== undefined && account) {
        if (
          control.passwordChangeNeedsAal2 &&
          factors.some((f) => f.status === 'verified') &&
          levelOf(current.access_token) !== 'aal2'
        ) {
          return {
            data: { user: null },
            error: new AuthApiError(
              'AAL2 session is required to update email or password when MFA is enabled.',
              401,
              'insufficient_aal',
            ),
          };
        }
        if (password === account.password) {
          return {
            data: { user: null },
            error: new AuthApiError(
              'New password should be different from the old password.',
              422,
              'same_password',
            ),
          };
        }
        account.password = password;
      }
      await notify('USER_UPDATED', current);
      return { data: { user: current.user }, error: null };
    }),
    admin: {
      signOut: vi.fn(async (jwt: string) => {
        endedSessions.push(jwt);
        return { data: null, error: null };
      }),
    },
    linkIdentity: vi.fn(async ({ provider }: { provider: string }) => ({
      data: { provider, url: `https://auth.test/authorize?provider=${provider}` },
      error: null,
    })),
    unlinkIdentity: vi.fn(async () => ({ data: {}, error: null })),
    getUserIdentities: vi.fn(async () => ({
      data: {
        identities: current
          ? [{ identity_id: 'identity-1', id: current.user.id, provider: 'email' }]
          : [],
      },
      error: null,
    })),
    mfa: {
      enroll: vi.fn(async ({ friendlyName }: { friendlyName?: string }) => {
        const factor = {
          id: `factor-${factors.length + 1}`,
          friendly_name: friendlyName,
          factor_type: 'totp',
          status: 'unverified',
          created_at: '',
          updated_at: '',
        } as Factor;
        factors.push(factor);
        return {
          data: {
            id: factor.id,
            type: 'totp',
            friendly_name: friendlyName,
            totp: {
              qr_code: 'data:image/svg+xml;utf-8,<svg/>',
              secret: 'SECRET',
              uri: 'otpauth://totp/x',
            },
          },
          error: null,
        };
      }),
      challenge: vi.fn(async ({ factorId }: { factorId: string }) => ({
        data: {
          id: `challenge-for-${factorId}`,
          type: 'totp',
          expires_at: Math.round(Date.now() / 1000) + 300,
        },
        error: null,
      })),
      verify: vi.fn(
        async ({ factorId, code }: { factorId: string; challengeId: string; code: string }) => {
          const factor = factors.find((f) => f.id === factorId);
          if (!factor || code !== '123456' || !current) {
            return {
              data: null,
              error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
            };
          }
          (factor as { status: string }).status = 'verified';
          aal = 'aal2';
          const session = issue(current.user);
          current = session;
          // supabase-js announces the verify response without expires_at.
          const { expires_at: _omitted, ...data } = session;
          await notify('MFA_CHALLENGE_VERIFIED', data);
          return { data, error: null };
        },
      ),
      unenroll: vi.fn(async ({ factorId }: { factorId: string }) => {
        const index = factors.findIndex((f) => f.id === factorId);
        if (index >= 0) factors.splice(index, 1);
        return { data: { id: factorId }, error: null };
      }),
      listFactors: vi.fn(async () => ({
        data: {
          all: [...factors],
          totp: factors.filter((f) => f.status === 'verified'),
          phone: [],
        },
        error: null,
      })),
    },
  };

  const profileCalls = {
    fetchProfile: vi.fn(
      async (id: string): Promise<ProfileRecord | null> => profiles.get(id) ?? null,
    ),
    fetchSubscription: vi.fn(async (id: string): Promise<SubscriptionRecord | null> => {
      const profile = profiles.get(id);
      return profile
        ? {
            has_active_subscription: profile.has_active_subscription ?? false,
            subscription_tier: profile.subscription_tier ?? null,
            subscription_end_date: profile.subscription_end_date ?? null,
          }
        : null;
    }),
  };

  const api = { supabase: { auth }, profiles: profileCalls } as unknown as AuthApi;

  return {
    api,
    auth,
    profiles: profileCalls,
    control,
    profileRows: profiles,
    factors,
    endedSessions,
    /** The password the account of `email` signs in with now. */
    passwordOf(email: string) {
      return accounts.get(email)?.password;
    },
    get session() {
      return current;
    },
    addAccount(
      email: string,
      password: string,
      metadata: Record<string, unknown> = {},
      profile?: Partial<ProfileRecord>,
    ) {
      const user = authUser(`user-${accounts.size + 1}`, email, metadata);
      accounts.set(email, { user, password });
      if (profile) profiles.set(user.id, { id: user.id, ...profile });
      return user;
    },
    /** Lets the session's access token expire `seconds` from now. */
    expireIn(seconds: number) {
      if (current) current = { ...current, expires_at: Math.round(Date.now() / 1000) + seconds };
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
