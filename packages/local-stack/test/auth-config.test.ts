import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { authSettingsFromConfig } from '../src/auth/settings.ts';
import { checkPasswordPolicy, normaliseEmail } from '../src/auth/password.ts';
import {
  ConfigError,
  DEFAULT_PROJECT_CONFIG,
  parseByteSize,
  parseProjectConfig,
  readProjectConfig,
} from '../src/config.ts';

const PROJECT_CONFIG = fileURLToPath(new URL('../../../supabase/config.toml', import.meta.url));

describe('config.toml', () => {
  it("reads the project's settings: the ones hosted applies too", async () => {
    const config = await readProjectConfig(PROJECT_CONFIG);
    expect(config.auth.jwtExpiry).toBe(3600);
    expect(config.auth.refreshTokenReuseInterval).toBe(10);
    expect(config.auth.enableSignup).toBe(true);
    expect(config.auth.email.enableConfirmations).toBe(false);
    expect(config.auth.minimumPasswordLength).toBe(8);
    expect(config.auth.passwordRequirements).toBe('lower_upper_letters_digits_symbols');
    expect(config.api.maxRows).toBe(1000);
    expect(config.storage.fileSizeLimit).toBe(50 * 1024 * 1024);
  });

  it('maps every setting onto the auth service', () => {
    const config = parseProjectConfig(`
      [api]
      max_rows = 25
      [auth]
      jwt_expiry = 600
      refresh_token_reuse_interval = 3
      enable_signup = false
      minimum_password_length = 12
      password_requirements = "letters_digits"
      [auth.email]
      enable_confirmations = true
      max_frequency = "1m30s"
      otp_expiry = 900
      [auth.rate_limit]
      token_refresh = 7
      sign_in_sign_ups = 8
      token_verifications = 9
      [storage]
      file_size_limit = "5MB"
    `);
    expect(config.api.maxRows).toBe(25);
    expect(config.storage.fileSizeLimit).toBe(5_000_000);
    const settings = authSettingsFromConfig(config);
    expect(settings).toMatchObject({
      accessTokenSeconds: 600,
      refreshTokenReuseSeconds: 3,
      enableSignup: false,
      enableConfirmations: true,
      emailFrequencySeconds: 90,
      emailLinkSeconds: 900,
      password: { minLength: 12, requirements: 'letters_digits' },
    });
    expect(settings.rateLimits.token).toEqual({ limit: 7, windowSeconds: 300 });
    expect(settings.rateLimits.signup).toEqual({ limit: 8, windowSeconds: 300 });
    expect(settings.rateLimits.otp).toEqual({ limit: 8, windowSeconds: 300 });
    expect(settings.rateLimits.verify).toEqual({ limit: 9, windowSeconds: 300 });
  });

  it('falls back to the Supabase CLI defaults for what it leaves out', async () => {
    expect(parseProjectConfig('project_id = "x"')).toEqual(DEFAULT_PROJECT_CONFIG);
    expect(await readProjectConfig('/nonexistent/config.toml')).toEqual(DEFAULT_PROJECT_CONFIG);
  });

  it('refuses unusable values and names the key', () => {
    const refused: Array<[string, RegExp]> = [
      ['[auth]\njwt_expiry = "soon"', /auth\.jwt_expiry/],
      ['[auth]\npassword_requirements = "strong"', /auth\.password_requirements/],
      ['[auth]\nminimum_password_length = 4', /auth\.minimum_password_length/],
      ['[auth]\nenable_signup = "yes"', /auth\.enable_signup/],
      ['[auth.email]\nmax_frequency = "soon"', /auth\.email\.max_frequency/],
      ['[storage]\nfile_size_limit = "big"', /storage\.file_size_limit/],
      ['[api]\nmax_rows = 0', /api\.max_rows/],
    ];
    for (const [text, message] of refused) {
      expect(() => parseProjectConfig(text)).toThrow(ConfigError);
      expect(() => parseProjectConfig(text)).toThrow(message);
    }
  });

  it('reads sizes in the units config.toml uses', () => {
    expect(parseByteSize('50MiB')).toBe(52_428_800);
    expect(parseByteSize('1 GB')).toBe(1_000_000_000);
    expect(parseByteSize(1024)).toBe(1024);
    expect(parseByteSize('12 parsecs')).toBeNull();
    expect(parseByteSize(-1)).toBeNull();
  });
});

describe('password policy (GoTrue reasons and messages)', () => {
  const policy = { minLength: 8, requirements: 'lower_upper_letters_digits_symbols' as const };
  const characters =
    'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ' +
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~.';

  it('passes a password with every required character of the minimum length', () => {
    expect(checkPasswordPolicy('Green-Leaf-42!', policy)).toBeNull();
    expect(checkPasswordPolicy('aB3$aB3$', policy)).toBeNull();
  });

  it('gives `length` for a short password', () => {
    expect(checkPasswordPolicy('aB3$aB3', policy)).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 8 characters.',
    });
  });

  it('gives `characters` once, naming every set, for each missing kind', () => {
    for (const password of ['ab3$ab3$', 'AB3$AB3$', 'aBc$aBc$', 'aB3daB3d']) {
      expect(checkPasswordPolicy(password, policy)).toEqual({
        reasons: ['characters'],
        message: characters,
      });
    }
  });

  it('gives both reasons with both messages joined by a space', () => {
    expect(checkPasswordPolicy('abc', policy)).toEqual({
      reasons: ['length', 'characters'],
      message: `Password should be at least 8 characters. ${characters}`,
    });
  });

  it('counts UTF-8 bytes, as supabase/auth does', () => {
    expect(checkPasswordPolicy('ééé', { minLength: 6, requirements: '' })).toBeNull();
    expect(checkPasswordPolicy('éé', { minLength: 6, requirements: '' })?.reasons).toEqual([
      'length',
    ]);
  });

  it('applies the weaker requirement levels', () => {
    expect(
      checkPasswordPolicy('letters42', { minLength: 6, requirements: 'letters_digits' }),
    ).toBeNull();
    expect(
      checkPasswordPolicy('letters', { minLength: 6, requirements: 'letters_digits' })?.reasons,
    ).toEqual(['characters']);
    expect(
      checkPasswordPolicy('lower42', { minLength: 6, requirements: 'lower_upper_letters_digits' })
        ?.reasons,
    ).toEqual(['characters']);
  });
});

describe('email format (GoTrue messages)', () => {
  it('lower-cases and trims a valid address', () => {
    expect(normaliseEmail('  Ada.Lovelace+Verdant@Example.COM ')).toBe(
      'ada.lovelace+verdant@example.com',
    );
  });

  it.each([
    ['', 'An email address is required'],
    ['not-an-email', 'Unable to validate email address: invalid format'],
    ['a@b@example.com', 'Unable to validate email address: invalid format'],
    ['a b@example.com', 'Unable to validate email address: invalid format'],
    ['ada@-example.com', 'Unable to validate email address: invalid format'],
    [`${'a'.repeat(250)}@example.com`, 'An email address is too long'],
  ])('refuses %j with 400 validation_failed "%s"', (email, message) => {
    expect(() => normaliseEmail(email)).toThrow(
      expect.objectContaining({ status: 400, errorCode: 'validation_failed', message }),
    );
  });
});
