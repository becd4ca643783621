import { vi } from 'vitest';
import type { Logger, WindowLike } from '../../src/index.ts';

export class FakeDocument extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';
  setVisibility(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

export function fakeWindow(options: { userAgent?: string; width?: number; height?: number } = {}) {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, {
    location: { origin: 'https://verdant.test', reload },
    navigator: { userAgent: options.userAgent ?? 'TestBrowser/1.0' },
    screen: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  return win as typeof win & WindowLike;
}

export function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}
