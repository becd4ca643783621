import { QueryClient } from '@tanstack/react-query';
import { errorCode } from './error-code.ts';

/** 4xx answers that may differ a moment later: a session being renewed, a timeout, a rate limit. */
const PASSING_4XX = new Set([401, 408, 429]);

/** Error codes of the API client that a retry cannot change. */
const SETTLED_CODES = new Set(['validation_failed', 'not_found', 'forbidden', 'conflict']);

/**
 * Failures that asking again cannot change: input refused before any request (`validation_failed`),
 * a row that is not there or not the caller's, and the other 4xx answers.
 */
export function isSettledFailure(error: unknown): boolean {
  if (SETTLED_CODES.has(errorCode(error) ?? '')) return true;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && !PASSING_4XX.has(status);
}

/** Spec §9's cache settings: one retry, and none for a failure a retry cannot change. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  refetchOnWindowFocus: false,
  retry: (failureCount: number, error: unknown) => failureCount < 1 && !isSettledFailure(error),
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
