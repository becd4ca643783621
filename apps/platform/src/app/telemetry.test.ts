import type { TrackEngagement } from '@verdant/api-client';
import { describe, expect, it, vi } from 'vitest';
import { installTelemetry, trackDemoView, type TelemetryEnvironment } from './telemetry.ts';

function fakeEnv(pathname = '/shop') {
  const target = new EventTarget();
  const env: TelemetryEnvironment = {
    window: Object.assign(target, {
      location: { href: `https://verdant.example${pathname}`, pathname },
      navigator: { userAgent: 'TestAgent/1.0' },
    }),
    document: { readyState: 'loading', referrer: 'https://ref.example/' },
    performance: {
      getEntriesByType: () => [{ loadEventEnd: 812.4, domContentLoadedEventEnd: 401.6 }],
      now: () => 900,
    } as unknown as Performance,
  };
  return { env, target };
}

function fakeTrack() {
  return vi.fn(async () => {}) as unknown as TrackEngagement & ReturnType<typeof vi.fn>;
}

describe('telemetry (spec §7)', () => {
  it('sends page_load_time with dom_content_loaded, url and user_agent after load', async () => {
    const track = fakeTrack();
    const { env, target } = fakeEnv();
    installTelemetry(track, env);
    target.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(track).toHaveBeenCalled());
    expect(track).toHaveBeenCalledWith('page_load_time', 812, {
      dom_content_loaded: 402,
      url: 'https://verdant.example/shop',
      user_agent: 'TestAgent/1.0',
    });
  });

  it('reports global errors and unhandled rejections', () => {
    const track = fakeTrack();
    const { env, target } = fakeEnv();
    installTelemetry(track, env);
    const error = new Error('boom');
    target.dispatchEvent(
      Object.assign(new Event('error'), {
        message: 'boom',
        filename: 'https://verdant.example/assets/app.js',
        lineno: 3,
        colno: 9,
        error,
      }),
    );
    expect(track).toHaveBeenCalledWith('error', 1, {
      message: 'boom',
      filename: 'https://verdant.example/assets/app.js',
      lineno: 3,
      colno: 9,
      stack: error.stack,
      url: 'https://verdant.example/shop',
    });
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('nope') }),
    );
    expect(track).toHaveBeenCalledWith('error', 1, {
      type: 'unhandledrejection',
      reason: 'nope',
      url: 'https://verdant.example/shop',
    });
  });

  it('ignores resource load failures and never throws when tracking fails', () => {
    const track = vi.fn(() => Promise.reject(new Error('offline'))) as unknown as TrackEngagement;
    const { env, target } = fakeEnv();
    installTelemetry(track, env);
    target.dispatchEvent(new Event('error'));
    expect(track).not.toHaveBeenCalled();
    expect(() =>
      target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'x' })),
    ).not.toThrow();
  });

  it('sends demo_view only on /', () => {
    const track = fakeTrack();
    trackDemoView(track, fakeEnv('/').env);
    trackDemoView(track, fakeEnv('/shop').env);
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('demo_view', 1, {
      url: 'https://verdant.example/',
      referrer: 'https://ref.example/',
    });
  });
});
