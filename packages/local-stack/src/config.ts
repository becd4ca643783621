import { readFile } from 'node:fs/promises';
import { parse as parseToml } from 'smol-toml';

/**
 * The settings of `supabase/config.toml` that hosted Supabase applies and the local stack
 * mirrors. One file configures both, so local and hosted refuse the same passwords, expire
 * tokens at the same time and limit the same requests.
 */
export interface ProjectConfig {
  api: {
    /** `[api] max_rows`: the most rows PostgREST returns for one request. */
    maxRows: number;
  };
  auth: {
    /** `[auth] jwt_expiry`: lifetime of access tokens in seconds. */
    jwtExpiry: number;
    /** `[auth] refresh_token_reuse_interval`: seconds a rotated refresh token still works. */
    refreshTokenReuseInterval: number;
    /** `[auth] enable_signup`. */
    enableSignup: boolean;
    /** `[auth] enable_anonymous_sign_ins`. */
    enableAnonymousSignIns: boolean;
    /** `[auth] minimum_password_length`. */
    minimumPasswordLength: number;
    /** `[auth] password_requirements`. */
    passwordRequirements: PasswordRequirements;
    email: {
      /** `[auth.email] enable_signup`: the email provider. */
      enableSignup: boolean;
      /** `[auth.email] enable_confirmations`: sign-ups must confirm their address first. */
      enableConfirmations: boolean;
      /** `[auth.email] max_frequency`: one mail of a kind per user per this many seconds. */
      maxFrequencySeconds: number;
      /** `[auth.email] otp_expiry`: mailed links and codes stay valid this many seconds. */
      otpExpirySeconds: number;
    };
    /** `[auth.rate_limit]`: requests per IP address per 5 minutes (email_sent: per hour). */
    rateLimit: AuthRateLimitConfig;
  };
  storage: {
    /** `[storage] file_size_limit` in bytes. */
    fileSizeLimit: number;
  };
}

export interface AuthRateLimitConfig {
  emailSent: number;
  tokenRefresh: number;
  signInSignUps: number;
  tokenVerifications: number;
  anonymousUsers: number;
}

export const PASSWORD_REQUIREMENTS = [
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
] as const;

export type PasswordRequirements = (typeof PASSWORD_REQUIREMENTS)[number];

/** What the Supabase CLI uses when config.toml leaves a setting out. */
export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  api: { maxRows: 1000 },
  auth: {
    jwtExpiry: 3600,
    refreshTokenReuseInterval: 10,
    enableSignup: true,
    enableAnonymousSignIns: false,
    minimumPasswordLength: 6,
    passwordRequirements: '',
    email: {
      enableSignup: true,
      enableConfirmations: false,
      maxFrequencySeconds: 60,
      otpExpirySeconds: 3600,
    },
    rateLimit: {
      emailSent: 2,
      tokenRefresh: 150,
      signInSignUps: 30,
      tokenVerifications: 30,
      anonymousUsers: 30,
    },
  },
  storage: { fileSizeLimit: 50 * 1024 * 1024 },
};

/** A setting of config.toml that cannot be used; names the key and what it should be. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Table = Record<string, unknown>;

function table(parent: Table, key: string, where: string): Table {
  const value = parent[key];
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${where}${key} must be a table`);
  }
  return value as Table;
}

function integer(section: Table, key: string, where: string, fallback: number, min = 0): number {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ConfigError(`${where}${key} must be a whole number of at least ${min}`);
  }
  return value;
}

function flag(section: Table, key: string, where: string, fallback: boolean): boolean {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ConfigError(`${where}${key} must be true or false`);
  return value;
}

/** Parses Go-style durations the CLI accepts for email settings ("1m0s", "60s", "1h"). */
function seconds(section: Table, key: string, where: string, fallback: number): number {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const units: Record<string, number> = { h: 3600, m: 60, s: 1 };
    let total = 0;
    let consumed = 0;
    for (const match of value.matchAll(/(\d+)(h|m|s)/g)) {
      if (match.index !== consumed) break;
      total += Number(match[1]) * units[match[2]!]!;
      consumed += match[0].length;
    }
    if (value !== '' && consumed === value.length) return total;
  }
  throw new ConfigError(`${where}${key} must be a duration such as "60s" or "1m0s"`);
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1000,
  kib: 1024,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

