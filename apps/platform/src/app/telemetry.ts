import type { TrackEngagement } from '@verdant/api-client';

/** What telemetry needs from the browser (injectable for tests). */
export interface TelemetryEnvironment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    location: Pick<Location, 'href' | 'pathname'>;
    navigator: Pick<Navigator, 'userAgent'>;
  };
  document: Pick<Document, 'readyState' | 'referrer'>;
  performance: Pick<Performance, 'getEntriesByType' | 'now'>;
}

/** Text fields sent to the tracking function are kept short (the function caps them too). */
function clip(text: string, max = 1000): string {
  return text.length > max ? text.slice(0, max) : text;
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}

/**
 * Spec §7 telemetry to `track-engagement`: `page_load_time` once the page has loaded (with
 * `dom_content_loaded`, `url`, `user_agent`), global errors and unhandled promise rejections.
 * Reporting never throws and never reports its own failures (no loops). Returns a cleanup.
 */
export function installTelemetry(track: TrackEngagement, env: TelemetryEnvironment): () => void {
  const { window: win, document: doc, performance: perf } = env;
  const send = (promise: () => Promise<void>) => {
    try {
      void promise().catch(() => {});
    } catch {
      // Invalid metadata is dropped; telemetry must not break the page.
    }
  };

  const reportLoad = () => {
    const [nav] = perf.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadTime = nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : perf.now();
    const domContentLoaded = nav ? nav.domContentLoadedEventEnd : loadTime;
    send(() =>
      track('page_load_time', Math.max(0, Math.round(loadTime)), {
        dom_content_loaded: Math.max(0, Math.round(domContentLoaded)),
        url: clip(win.location.href),
        user_agent: clip(win.navigator.userAgent),
      }),
    );
  };
  // loadEventEnd is only set after the load handlers ran: report on the next tick.
  const onLoad = () => setTimeout(reportLoad, 0);
  if (doc.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad, { once: true });

  const onError = (event: Event) => {
    const error = event as ErrorEvent;
    // Resource load failures (img, script) arrive as plain Events without a message.
    if (typeof error.message !== 'string') return;
    send(() =>
      track('error', 1, {
        message: clip(error.message || 'Unknown error'),
        filename: clip(error.filename ?? ''),
        lineno: error.lineno ?? 0,
        colno: error.colno ?? 0,
        stack: clip(error.error instanceof Error ? (error.error.stack ?? '') : ''),
        url: clip(win.location.href),
      }),
    );
  };
  const onRejection = (event: Event) => {
    const { reason } = event as PromiseRejectionEvent;
    send(() =>
      track('error', 1, {
        type: 'unhandledrejection',
        reason: clip(reasonText(reason)),
        url: clip(win.location.href),
      }),
    );
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('load', onLoad);
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Spec §7: `demo_view` when the path is `/`, with the URL and the referrer. */
export function trackDemoView(
  track: TrackEngagement,
  env: Pick<TelemetryEnvironment, 'window' | 'document'>,
): void {
  if (env.window.location.pathname !== '/') return;
  try {
    void track('demo_view', 1, {
      url: clip(env.window.location.href),
      referrer: clip(env.document.referrer),
    }).catch(() => {});
  } catch {
    // dropped, see installTelemetry
  }
}
