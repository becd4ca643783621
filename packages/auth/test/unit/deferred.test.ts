import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDeferredAuthEngine,
  PENDING_AUTH_SNAPSHOT,
  type AuthEngine,
} from '../../src/index.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A load the test resolves by hand. */
function manualLoad(engine: AuthEngine) {
  let resolve!: () => void;
  const loaded = new Promise<void>((r) => (resolve = r));
  const load = vi.fn(() => loaded.then(() => engine));
  return { load, resolve };
}

describe('createDeferredAuthEngine', () => {
  it('loads nothing until used and reports a pending, signed-out snapshot', () => {
    const { engine } = setupEngine();
    const { load } = manualLoad(engine);
    const deferred = createDeferredAuthEngine(load);
    expect(load).not.toHaveBeenCalled();
    expect(deferred.getSnapshot()).toBe(PENDING_AUTH_SNAPSHOT);
    expect(deferred.getSnapshot()).toMatchObject({ isInitialized: false, isAuthenticated: false });
  });

  it('start() loads the engine once, starts it and moves subscribers over', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    const { load, resolve } = manualLoad(engine);
    const deferred = createDeferredAuthEngine(load);
    const changed = vi.fn();
    deferred.subscribe(changed);
    const events: string[] = [];
    deferred.onEvent((event) => events.push(event));
    const started = deferred.start();
    void deferred.start();
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await started;
    expect(deferred.getSnapshot()).toBe(engine.getSnapshot());
    expect(deferred.getSnapshot().isInitialized).toBe(true);
    expect(changed).toHaveBeenCalled();
    await deferred.login(ADA.email, ADA.password);
    expect(deferred.getSnapshot().isAuthenticated).toBe(true);
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('actions called before the load wait for it', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    const { load, resolve } = manualLoad(engine);
    const deferred = createDeferredAuthEngine(load);
    void deferred.start();
    const login = deferred.login(ADA.email, ADA.password);
    resolve();
    await expect(login).resolves.toMatchObject({ email: ADA.email });
    await deferred.logout();
    expect(deferred.getSnapshot().isAuthenticated).toBe(false);
  });

  it('a stop() before the load finished leaves the engine stopped (StrictMode remount starts it)', async () => {
    const { engine } = setupEngine();
    const start = vi.spyOn(engine, 'start');
    const { load, resolve } = manualLoad(engine);
    const deferred = createDeferredAuthEngine(load);
    const first = deferred.start();
    deferred.stop();
    resolve();
    await first;
    expect(start).not.toHaveBeenCalled();
    await deferred.start();
    expect(start).toHaveBeenCalledTimes(1);
    const stop = vi.spyOn(engine, 'stop');
    deferred.stop();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('removed event listeners are not attached, or are detached', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    const { load, resolve } = manualLoad(engine);
    const deferred = createDeferredAuthEngine(load);
    const early = vi.fn();
    const removed = vi.fn();
    const off = deferred.onEvent(early);
    deferred.onEvent(removed)();
    resolve();
    await deferred.start();
    off();
    await deferred.login(ADA.email, ADA.password);
    expect(early).not.toHaveBeenCalled();
    expect(removed).not.toHaveBeenCalled();
  });

  it('a failed load rejects the call and the next call tries again', async () => {
    const { engine } = setupEngine();
    const load = vi
      .fn<() => Promise<AuthEngine>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(engine);
    const deferred = createDeferredAuthEngine(load);
    await expect(deferred.start()).rejects.toThrow('chunk failed');
    expect(deferred.getSnapshot()).toBe(PENDING_AUTH_SNAPSHOT);
    await deferred.start();
    expect(load).toHaveBeenCalledTimes(2);
    expect(deferred.getSnapshot().isInitialized).toBe(true);
  });

  it('mfa and identities calls go to the loaded engine', async () => {
    const { engine } = setupEngine();
    const list = vi.spyOn(engine.identities, 'list').mockResolvedValue([]);
    const level = vi
      .spyOn(engine.mfa, 'assuranceLevel')
      .mockResolvedValue({ currentLevel: null, nextLevel: null });
    const deferred = createDeferredAuthEngine(() => Promise.resolve(engine));
    await expect(deferred.identities.list()).resolves.toEqual([]);
    await expect(deferred.mfa.assuranceLevel()).resolves.toEqual({
      currentLevel: null,
      nextLevel: null,
    });
    expect(list).toHaveBeenCalledTimes(1);
    expect(level).toHaveBeenCalledTimes(1);
  });
});