/** A size such as "50MiB" or a number of bytes. */
export function parseByteSize(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()];
  if (!match || unit === undefined) return null;
  return Math.floor(Number(match[1]) * unit);
}

/** The settings of a config.toml text; absent settings take the CLI's defaults. */
export function parseProjectConfig(text: string): ProjectConfig {
  const root = parseToml(text) as Table;
  const d = DEFAULT_PROJECT_CONFIG;
  const api = table(root, 'api', '');
  const auth = table(root, 'auth', '');
  const email = table(auth, 'email', 'auth.');
  const rate = table(auth, 'rate_limit', 'auth.');
  const anonymous = auth.enable_anonymous_sign_ins;
  const storage = table(root, 'storage', '');

  const requirements = auth.password_requirements ?? d.auth.passwordRequirements;
  if (!(PASSWORD_REQUIREMENTS as readonly unknown[]).includes(requirements)) {
    throw new ConfigError(
      `auth.password_requirements must be one of ${PASSWORD_REQUIREMENTS.map((r) => `"${r}"`).join(', ')}`,
    );
  }
  const fileSize =
    storage.file_size_limit === undefined
      ? d.storage.fileSizeLimit
      : parseByteSize(storage.file_size_limit);
  if (fileSize === null) {
    throw new ConfigError('storage.file_size_limit must be a size such as "50MiB"');
  }
  return {
    api: { maxRows: integer(api, 'max_rows', 'api.', d.api.maxRows, 1) },
    auth: {
      jwtExpiry: integer(auth, 'jwt_expiry', 'auth.', d.auth.jwtExpiry, 1),
      refreshTokenReuseInterval: integer(
        auth,
        'refresh_token_reuse_interval',
        'auth.',
        d.auth.refreshTokenReuseInterval,
      ),
      enableSignup: flag(auth, 'enable_signup', 'auth.', d.auth.enableSignup),
      enableAnonymousSignIns:
        anonymous === undefined
          ? d.auth.enableAnonymousSignIns
          : flag(auth, 'enable_anonymous_sign_ins', 'auth.', false),
      minimumPasswordLength: integer(
        auth,
        'minimum_password_length',
        'auth.',
        d.auth.minimumPasswordLength,
        6,
      ),
      passwordRequirements: requirements as PasswordRequirements,
      email: {
        enableSignup: flag(email, 'enable_signup', 'auth.email.', d.auth.email.enableSignup),
        enableConfirmations: flag(
          email,
          'enable_confirmations',
          'auth.email.',
          d.auth.email.enableConfirmations,
        ),
        maxFrequencySeconds: seconds(
          email,
          'max_frequency',
          'auth.email.',
          d.auth.email.maxFrequencySeconds,
        ),
        otpExpirySeconds: integer(
          email,
          'otp_expiry',
          'auth.email.',
          d.auth.email.otpExpirySeconds,
        ),
      },
      rateLimit: {
        emailSent: integer(rate, 'email_sent', 'auth.rate_limit.', d.auth.rateLimit.emailSent),
        tokenRefresh: integer(
          rate,
          'token_refresh',
          'auth.rate_limit.',
          d.auth.rateLimit.tokenRefresh,
          1,
        ),
        signInSignUps: integer(
          rate,
          'sign_in_sign_ups',
          'auth.rate_limit.',
          d.auth.rateLimit.signInSignUps,
          1,
        ),
        tokenVerifications: integer(
          rate,
          'token_verifications',
          'auth.rate_limit.',
          d.auth.rateLimit.tokenVerifications,
          1,
        ),
        anonymousUsers: integer(
          rate,
          'anonymous_users',
          'auth.rate_limit.',
          d.auth.rateLimit.anonymousUsers,
          1,
        ),
      },
    },
    storage: { fileSizeLimit: fileSize },
  };
}

/** Reads `supabase/config.toml`; a missing file gives the CLI's defaults. */
export async function readProjectConfig(file: string): Promise<ProjectConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_PROJECT_CONFIG;
    throw error;
  }
  try {
    return parseProjectConfig(text);
  } catch (error) {
    throw new ConfigError(`${file}: ${(error as Error).message}`, { cause: error });
  }
}
