import type { Factor, Provider, Session, UserIdentity } from '@supabase/supabase-js';
import { decodeJwtPayload } from './jwt.ts';
import type { AssuranceLevel, AuthClient } from './types.ts';

export type { AssuranceLevel };

export interface AssuranceLevels {
  /** The level of the current access token (its `aal` claim), null without a session. */
  currentLevel: AssuranceLevel | null;
  /** `aal2` when any verified factor exists, otherwise the current level. */
  nextLevel: AssuranceLevel | null;
}

export interface TotpEnrollment {
  factorId: string;
  /** An SVG data URL of the QR code to scan with an authenticator app. */
  qrCode: string;
  secret: string;
  uri: string;
}

/** The current assurance level from the token; the next is aal2 if any factor is verified. */
export function assuranceLevels(
  accessToken: string | null,
  factors: readonly Pick<Factor, 'status'>[],
): AssuranceLevels {
  const claim = accessToken === null ? undefined : decodeJwtPayload(accessToken)?.aal;
  const currentLevel: AssuranceLevel | null = claim === 'aal1' || claim === 'aal2' ? claim : null;
  const nextLevel = factors.some((factor) => factor.status === 'verified') ? 'aal2' : currentLevel;
  return { currentLevel, nextLevel };
}

/**
 * The assurance levels of a session without a request: the current one from its access token, the
 * next from the factors the auth server listed in the session's user (as supabase-js's own
 * `getAuthenticatorAssuranceLevel` reads them; every token response carries them).
 */
export function sessionAssuranceLevels(session: Session | null): AssuranceLevels {
  if (!session) return { currentLevel: null, nextLevel: null };
  return assuranceLevels(session.access_token, session.user?.factors ?? []);
}

/** Whether `levels` are those of a session that has passed the password but not the second factor. */
export function needsSecondFactor(levels: AssuranceLevels): boolean {
  return levels.nextLevel === 'aal2' && levels.currentLevel !== 'aal2';
}

/** supabase-js answers `{ data, error }`; provider errors are rethrown to the caller. */
function unwrap<T>(result: { data: T | null; error: Error | null }): T {
  if (result.error) throw result.error;
  if (result.data === null) throw new Error('The auth service returned no data');
  return result.data;
}

export interface MfaDeps {
  auth: AuthClient;
  getSession(): Session | null;
  /** Applies the session returned by a successful verification (saves it, emits the event). */
  onVerified(session: Session): Promise<void>;
  now(): number;
}

/** Multi-factor authentication (product spec §4 "MFA", §7 /factors calls). */
export interface AuthMfa {
  enrollTotp(options?: { friendlyName?: string; issuer?: string }): Promise<TotpEnrollment>;
  challenge(factorId: string): Promise<{ challengeId: string; expiresAt: number }>;
  /** Verifies a code; on success the new (aal2) session is saved and MFA_CHALLENGE_VERIFIED emitted. */
  verify(params: { factorId: string; challengeId: string; code: string }): Promise<void>;
  challengeAndVerify(params: { factorId: string; code: string }): Promise<void>;
  listFactors(): Promise<Factor[]>;
  unenroll(factorId: string): Promise<void>;
  /** The current assurance level (from the token) and the next one (aal2 with a verified factor). */
  assuranceLevel(): Promise<AssuranceLevels>;
}

/** Linked sign-in identities (product spec §7 /user/identities calls). */
export interface AuthIdentities {
  list(): Promise<UserIdentity[]>;
  /** Starts linking an OAuth provider; resolves with the provider URL to visit. */
  link(params: {
    provider: Provider;
    redirectTo?: string;
    scopes?: string;
    skipBrowserRedirect?: boolean;
  }): Promise<{ url: string }>;
  unlink(identity: UserIdentity): Promise<void>;
}

export function createMfa({ auth, getSession, onVerified, now }: MfaDeps): AuthMfa {
  const mfa: AuthMfa = {
    async enrollTotp(
      options: { friendlyName?: string; issuer?: string } = {},
    ): Promise<TotpEnrollment> {
      const data = unwrap(
        await auth.mfa.enroll({
          factorType: 'totp',
          friendlyName: options.friendlyName,
          issuer: options.issuer,
        }),
      );
      return {
        factorId: data.id,
        qrCode: data.totp.qr_code,
        secret: data.totp.secret,
        uri: data.totp.uri,
      };
    },
    async challenge(factorId: string): Promise<{ challengeId: string; expiresAt: number }> {
      const data = unwrap(await auth.mfa.challenge({ factorId }));
      return { challengeId: data.id, expiresAt: data.expires_at };
    },
    /** Verifies a code; on success the new (aal2) session is saved and MFA_CHALLENGE_VERIFIED emitted. */
    async verify(params: { factorId: string; challengeId: string; code: string }): Promise<void> {
      const data = unwrap(await auth.mfa.verify(params));
      const expiresAt = Math.round(now() / 1000) + data.expires_in;
      await onVerified({ ...data, expires_at: expiresAt, token_type: 'bearer' });
    },
    async challengeAndVerify(params: { factorId: string; code: string }): Promise<void> {
      const { challengeId } = await mfa.challenge(params.factorId);
      await mfa.verify({ ...params, challengeId });
    },
    async listFactors(): Promise<Factor[]> {
      return unwrap(await auth.mfa.listFactors()).all;
    },
    async unenroll(factorId: string): Promise<void> {
      unwrap(await auth.mfa.unenroll({ factorId }));
    },
    async assuranceLevel(): Promise<AssuranceLevels> {
      const session = getSession();
      if (!session) return { currentLevel: null, nextLevel: null };
      return assuranceLevels(session.access_token, await mfa.listFactors());
    },
  };
  return mfa;
}

export function createIdentities(auth: AuthClient): AuthIdentities {
  return {
    async list(): Promise<UserIdentity[]> {
      return unwrap(await auth.getUserIdentities()).identities;
    },
    /** Starts linking an OAuth provider; resolves with the provider URL to visit. */
    async link(params: {
      provider: Provider;
      redirectTo?: string;
      scopes?: string;
      skipBrowserRedirect?: boolean;
    }): Promise<{ url: string }> {
      const { provider, ...options } = params;
      const { data, error } = await auth.linkIdentity({ provider, options });
      if (error) throw error;
      return { url: data.url };
    },
    async unlink(identity: UserIdentity): Promise<void> {
      unwrap(await auth.unlinkIdentity(identity));
    },
  };
}
