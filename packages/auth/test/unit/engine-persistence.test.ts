import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryStorage,
  REMEMBER_ME_DURATION_MS,
  SESSION_DURATION_MS,
  STORAGE_KEYS,
  type StorageLike,
} from '../../src/index.ts';
import { deobfuscate } from '../../src/obfuscation.ts';
import { createFakeApi } from '../support/fake-api.ts';
import { fakeWindow } from '../support/env.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(options: { rememberMe?: boolean; storage?: StorageLike } = {}) {
  const setup = setupEngine({ fake: createFakeApi({ expiresIn: 3600 }), storage: options.storage });
  addAda(setup.fake);
  await setup.engine.start();
  await setup.engine.login(ADA.email, ADA.password, { rememberMe: options.rememberMe });
  await vi.advanceTimersByTimeAsync(100);
  return setup;
}

function stored(storage: StorageLike) {
  const raw = storage.getItem(STORAGE_KEYS.authState);
  return raw === null
    ? null
    : (JSON.parse(deobfuscate(raw, 'https://verdant.test')!) as Record<string, unknown>);
}

describe('persisted session', () => {
  it('is saved obfuscated on every change, with its expiry and fingerprint', async () => {
    const { engine, storage, fake } = await signedIn();
    expect(storage.getItem(STORAGE_KEYS.authState)).not.toContain(fake.session!.access_token);
    expect(stored(storage)).toMatchObject({
      rememberMe: false,
      expiresAt: Date.now() - 100 + SESSION_DURATION_MS,
      fingerprint: 'TestBrowser/1.0|1280x800',
      session: { access_token: fake.session!.access_token },
    });
    engine.extendSession();
    expect(stored(storage)!.expiresAt).toBe(Date.now() + SESSION_DURATION_MS);
    engine.stop();
  });

  it('is saved on page unload and on return to visibility', async () => {
    const { engine, storage, win, doc } = await signedIn();
    storage.removeItem(STORAGE_KEYS.authState);
    win.dispatchEvent(new Event('pagehide'));
    expect(stored(storage)).not.toBeNull();
    storage.removeItem(STORAGE_KEYS.authState);
    win.dispatchEvent(new Event('beforeunload'));
    expect(stored(storage)).not.toBeNull();
    storage.removeItem(STORAGE_KEYS.authState);
    doc.setVisibility('hidden');
    storage.removeItem(STORAGE_KEYS.authState);
    doc.setVisibility('visible');
    expect(stored(storage)).not.toBeNull();
    engine.stop();
  });

  it('is restored by the next page load, keeping remember-me and the expiry', async () => {
    const first = await signedIn({ rememberMe: true });
    const { sessionTimeout, user } = first.engine.getSnapshot();
    first.engine.stop();

    // A new page: supabase-js has no session in memory, the engine restores it from storage.
    const fresh = createFakeApi();
    const next = setupEngine({ fake: fresh, storage: first.storage });
    fresh.auth.setSession.mockImplementation(async () => ({
      data: { user: first.fake.session!.user, session: first.fake.session! },
      error: null,
    }));
    fresh.profileRows.set(user!.id, {
      id: user!.id,
      name: 'Ada Lovelace',
      role: 'merchant',
      has_completed_onboarding: true,
    });
    await next.engine.start();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: true,
      rememberMe: true,
      sessionTimeout,
      user: { id: user!.id, role: 'merchant' },
    });
    expect(sessionTimeout).toBe(Date.now() - 100 + REMEMBER_ME_DURATION_MS);
    expect(fresh.auth.setSession).toHaveBeenCalledWith({
      access_token: first.fake.session!.access_token,
      refresh_token: first.fake.session!.refresh_token,
    });
    next.engine.stop();
  });

  it('restored for another fingerprint is discarded: logged out cleanly', async () => {
    const first = await signedIn();
    first.engine.stop();
    const next = setupEngine({
      fake: first.fake,
      storage: first.storage,
      window: fakeWindow({ width: 390, height: 844 }),
    });
    await expect(next.engine.start()).resolves.toBeUndefined();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: false,
      user: null,
    });
    expect(first.storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    expect(first.fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(next.logger.warn).toHaveBeenCalledWith('Discarded the stored auth state (fingerprint)');
    next.engine.stop();
  });

  it.each([
    ['garbage', 'not base64 at all ###'],
    ['tampered', null],
  ])('a corrupted (%s) stored state is discarded: logged out cleanly', async (_case, value) => {
    const first = await signedIn();
    first.engine.stop();
    const raw = first.storage.getItem(STORAGE_KEYS.authState)!;
    first.storage.setItem(
      STORAGE_KEYS.authState,
      value ?? raw.slice(0, 20) + 'AAAA' + raw.slice(24),
    );
    const next = setupEngine({ fake: first.fake, storage: first.storage });
    await expect(next.engine.start()).resolves.toBeUndefined();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: false,
    });
    expect(first.storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    next.engine.stop();
  });

  it('a stored session the server no longer accepts is dropped on restore', async () => {
    const first = await signedIn();
    first.engine.stop();
    const fresh = createFakeApi(); // knows no refresh tokens
    const next = setupEngine({ fake: fresh, storage: first.storage });
    await next.engine.start();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: false,
    });
    expect(first.storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    next.engine.stop();
  });

  it('a storage quota error is logged, never thrown; login and logout still work', async () => {
    const storage = createMemoryStorage();
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (key === STORAGE_KEYS.authState) throw new DOMException('quota', 'QuotaExceededError');
      setItem(key, value);
    };
    const { engine, logger } = await signedIn({ storage });
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(
      'Could not write "verdant.auth" to storage',
      expect.any(DOMException),
    );
    await expect(engine.logout()).resolves.toBeUndefined();
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });
});

