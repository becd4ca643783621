export interface RateLimit {
  /** Requests allowed per window and IP address. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitName = 'token' | 'signup' | 'recover' | 'verify' | 'mfa';

export interface AuthSettings {
  /** Lifetime of access tokens. */
  accessTokenSeconds: number;
  /** A rotated refresh token used again within this many seconds returns the current session. */
  refreshTokenReuseSeconds: number;
  /** An MFA challenge must be verified within this many seconds. */
  mfaChallengeSeconds: number;
  /** Recovery and email-change links stay valid this long. */
  emailLinkSeconds: number;
  /** A user may ask for a recovery mail once per this many seconds. */
  emailFrequencySeconds: number;
  /** bcrypt cost of password hashes. */
  bcryptCost: number;
  rateLimits: Record<RateLimitName, RateLimit>;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  accessTokenSeconds: 3600,
  refreshTokenReuseSeconds: 10,
  mfaChallengeSeconds: 300,
  emailLinkSeconds: 3600,
  emailFrequencySeconds: 60,
  bcryptCost: 10,
  rateLimits: {
    token: { limit: 150, windowSeconds: 300 },
    signup: { limit: 30, windowSeconds: 300 },
    recover: { limit: 30, windowSeconds: 300 },
    verify: { limit: 30, windowSeconds: 300 },
    mfa: { limit: 15, windowSeconds: 60 },
  },
};

export type AuthSettingsInput = Partial<Omit<AuthSettings, 'rateLimits'>> & {
  rateLimits?: Partial<Record<RateLimitName, RateLimit>>;
};

export function resolveSettings(input: AuthSettingsInput = {}): AuthSettings {
  const { rateLimits, ...rest } = input;
  return {
    ...DEFAULT_AUTH_SETTINGS,
    ...rest,
    rateLimits: { ...DEFAULT_AUTH_SETTINGS.rateLimits, ...rateLimits },
  };
}

const RATE_LIMIT_VARIABLES: Record<RateLimitName, string> = {
  token: 'VERDANT_AUTH_RATE_LIMIT_TOKEN',
  signup: 'VERDANT_AUTH_RATE_LIMIT_SIGNUP',
  recover: 'VERDANT_AUTH_RATE_LIMIT_RECOVER',
  verify: 'VERDANT_AUTH_RATE_LIMIT_VERIFY',
  mfa: 'VERDANT_AUTH_RATE_LIMIT_MFA',
};

/**
 * Rate limits from the environment, each written `<requests>/<seconds>` (for example
 * `VERDANT_AUTH_RATE_LIMIT_TOKEN=1000/60`). Unset variables keep the defaults.
 */
export function authSettingsFromEnv(env: Record<string, string | undefined>): AuthSettingsInput {
  const rateLimits: Partial<Record<RateLimitName, RateLimit>> = {};
  for (const [name, variable] of Object.entries(RATE_LIMIT_VARIABLES) as Array<
    [RateLimitName, string]
  >) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    const match = /^(\d+)\/(\d+)$/.exec(value.trim());
    if (!match || Number(match[2]) === 0) {
      throw new Error(
        `${variable} must look like <requests>/<seconds>, e.g. 150/300 (got "${value}")`,
      );
    }
    rateLimits[name] = { limit: Number(match[1]), windowSeconds: Number(match[2]) };
  }
  return { rateLimits };
}
