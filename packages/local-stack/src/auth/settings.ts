import {
  DEFAULT_PROJECT_CONFIG,
  type PasswordRequirements,
  type ProjectConfig,
} from '../config.ts';

export interface RateLimit {
  /** Requests allowed per window and IP address. */
  limit: number;
  windowSeconds: number;
}

/** The rate-limit buckets of the auth routes (each route names its bucket in the router). */
export type RateLimitName = 'token' | 'signup' | 'otp' | 'recover' | 'verify' | 'mfa';

export interface PasswordPolicy {
  /** `[auth] minimum_password_length` */
  minLength: number;
  /** `[auth] password_requirements` */
  requirements: PasswordRequirements;
}

export interface AuthSettings {
  /** Lifetime of access tokens (`[auth] jwt_expiry`). */
  accessTokenSeconds: number;
  /** A rotated refresh token used again within this many seconds returns the current session. */
  refreshTokenReuseSeconds: number;
  /** `[auth] enable_signup` */
  enableSignup: boolean;
  /** `[auth] enable_anonymous_sign_ins` */
  enableAnonymousSignIns: boolean;
  /** `[auth.email] enable_confirmations`: new addresses confirm through a mailed link first. */
  enableConfirmations: boolean;
  password: PasswordPolicy;
  /** An MFA challenge must be verified within this many seconds. */
  mfaChallengeSeconds: number;
  /** Mailed links and codes stay valid this long (`[auth.email] otp_expiry`). */
  emailLinkSeconds: number;
  /** A user may ask for a mail of one kind once per this many seconds (`[auth.email] max_frequency`). */
  emailFrequencySeconds: number;
  /** bcrypt cost of password hashes. */
  bcryptCost: number;
  rateLimits: Record<RateLimitName, RateLimit>;
}

/** supabase/auth's fixed MFA limit: 15 challenges and verifications per minute and IP address. */
const MFA_RATE_LIMIT: RateLimit = { limit: 15, windowSeconds: 60 };

/** The auth settings config.toml describes; hosted Supabase reads the same keys. */
export function authSettingsFromConfig(config: ProjectConfig): AuthSettings {
  const { auth } = config;
  const perFiveMinutes = (limit: number): RateLimit => ({ limit, windowSeconds: 300 });
  return {
    accessTokenSeconds: auth.jwtExpiry,
    refreshTokenReuseSeconds: auth.refreshTokenReuseInterval,
    enableSignup: auth.enableSignup && auth.email.enableSignup,
    enableAnonymousSignIns: auth.enableAnonymousSignIns,
    enableConfirmations: auth.email.enableConfirmations,
    password: { minLength: auth.minimumPasswordLength, requirements: auth.passwordRequirements },
    mfaChallengeSeconds: 300,
    emailLinkSeconds: auth.email.otpExpirySeconds,
    emailFrequencySeconds: auth.email.maxFrequencySeconds,
    bcryptCost: 10,
    rateLimits: {
      // token_refresh limits /token; sign_in_sign_ups the routes that sign in, sign up or mail
      // a code; token_verifications /verify (as the Supabase CLI maps them onto supabase/auth).
      token: perFiveMinutes(auth.rateLimit.tokenRefresh),
      signup: perFiveMinutes(auth.rateLimit.signInSignUps),
      otp: perFiveMinutes(auth.rateLimit.signInSignUps),
      recover: perFiveMinutes(auth.rateLimit.signInSignUps),
      verify: perFiveMinutes(auth.rateLimit.tokenVerifications),
      mfa: MFA_RATE_LIMIT,
    },
  };
}

/** The settings of a project whose config.toml sets nothing (the Supabase CLI's defaults). */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = authSettingsFromConfig(DEFAULT_PROJECT_CONFIG);

export type AuthSettingsInput = Partial<Omit<AuthSettings, 'rateLimits' | 'password'>> & {
  password?: Partial<PasswordPolicy>;
  rateLimits?: Partial<Record<RateLimitName, RateLimit>>;
};

/** `input` over `base` (the project's settings); rate limits and the password policy merge per key. */
export function resolveSettings(
  input: AuthSettingsInput = {},
  base: AuthSettings = DEFAULT_AUTH_SETTINGS,
): AuthSettings {
  const { rateLimits, password, ...rest } = input;
  return {
    ...base,
    ...rest,
    password: { ...base.password, ...password },
    rateLimits: { ...base.rateLimits, ...rateLimits },
  };
}

const RATE_LIMIT_VARIABLES: Record<RateLimitName, string> = {
  token: 'VERDANT_AUTH_RATE_LIMIT_TOKEN',
  signup: 'VERDANT_AUTH_RATE_LIMIT_SIGNUP',
  otp: 'VERDANT_AUTH_RATE_LIMIT_OTP',
  recover: 'VERDANT_AUTH_RATE_LIMIT_RECOVER',
  verify: 'VERDANT_AUTH_RATE_LIMIT_VERIFY',
  mfa: 'VERDANT_AUTH_RATE_LIMIT_MFA',
};

/**
 * Rate limits from the environment, each written `<requests>/<seconds>` (for example
 * `VERDANT_AUTH_RATE_LIMIT_TOKEN=1000/60`), over those of config.toml. Unset variables keep them.
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
