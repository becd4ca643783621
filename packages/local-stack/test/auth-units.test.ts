import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { parseBanDuration } from '../src/auth/admin.ts';
import { createAuthService } from '../src/auth/index.ts';
import {
  AuthError,
  OAuthError,
  errorBody,
  negotiateApiVersion,
  weakPassword,
} from '../src/auth/errors.ts';
import {
  PASSWORD_MAX_BYTES,
  assertPasswordPolicy,
  hashPassword,
  passwordMatches,
} from '../src/auth/password.ts';
import { RateLimiter } from '../src/auth/rate-limit.ts';
import {
  DEFAULT_AUTH_SETTINGS,
  authSettingsFromEnv,
  resolveSettings,
} from '../src/auth/settings.ts';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from '../src/auth/totp.ts';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = 1_700_000_015_000;
  const step = Math.floor(now / 1000 / 30);
  const codeAt = (epochSeconds: number) => generateSync({ secret, epoch: epochSeconds });

  it('accepts the code of the current, previous and next 30-second step and names the step', () => {
    expect(matchTotpStep(secret, codeAt(now / 1000), now)).toBe(step);
    expect(matchTotpStep(secret, codeAt(now / 1000 - 30), now)).toBe(step - 1);
    expect(matchTotpStep(secret, codeAt(now / 1000 + 30), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and non-numeric input', () => {
    expect(matchTotpStep(secret, codeAt(now / 1000 - 60), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(now / 1000 + 60), now)).toBeNull();
    const wrong = String((Number(codeAt(now / 1000)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(secret, wrong, now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
  });

  it('builds an otpauth URI and an SVG QR code of it', async () => {
    const uri = totpUri(secret, 'verdant.example', 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/verdant\.example:ada%40example\.com\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(new URL(uri).searchParams.get('period')).toBe('30');
    const svg = await totpQrSvg(uri);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // supabase-js puts the markup in a data: URL unencoded, where a `#` would cut it short.
    expect(svg).not.toContain('#');
  });
});

describe('RateLimiter', () => {
  it('allows `limit` requests per window and IP, then answers 429 over_request_rate_limit', () => {
    let now = 0;
    const limiter = new RateLimiter(
      { ...DEFAULT_AUTH_SETTINGS.rateLimits, mfa: { limit: 3, windowSeconds: 60 } },
      () => now,
    );
    for (let i = 0; i < 3; i += 1) limiter.take('mfa', '10.0.0.1');
    expect(() => limiter.take('mfa', '10.0.0.1')).toThrow(
      expect.objectContaining({ status: 429, errorCode: 'over_request_rate_limit' }),
    );
    // Another address and another bucket are not affected.
    expect(() => limiter.take('mfa', '10.0.0.2')).not.toThrow();
    expect(() => limiter.take('token', '10.0.0.1')).not.toThrow();
    // The bucket refills evenly: one request every 20 s.
    now = 20_000;
    expect(() => limiter.take('mfa', '10.0.0.1')).not.toThrow();
    expect(() => limiter.take('mfa', '10.0.0.1')).toThrow();
  });

  it('has the Supabase CLI defaults', () => {
    expect(DEFAULT_AUTH_SETTINGS.rateLimits).toEqual({
      token: { limit: 150, windowSeconds: 300 },
      signup: { limit: 30, windowSeconds: 300 },
      otp: { limit: 30, windowSeconds: 300 },
      recover: { limit: 30, windowSeconds: 300 },
      verify: { limit: 30, windowSeconds: 300 },
      mfa: { limit: 15, windowSeconds: 60 },
    });
    expect(DEFAULT_AUTH_SETTINGS.accessTokenSeconds).toBe(3600);
    expect(DEFAULT_AUTH_SETTINGS.bcryptCost).toBe(10);
  });
});

describe('settings', () => {
  it('reads rate limits from the environment and keeps the other defaults', () => {
    const settings = resolveSettings(
      authSettingsFromEnv({ VERDANT_AUTH_RATE_LIMIT_TOKEN: '1000/60' }),
    );
    expect(settings.rateLimits.token).toEqual({ limit: 1000, windowSeconds: 60 });
    expect(settings.rateLimits.signup).toEqual(DEFAULT_AUTH_SETTINGS.rateLimits.signup);
  });

  it('refuses malformed values with the variable name', () => {
    expect(() => authSettingsFromEnv({ VERDANT_AUTH_RATE_LIMIT_MFA: 'lots' })).toThrow(
      /VERDANT_AUTH_RATE_LIMIT_MFA/,
    );
    expect(() => authSettingsFromEnv({ VERDANT_AUTH_RATE_LIMIT_MFA: '5/0' })).toThrow(
      /VERDANT_AUTH_RATE_LIMIT_MFA/,
    );
  });
});

describe('error shapes', () => {
  const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

  it('answers { code: status, error_code, msg } without an API version', () => {
    expect(errorBody(error, null)).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers { code, message } for API version 2024-01-01 and later', () => {
    expect(negotiateApiVersion('2024-01-01')).toBe('2024-01-01');
    expect(negotiateApiVersion('2025-06-30')).toBe('2024-01-01');
    expect(negotiateApiVersion('2023-12-31')).toBeNull();
    expect(negotiateApiVersion('yesterday')).toBeNull();
    expect(errorBody(error, '2024-01-01')).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('carries weak_password reasons in both shapes', () => {
    const weak = weakPassword(['length'], 'Password should be at least 8 characters.');
    expect(errorBody(weak, '2024-01-01')).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(errorBody(weak, null)).toMatchObject({ code: 422, error_code: 'weak_password' });
  });

  it('answers OAuth errors as { error, error_description }', () => {
    expect(
      errorBody(new OAuthError('invalid_request', 'refresh_token required'), '2024-01-01'),
    ).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});

describe('password length', () => {
  const policy = DEFAULT_AUTH_SETTINGS.password;
  const longest = 'Green-Leaf-42!'.padEnd(PASSWORD_MAX_BYTES, 'x');

  it('refuses a password over 72 UTF-8 bytes with 400 validation_failed', () => {
    expect(() => assertPasswordPolicy(longest, policy)).not.toThrow();
    for (const password of [`${longest}x`, `Aa1!${'é'.repeat(35)}`]) {
      expect(() => assertPasswordPolicy(password, policy)).toThrow(
        expect.objectContaining({
          status: 400,
          errorCode: 'validation_failed',
          message: 'Password cannot be longer than 72 characters',
        }),
      );
    }
  });

  it('never matches a longer password by its first 72 bytes, and never hashes one', async () => {
    // pgcrypto and older hashes may hold a password cut to 72 bytes.
    const hash = await hashPassword(longest, 4);
    expect(await passwordMatches(longest, hash)).toBe(true);
    expect(await passwordMatches(`${longest}tail`, hash)).toBe(false);
    expect(() => hashPassword(`${longest}tail`, 4)).toThrow(RangeError);
  });
});

describe('ban durations', () => {
  it('reads Go durations and "none"', () => {
    expect(parseBanDuration('none', 0)).toBeNull();
    expect(parseBanDuration('24h', 0)?.getTime()).toBe(86_400_000);
    expect(parseBanDuration('1h30m', 0)?.getTime()).toBe(5_400_000);
  });

  it('refuses anything else with 400 validation_failed', () => {
    for (const value of ['', 'forever', '10', '5d', 'h1']) {
      expect(() => parseBanDuration(value, 0)).toThrow(
        expect.objectContaining({ status: 400, errorCode: 'validation_failed' }),
      );
    }
  });
});

describe('unexpected database errors', () => {
  const serviceFailingWith = (error: Error & { code?: string }) =>
    createAuthService({
      pool: { query: () => Promise.reject(error) } as unknown as pg.Pool,
      keys: {} as never,
      outbox: {} as never,
      apiUrl: 'http://127.0.0.1:1',
      siteUrl: 'http://localhost:3000',
      log: () => undefined,
    });
  const health = (service: ReturnType<typeof createAuthService>) =>
    service.handle(new Request('http://127.0.0.1:1/auth/v1/health'), {
      path: '/health',
      ip: '127.0.0.1',
    });

  it('answers values Postgres cannot store (SQLSTATE class 22) with 400 validation_failed', async () => {
    const response = await health(
      serviceFailingWith(
        Object.assign(new Error('value too long for type character varying(255)'), {
          code: '22001',
        }),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('answers anything else with 500 unexpected_failure and no internals', async () => {
    const response = await health(
      serviceFailingWith(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' })),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Unexpected failure, please check server logs for more information',
    });
  });
});
