import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../support/fake-api.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(expiresIn = 300) {
  const setup = setupEngine({ fake: createFakeApi({ expiresIn }) });
  addAda(setup.fake);
  await setup.engine.start();
  await setup.engine.login(ADA.email, ADA.password);
  await vi.advanceTimersByTimeAsync(100); // subscription re-check
  setup.fake.auth.refreshSession.mockClear();
  return setup;
}

describe('auto-refresh', () => {
  it('refreshes on the 30 s tick once the token is within 90 s of expiry, and emits TOKEN_REFRESHED', async () => {
    const { engine, fake, events } = await signedIn(300);
    const firstToken = engine.getSnapshot().token;
    // 300 s token: ticks at 30 … 210 s see more than 90 s left; the 210 s tick sees exactly 90 s.
    await vi.advanceTimersByTimeAsync(179_900);
    expect(fake.auth.refreshSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot().token).not.toBe(firstToken);
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    engine.stop();
  });

  it('keeps the session through retryable failures (200 ms doubling back-off)', async () => {
    const { engine, fake, events } = await signedIn(120);
    fake.control.refreshErrors.push(
      new AuthRetryableFetchError('Gateway Timeout', 504),
      new AuthRetryableFetchError('Gateway Timeout', 504),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(fake.auth.refreshSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(fake.auth.refreshSession).toHaveBeenCalledTimes(3);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    engine.stop();
  });

  it('removes the session and signs out on a non-retryable failure', async () => {
    const { engine, fake, events, storage } = await signedIn(120);
    fake.control.refreshErrors.push(
      new AuthApiError('Invalid Refresh Token: Already Used', 400, 'refresh_token_already_used'),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: false, session: null });
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(storage.getItem('verdant.auth')).toBeNull();
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    engine.stop();
  });

  it('stops while the tab is hidden and resumes, recovering the session, on return', async () => {
    const { engine, fake, doc } = await signedIn(120);
    doc.setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(10 * 60_000); // token long expired while hidden
    expect(fake.auth.refreshSession).not.toHaveBeenCalled();
    doc.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(engine.getSnapshot().session!.expires_at! * 1000).toBeGreaterThan(Date.now());
    engine.stop();
  });

  it('stops all timers after logout', async () => {
    const { engine, fake } = await signedIn(60);
    await engine.logout();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.auth.refreshSession).not.toHaveBeenCalled();
    engine.stop();
  });
});