describe('session expiry', () => {
  it('activity, debounced 30 s, extends the session', async () => {
    const { engine, win } = await signedIn();
    const before = engine.getSnapshot().sessionTimeout!;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    win.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(20_000);
    win.dispatchEvent(new Event('keydown')); // restarts the debounce
    await vi.advanceTimersByTimeAsync(29_999);
    expect(engine.getSnapshot().sessionTimeout).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot().sessionTimeout).toBe(Date.now() + SESSION_DURATION_MS);
    for (const type of ['scroll', 'touchstart']) {
      const last = engine.getSnapshot().sessionTimeout!;
      await vi.advanceTimersByTimeAsync(MIN);
      win.dispatchEvent(new Event(type));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(engine.getSnapshot().sessionTimeout).toBeGreaterThan(last);
    }
    engine.stop();
  });

  it('checks every 5 minutes and logs out an expired session, clearing persisted entries', async () => {
    const intervals: { ms: number; fn: () => void }[] = [];
    const setInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms: number) => {
      intervals.push({ ms, fn });
      return setInterval(fn, ms);
    }) as typeof globalThis.setInterval);
    const { engine, storage, events } = await signedIn();
    vi.mocked(globalThis.setInterval).mockRestore();
    const expiryCheck = intervals.find((i) => i.ms === 5 * MIN);
    expect(expiryCheck).toBeDefined();

    vi.setSystemTime(engine.getSnapshot().sessionTimeout! - 1);
    expiryCheck!.fn();
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    vi.setSystemTime(Date.now() + 1);
    expiryCheck!.fn();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    expect(events.at(-1)).toBe('SIGNED_OUT');
    engine.stop();
  });

  it('shows the warning at the first 60 s check with at most 5 minutes left', async () => {
    const { engine } = await signedIn();
    const timeout = engine.getSnapshot().sessionTimeout!;
    // Checks run every 60 s from login (24 h before the timeout), so one lands at exactly 5 min left.
    await vi.advanceTimersByTimeAsync(timeout - 5 * MIN - Date.now() - 1);
    expect(engine.getSnapshot().expiryWarning).toBeNull(); // the check at 6 min left did not warn
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.getSnapshot().expiryWarning).toEqual({ remainingMs: 5 * MIN });
    await vi.advanceTimersByTimeAsync(MIN);
    expect(engine.getSnapshot().expiryWarning).toEqual({ remainingMs: 4 * MIN });
    engine.stop();
  });

  it('with remember-me warns from 24 h before expiry', async () => {
    const { engine } = await signedIn({ rememberMe: true });
    const timeout = engine.getSnapshot().sessionTimeout!;
    vi.setSystemTime(timeout - 24 * HOUR - 2 * MIN - 30_000);
    await vi.advanceTimersByTimeAsync(MIN); // a check with more than 24 h left
    expect(engine.getSnapshot().expiryWarning).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * MIN); // a check passes just inside the window
    expect(engine.getSnapshot().expiryWarning).not.toBeNull();
    expect(engine.getSnapshot().expiryWarning!.remainingMs).toBeLessThanOrEqual(24 * HOUR);
    engine.stop();
  });

  it('Stay Signed In extends the session and closes the warning', async () => {
    const { engine } = await signedIn();
    vi.setSystemTime(engine.getSnapshot().sessionTimeout! - 2 * MIN);
    await vi.advanceTimersByTimeAsync(MIN);
    expect(engine.getSnapshot().expiryWarning).not.toBeNull();
    engine.extendSession();
    expect(engine.getSnapshot()).toMatchObject({
      expiryWarning: null,
      sessionTimeout: Date.now() + SESSION_DURATION_MS,
    });
    engine.stop();
  });

  it('an already expired session at the warning check logs out', async () => {
    const { engine, events } = await signedIn();
    vi.setSystemTime(engine.getSnapshot().sessionTimeout! + 1);
    await vi.advanceTimersByTimeAsync(MIN);
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: false, expiryWarning: null });
    expect(events.at(-1)).toBe('SIGNED_OUT');
    engine.stop();
  });

  it('a session that expired while the tab was hidden logs out on return', async () => {
    const { engine, doc } = await signedIn();
    doc.setVisibility('hidden');
    vi.setSystemTime(engine.getSnapshot().sessionTimeout! + 1);
    doc.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('a stored session past its expiry is not restored', async () => {
    const first = await signedIn();
    first.engine.stop();
    vi.setSystemTime(first.engine.getSnapshot().sessionTimeout!);
    const next = setupEngine({ fake: first.fake, storage: first.storage });
    await next.engine.start();
    expect(next.engine.getSnapshot().isAuthenticated).toBe(false);
    expect(next.logger.warn).toHaveBeenCalledWith('Discarded the stored auth state (expired)');
    next.engine.stop();
  });
});

describe('app version check', () => {
  it('clears local storage except the version key, resets auth and reloads when the version differs', async () => {
    const first = await signedIn();
    first.engine.stop();
    first.storage.setItem(STORAGE_KEYS.appVersion, '0.9.0');
    first.storage.setItem('theme', 'dark');
    const next = setupEngine({ fake: first.fake, storage: first.storage });
    await next.engine.start();
    expect(next.reload).toHaveBeenCalledTimes(1);
    expect(next.engine.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      user: null,
      session: null,
    });
    expect(first.storage.length).toBe(1);
    expect(first.storage.getItem(STORAGE_KEYS.appVersion)).toBe('1.0.0');
    next.engine.stop();
  });

  it("does not reload when the stored version is '1.0.0'", async () => {
    const { engine, reload, storage } = await signedIn();
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe('1.0.0');
    expect(reload).not.toHaveBeenCalled();
    engine.stop();
  });
});
