import { STORAGE_KEYS } from '@verdant/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

const storageWith = (entries: Record<string, string>) => ({
  getItem: (key: string) => entries[key] ?? null,
});

describe('holdsSession', () => {
  it('is true when the browser stores a session or a demo session, false otherwise', async () => {
    const { holdsSession } = await import('./backend.ts');
    expect(holdsSession({ localStorage: storageWith({}) })).toBe(false);
    expect(holdsSession({ localStorage: storageWith({ [STORAGE_KEYS.authState]: 'x' }) })).toBe(
      true,
    );
    expect(holdsSession({ localStorage: storageWith({ [STORAGE_KEYS.demoSession]: '{}' }) })).toBe(
      true,
    );
    expect(holdsSession({ localStorage: storageWith({ 'verdant.cart': '[]' }) })).toBe(false);
    expect(holdsSession({})).toBe(false);
  });

  it('is false where storage is blocked and reading it throws', async () => {
    const { holdsSession } = await import('./backend.ts');
    const blocked = {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    expect(holdsSession(blocked)).toBe(false);
  });
});

describe('afterFirstPage', () => {
  it('resolves once the first page has rendered and the browser has painted it', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    // The document has loaded and the browser is idle (the next test covers those waits).
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) =>
      run({ didTimeout: false, timeRemaining: () => 10 }),
    );
    const { afterFirstPage, firstPageRendered } = await import('./backend.ts');
    let painted = false;
    void afterFirstPage().then(() => {
      painted = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(painted).toBe(false);

    firstPageRendered();
    await vi.advanceTimersByTimeAsync(0);
    // Rendered but the frame has not been drawn yet.
    expect(painted).toBe(false);
    frames.shift()!(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(painted).toBe(true);
    vi.useRealTimers();
  });

  it('also waits for the document to load and the browser to be idle', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => run(0));
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => idle.push(run));
    let state: DocumentReadyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => state);
    const { afterFirstPage, firstPageRendered } = await import('./backend.ts');
    let ready = false;
    void afterFirstPage().then(() => {
      ready = true;
    });
    firstPageRendered();
    await vi.advanceTimersByTimeAsync(10);
    // Painted, but the document is still loading.
    expect(idle).toHaveLength(0);
    state = 'complete';
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(1);
    expect(ready).toBe(false);
    idle.shift()!({ didTimeout: false, timeRemaining: () => 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(true);
  });

  it('gives up waiting 3 s after it is first asked when no page renders', async () => {
    vi.useFakeTimers();
    const { afterFirstPage } = await import('./backend.ts');
    let done = false;
    void afterFirstPage().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
