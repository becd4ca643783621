import { REMEMBER_ME_WARNING_WINDOW_MS, WARNING_WINDOW_MS } from './constants.ts';

export type ExpiryStatus =
  | { kind: 'expired' }
  | { kind: 'warning'; remainingMs: number }
  | { kind: 'active'; remainingMs: number };

/** The warning window: 5 minutes, or 24 h with remember-me. */
export function warningWindow(rememberMe: boolean): number {
  return rememberMe ? REMEMBER_ME_WARNING_WINDOW_MS : WARNING_WINDOW_MS;
}

/**
 * Where a persisted session stands at `now`: expired, inside the warning window (at most 5 min
 * left, or 24 h with remember-me), or active.
 */
export function expiryStatus(
  sessionTimeout: number,
  rememberMe: boolean,
  now: number,
): ExpiryStatus {
  const remainingMs = sessionTimeout - now;
  if (remainingMs <= 0) return { kind: 'expired' };
  if (remainingMs <= warningWindow(rememberMe)) return { kind: 'warning', remainingMs };
  return { kind: 'active', remainingMs };
}
