import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  ApiError,
  createApiClient,
  isApiError,
  toApiError,
} from '../../src/index.ts';
import { fromPostgrestError } from '../../src/errors.ts';
import { clientWith, postgrestError, USER_ID } from './fake-fetch.ts';

describe('createApiClient', () => {
  it("fails on a missing URL or key with supabase-js's own messages", () => {
    expect(() => createApiClient({ url: '', anonKey: 'k' })).toThrow('supabaseUrl is required.');
    expect(() => createApiClient({ url: 'http://api.test', anonKey: '' })).toThrow(
      'supabaseKey is required.',
    );
  });
});

describe('realtime settings (spec §9)', () => {
  it('heartbeat 30 s, timeout 10 s, reconnect after 1 s, 2 s, 5 s, then 10 s', () => {
    const { api } = clientWith([]);
    const realtime = api.supabase.realtime;
    expect(realtime.heartbeatIntervalMs).toBe(30_000);
    expect(realtime.timeout).toBe(10_000);
    expect([1, 2, 3, 4, 5, 9].map((tries) => realtime.reconnectAfterMs(tries))).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('ApiError', () => {
  it('is an Error with a stable code, optional status, details and upstream code', () => {
    const error = new ApiError('conflict', 'taken', {
      status: 409,
      details: { a: 1 },
      upstreamCode: '23505',
    });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'conflict',
      status: 409,
      upstreamCode: '23505',
    });
    expect(new ApiError('unknown', 'x').status).toBeUndefined();
  });
});

describe('mapping of server codes', () => {
  it.each([
    ['23505', 409, 'conflict'],
    ['23503', 409, 'conflict'],
    ['42501', 403, 'forbidden'],
    ['42501', 401, 'forbidden'],
    ['PGRST116', 406, 'not_found'],
    ['PGRST301', 401, 'unauthorized'],
    ['23514', 400, 'validation_failed'],
    ['23502', 400, 'validation_failed'],
    ['22P02', 400, 'validation_failed'],
    ['22001', 400, 'validation_failed'],
    ['P0002', 400, 'not_found'],
    ['40001', 500, 'conflict'],
    ['PGRST002', 503, 'unavailable'],
    ['08006', 503, 'unavailable'],
    ['', 0, 'network'],
    ['', 429, 'rate_limited'],
    ['XX000', 500, 'unavailable'],
    ['PGRST999', 418, 'unknown'],
  ])('%s with status %i → %s', (upstreamCode, status, code) => {
    const error = fromPostgrestError(
      { code: upstreamCode, message: 'm', details: null, hint: null },
      status,
    );
    expect(error.code).toBe(code);
    expect(API_ERROR_CODES).toContain(error.code);
  });

  it('maps a PostgREST error of a real request through the module', async () => {
    const { api } = clientWith([
      postgrestError(409, '23505', 'duplicate key value violates unique constraint'),
    ]);
    await expect(api.profiles.update(USER_ID, { username: 'taken' })).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
      upstreamCode: '23505',
    });
  });

  it('maps function errors', async () => {
    const http = new FunctionsHttpError(new Response('{"message":"slow down"}', { status: 429 }));
    await expect(toApiError(http)).resolves.toMatchObject({
      code: 'rate_limited',
      message: 'slow down',
    });
    await expect(toApiError(new FunctionsRelayError({}))).resolves.toMatchObject({
      code: 'unavailable',
    });
    await expect(toApiError(new FunctionsFetchError({}))).resolves.toMatchObject({
      code: 'network',
    });
  });

  it('maps auth errors by status, a missing session to unauthorized', async () => {
    await expect(toApiError(new AuthSessionMissingError())).resolves.toMatchObject({
      code: 'unauthorized',
    });
    await expect(toApiError(new AuthRetryableFetchError('fetch failed', 0))).resolves.toMatchObject(
      {
        code: 'network',
      },
    );
    await expect(
      toApiError(new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit')),
    ).resolves.toMatchObject({
      code: 'rate_limited',
      status: 429,
      upstreamCode: 'over_request_rate_limit',
    });
  });

  it('keeps an ApiError and maps anything else to unknown', async () => {
    const original = new ApiError('forbidden', 'no');
    await expect(toApiError(original)).resolves.toBe(original);
    await expect(toApiError(new Error('odd'))).resolves.toMatchObject({
      code: 'unknown',
      message: 'odd',
    });
    await expect(toApiError(new TypeError('x is undefined'))).resolves.toMatchObject({
      code: 'unknown',
    });
    await expect(toApiError('odd')).resolves.toMatchObject({ code: 'unknown' });
  });
});
