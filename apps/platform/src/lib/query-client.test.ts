import { ApiError } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import { errorCode } from './error-code.ts';
import { QUERY_DEFAULTS, isSettledFailure } from './query-client.ts';

describe('query retries', () => {
  it('retries a failure once', () => {
    const offline = new ApiError('network', 'Failed to fetch');
    expect(QUERY_DEFAULTS.retry(0, offline)).toBe(true);
    expect(QUERY_DEFAULTS.retry(1, offline)).toBe(false);
    expect(QUERY_DEFAULTS.retry(0, new ApiError('unavailable', 'Oops', { status: 503 }))).toBe(
      true,
    );
  });

  it('does not retry input refused before the request, or a 4xx answer that will not change', () => {
    const refused = new ApiError('validation_failed', 'search must be at most 100 characters');
    expect(isSettledFailure(refused)).toBe(true);
    expect(QUERY_DEFAULTS.retry(0, refused)).toBe(false);
    // Codes the client gives without an answer's status (a read that found no row).
    expect(QUERY_DEFAULTS.retry(0, new ApiError('not_found', 'No such merchant'))).toBe(false);
    expect(QUERY_DEFAULTS.retry(0, new ApiError('forbidden', 'Not yours'))).toBe(false);
    expect(errorCode(new ApiError('conflict', 'Taken'))).toBe('conflict');
    expect(errorCode('conflict')).toBeUndefined();
    for (const status of [400, 403, 404, 409, 422])
      expect(QUERY_DEFAULTS.retry(0, new ApiError('not_found', 'No', { status }))).toBe(false);
  });

  it('retries the 4xx answers that may pass: a renewed session, a timeout, a rate limit', () => {
    for (const status of [401, 408, 429])
      expect(QUERY_DEFAULTS.retry(0, new ApiError('unauthorized', 'Later', { status }))).toBe(true);
    expect(isSettledFailure(new Error('plain'))).toBe(false);
    expect(isSettledFailure(null)).toBe(false);
  });
});
