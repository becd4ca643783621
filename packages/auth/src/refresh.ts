import type { Session } from '@supabase/supabase-js';
import { isAuthError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { createInterval, sleep } from './clock.ts';
import {
  AUTO_REFRESH_MARGIN_MS,
  AUTO_REFRESH_TICK_MS,
  REFRESH_RETRY_BASE_MS,
} from './constants.ts';
import type { Clock, Logger } from './types.ts';

/**
 * Whether a refresh failure may succeed later. Network failures and 502/503/504 answers
 * (supabase-js's AuthRetryableFetchError) and unexpected non-auth exceptions keep the session;
 * any other auth error (an invalid or used refresh token, a missing session) is final.
 */
export function isRetryableRefreshError(error: unknown): boolean {
  return isAuthRetryableFetchError(error) || !isAuthError(error);
}

/** The delay before retry number `attempt` (0-based): 200 ms, doubling. */
export function refreshRetryDelay(attempt: number): number {
  return REFRESH_RETRY_BASE_MS * 2 ** attempt;
}

/** Whether a session expiring at `expiresAtSeconds` is due for refresh at `now` (ms). */
export function needsRefresh(session: Session, now: number): boolean {
  if (session.expires_at === undefined) return false;
  return session.expires_at * 1000 - now <= AUTO_REFRESH_MARGIN_MS;
}

export interface AutoRefresherDeps {
  clock: Clock;
  logger: Logger;
  getSession(): Session | null;
  /** Refreshes with the given refresh token; resolves with the error, if any. */
  refresh(refreshToken: string): Promise<{ error: unknown }>;
  /** Called once with a non-retryable error: the session must be removed. */
  onFatal(error: unknown): void;
}

/**
 * Auto-refresh of the access token (product spec §4, §8, §9): every 30 s, a session expiring
 * within 90 s is refreshed. A retryable failure is retried after 200 ms, 400 ms, 800 ms, … for
 * at most one tick, keeping the session; the next tick tries again. A non-retryable failure ends
 * the session.
 */
export function createAutoRefresher(deps: AutoRefresherDeps) {
  const { clock, logger } = deps;
  let running: Promise<void> | null = null;
  let generation = 0;

  async function refreshWithRetry(session: Session, runGeneration: number): Promise<void> {
    const startedAt = clock.now();
    for (let attempt = 0; ; attempt += 1) {
      let error: unknown;
      try {
        ({ error } = await deps.refresh(session.refresh_token));
      } catch (thrown) {
        error = thrown;
      }
      if (!error) return;
      if (!isRetryableRefreshError(error)) {
        logger.warn('Session refresh failed; signing out', error);
        deps.onFatal(error);
        return;
      }
      const delay = refreshRetryDelay(attempt);
      if (clock.now() + delay - startedAt >= AUTO_REFRESH_TICK_MS) {
        logger.warn(
          'Session refresh keeps failing; keeping the session until the next tick',
          error,
        );
        return;
      }
      logger.info(`Session refresh failed, retrying in ${delay} ms`, error);
      await sleep(clock, delay);
      if (runGeneration !== generation) return;
    }
  }

  function tick(): Promise<void> {
    if (running) return running;
    const session = deps.getSession();
    if (!session || !needsRefresh(session, clock.now())) return Promise.resolve();
    running = refreshWithRetry(session, generation).finally(() => {
      running = null;
    });
    return running;
  }

  const interval = createInterval(clock, AUTO_REFRESH_TICK_MS, () => void tick());

  return {
    /** Starts the 30 s tick and checks at once (used on start and on return to the tab). */
    start(): Promise<void> {
      interval.start();
      return tick();
    },
    /** Stops the tick and abandons pending retries (used when the tab is hidden). */
    stop() {
      interval.stop();
      generation += 1;
    },
    get running() {
      return interval.running;
    },
    tick,
  };
}
