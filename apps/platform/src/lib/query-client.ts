import { QueryClient } from '@tanstack/react-query';

/** 4xx answers that may differ a moment later: a session being renewed, a timeout, a rate limit. */
const PASSING_4XX = new Set([401, 408, 429]);

/**
 * Failures that asking again cannot change: input refused before any request (`validation_failed`)
 * and the other 4xx answers (not found, forbidden, conflict…). Read by shape, not by class, so the
 * entry does not load the API client for it.
 */
export function isSettledFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (code === 'validation_failed') return true;
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
