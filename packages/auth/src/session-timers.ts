import { createDebouncer, createInterval } from './clock.ts';
import {
  ACTIVITY_DEBOUNCE_MS,
  EXPIRY_CHECK_INTERVAL_MS,
  WARNING_CHECK_INTERVAL_MS,
} from './constants.ts';
import { expiryStatus } from './expiry.ts';
import type { Clock } from './types.ts';

export interface SessionTimersDeps {
  clock: Clock;
  /** The persisted session's expiry (epoch ms, null without one) and remember-me flag. */
  getExpiry(): { sessionTimeout: number | null; rememberMe: boolean };
  /** The persisted session has expired: log out and clear persisted entries. */
  onExpired(): void;
  /** The warning opens (time left) or closes (null). */
  onWarning(remainingMs: number | null): void;
  /** Activity settled for 30 s: extend the session. */
  onActivity(): void;
}

/**
 * The persisted session's timers (product spec §4): an expiry check every 5 minutes, a warning
 * check every 60 s, and user activity debounced by 30 s.
 */
export function createSessionTimers(deps: SessionTimersDeps) {
  const { clock } = deps;

  function checkExpiry(): void {
    const { sessionTimeout } = deps.getExpiry();
    if (sessionTimeout !== null && sessionTimeout <= clock.now()) deps.onExpired();
  }

  function checkWarning(): void {
    const { sessionTimeout, rememberMe } = deps.getExpiry();
    if (sessionTimeout === null) return;
    const status = expiryStatus(sessionTimeout, rememberMe, clock.now());
    if (status.kind === 'expired') deps.onExpired();
    else deps.onWarning(status.kind === 'warning' ? status.remainingMs : null);
  }

  const expiryInterval = createInterval(clock, EXPIRY_CHECK_INTERVAL_MS, checkExpiry);
  const warningInterval = createInterval(clock, WARNING_CHECK_INTERVAL_MS, checkWarning);
  const activity = createDebouncer(clock, ACTIVITY_DEBOUNCE_MS, deps.onActivity);

  return {
    start() {
      expiryInterval.start();
      warningInterval.start();
    },
    stop() {
      expiryInterval.stop();
      warningInterval.stop();
      activity.cancel();
    },
    /** Runs the warning check now (e.g. when the tab becomes visible again). */
    checkWarning,
    /** Records user activity. */
    activity: () => activity.trigger(),
  };
}
