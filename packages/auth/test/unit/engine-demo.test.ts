import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SESSION_MAX_AGE_MS, DEMO_USER, DEMO_USER_ID, STORAGE_KEYS } from '../../src/index.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('demo mode', () => {
  it('switches on with the demo user and is stored', async () => {
    const { engine, storage } = setupEngine();
    await engine.start();
    await engine.enterDemo();
    expect(engine.getSnapshot()).toMatchObject({
      isDemoMode: true,
      isAuthenticated: true,
      user: DEMO_USER,
      session: null,
    });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.demoSession)!)).toEqual({
      userId: DEMO_USER_ID,
      startedAt: Date.now(),
    });
    engine.stop();
  });

  it('is restored on the next load when younger than 24 h', async () => {
    const first = setupEngine();
    await first.engine.start();
    await first.engine.enterDemo();
    first.engine.stop();
    vi.advanceTimersByTime(DEMO_SESSION_MAX_AGE_MS - 1);
    const next = setupEngine({ storage: first.storage });
    await next.engine.start();
    expect(next.engine.getSnapshot()).toMatchObject({
      isDemoMode: true,
      user: { id: DEMO_USER_ID, role: 'demo' },
    });
    next.engine.stop();
  });

  it('older than 24 h is removed and the visitor is logged out, nothing thrown', async () => {
    const first = setupEngine();
    await first.engine.start();
    await first.engine.enterDemo();
    first.engine.stop();
    vi.advanceTimersByTime(DEMO_SESSION_MAX_AGE_MS);
    const next = setupEngine({ storage: first.storage });
    await expect(next.engine.start()).resolves.toBeUndefined();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isDemoMode: false,
      isAuthenticated: false,
    });
    expect(first.storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
    next.engine.stop();
  });

  it('switching off clears demo links, the email popup timestamp and the demo session', async () => {
    const { engine, storage } = setupEngine();
    await engine.start();
    await engine.enterDemo();
    storage.setItem(STORAGE_KEYS.demoLinks, '[{"code":"demo"}]');
    storage.setItem(STORAGE_KEYS.emailPopupShownAt, String(Date.now()));
    engine.exitDemo();
    expect(engine.getSnapshot()).toMatchObject({
      isDemoMode: false,
      isAuthenticated: false,
      user: null,
    });
    expect(storage.getItem(STORAGE_KEYS.demoLinks)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.emailPopupShownAt)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
    engine.stop();
  });

  it('logout in demo mode leaves demo mode', async () => {
    const { engine, fake, storage } = setupEngine();
    await engine.start();
    await engine.enterDemo();
    await engine.logout();
    expect(engine.getSnapshot().isDemoMode).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    engine.stop();
  });

  it('entering demo mode while signed in signs out first; signing in ends demo mode', async () => {
    const { engine, fake, storage, events } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    await engine.enterDemo();
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(engine.getSnapshot()).toMatchObject({ isDemoMode: true, session: null });
    await engine.login(ADA.email, ADA.password);
    expect(engine.getSnapshot()).toMatchObject({ isDemoMode: false, user: { role: 'merchant' } });
    expect(storage.getItem(STORAGE_KEYS.demoSession)).toBeNull();
    engine.stop();
  });

  it('runs no session timers', async () => {
    const { engine } = setupEngine();
    await engine.start();
    await engine.enterDemo();
    expect(vi.getTimerCount()).toBe(0);
    engine.stop();
  });
});
