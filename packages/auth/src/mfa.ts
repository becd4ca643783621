import type { Factor, Provider, Session, UserIdentity } from '@supabase/supabase-js';
import { decodeJwtPayload } from './jwt.ts';
import { isWrongCode } from './password.ts';
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

/**
 * How long after the auth server accepted a code the same code can come back and still be on the
 * authenticator's screen: its 30-second step, and the step after it that the server also accepts.
 */
const USED_CODE_MS = 90_000;

/** What a code the auth server accepted a moment ago is refused as, when typed again. */
export const MFA_CODE_REUSED_MESSAGE =
  'That code was just used. Wait for your authenticator app to show the next code, then enter it.';

/**
 * The auth server refuses a code that it has already accepted (each 30-second step once) with the
 * answer it gives a wrong code (`mfa_verification_failed`, as supabase/auth refuses any code it
 * does not take). When this engine saw the same code accepted for the same factor moments ago,
 * that is what happened, and the user is told so: the app still shows that code, and only the
 * next one works.
 */
class MfaCodeReusedError extends Error {
  override readonly name = 'MfaCodeReusedError';
  /** Read like the auth server's codes (`error.code`), so a caller can tell this refusal apart. */
  readonly code = 'mfa_code_reused';
  constructor(refusal: unknown) {
    super(MFA_CODE_REUSED_MESSAGE, { cause: refusal });
  }
}

/** Whether `error` is a code refused because it was accepted moments ago (see `verify`). */
export function isReusedCode(error: unknown): boolean {
  return error instanceof MfaCodeReusedError;
}

/** A code as the auth server compares it: digits only (apps show it in groups, "123 456"). */
const digitsOf = (code: string) => code.replace(/\s+/g, '');

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
  /**
   * Verifies a code; on success the new (aal2) session is saved and MFA_CHALLENGE_VERIFIED emitted.
   * A code the auth server refuses after accepting the same one for the factor moments ago (it
   * takes each code once) is rethrown as an error with the code `mfa_code_reused` and a message
   * that says so (`isReusedCode`); any other refusal as the auth server's error.
   */
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
  // The last code the auth server accepted for each factor, and when: kept in memory only, long
  // enough to tell a code typed again (setting up the app, then logging in) from a wrong one.
  const accepted = new Map<string, { code: string; at: number }>();
  const wasJustAccepted = (factorId: string, code: string) => {
    const last = accepted.get(factorId);
    return last !== undefined && last.code === digitsOf(code) && now() - last.at < USED_CODE_MS;
  };
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
      const { data, error } = await auth.mfa.verify(params);
      if (error) {
        throw isWrongCode(error) && wasJustAccepted(params.factorId, params.code)
          ? new MfaCodeReusedError(error)
          : error;
      }
      if (data === null) throw new Error('The auth service returned no data');
      accepted.set(params.factorId, { code: digitsOf(params.code), at: now() });
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
