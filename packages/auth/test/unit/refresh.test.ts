import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  type Session,
} from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/index.ts';
import { isRetryableRefreshError, needsRefresh, refreshRetryDelay } from '../../src/refresh.ts';
import { createAutoRefresher } from '../../src/refresh.ts';
import { recordingLogger } from '../support/env.ts';

function sessionExpiringIn(seconds: number, now = Date.now()): Session {
  return {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: seconds,
    expires_at: Math.round(now / 1000) + seconds,
    token_type: 'bearer',
    user: { id: 'u', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
  };
}

const retryable = () => new AuthRetryableFetchError('Service Unavailable', 503);

describe('refresh rules', () => {
  it('refreshes within 90 s of expiry', () => {
    const now = 1_800_000_000_000;
    expect(needsRefresh(sessionExpiringIn(91, now), now)).toBe(false);
    expect(needsRefresh(sessionExpiringIn(90, now), now)).toBe(true);
    expect(needsRefresh(sessionExpiringIn(-5, now), now)).toBe(true);
  });

  it('backs off from 200 ms, doubling', () => {
    expect([0, 1, 2, 3, 4].map(refreshRetryDelay)).toEqual([200, 400, 800, 1600, 3200]);
  });

  it('treats network and 502/503/504 failures as retryable and other auth errors as final', () => {
    expect(isRetryableRefreshError(retryable())).toBe(true);
    expect(isRetryableRefreshError(new AuthRetryableFetchError('Bad Gateway', 502))).toBe(true);
    expect(isRetryableRefreshError(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isRetryableRefreshError(
        new AuthApiError('Invalid Refresh Token', 400, 'refresh_token_not_found'),
      ),
    ).toBe(false);
    expect(isRetryableRefreshError(new AuthSessionMissingError())).toBe(false);
  });
});

describe('auto-refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(session: Session, errors: unknown[] = []) {
    let current: Session | null = session;
    const refresh = vi.fn(async () => {
      const error = errors.shift() ?? null;
      if (!error && current) current = sessionExpiringIn(3600);
      return { error };
    });
    const onFatal = vi.fn(() => {
      current = null;
    });
    const refresher = createAutoRefresher({
      clock: systemClock,
      logger: recordingLogger(),
      getSession: () => current,
      refresh,
      onFatal,
    });
    return { refresher, refresh, onFatal };
  }

  it('checks on a 30 s tick and refreshes once within 90 s of expiry', async () => {
    const { refresher, refresh } = setup(sessionExpiringIn(150));
    await refresher.start();
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000); // 120 s left
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // 90 s left
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000); // fresh session: nothing to do
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('retries a retryable failure after 200, 400, 800 ms and keeps the session', async () => {
    const { refresher, refresh, onFatal } = setup(sessionExpiringIn(60), [
      retryable(),
      retryable(),
      retryable(),
    ]);
    void refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(800);
    expect(refresh).toHaveBeenCalledTimes(4); // succeeded
    expect(onFatal).not.toHaveBeenCalled();
    refresher.stop();
  });

  it('gives up retrying within one tick and tries again on the next', async () => {
    const errors = Array.from({ length: 50 }, retryable);
    const { refresher, refresh, onFatal } = setup(sessionExpiringIn(60), errors);
    void refresher.start();
    await vi.advanceTimersByTimeAsync(29_999);
    // 200+400+…+12 800 = 25 400 ms: 8 attempts; the next delay would pass the 30 s tick.
    expect(refresh).toHaveBeenCalledTimes(8);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(9);
    expect(onFatal).not.toHaveBeenCalled();
    refresher.stop();
  });

  it('ends the session on a non-retryable failure without retrying', async () => {
    const fatal = new AuthApiError(
      'Invalid Refresh Token: Already Used',
      400,
      'refresh_token_already_used',
    );
    const { refresher, refresh, onFatal } = setup(sessionExpiringIn(60), [fatal]);
    await refresher.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFatal).toHaveBeenCalledWith(fatal);
  });

  it('stops ticking and abandons retries when stopped', async () => {
    const { refresher, refresh } = setup(sessionExpiringIn(60), [retryable(), retryable()]);
    void refresher.start();
    await vi.advanceTimersByTimeAsync(0);
    refresher.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.running).toBe(false);
  });
});
