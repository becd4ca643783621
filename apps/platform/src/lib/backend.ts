import type { ApiClient, TrackEngagement } from '@verdant/api-client';
import { STORAGE_KEYS, createDeferredAuthEngine, type AuthEngine } from '@verdant/auth';

/*
 * The first page renders before the backend code arrives: the API client (supabase-js) and the
 * session engine live in ./api, which loads on first use. Route modules that are never a first
 * page import `api` from ./api directly; the shell and the public first pages go through here.
 */

/** The app's one API client, once its module has loaded. */
export function loadApi(): Promise<ApiClient> {
  return import('./api.ts').then((module) => module.api);
}

/** Whether this browser holds a session (or a demo session) for the engine to restore. */
export function holdsSession(scope: { readonly localStorage?: Pick<Storage, 'getItem'> }): boolean {
  try {
    // Reading `localStorage` itself throws where storage is blocked (sandboxed frames).
    const storage = scope.localStorage;
    return (
      storage?.getItem(STORAGE_KEYS.authState) != null ||
      storage?.getItem(STORAGE_KEYS.demoSession) != null
    );
  } catch {
    // A blocked storage holds nothing the engine could restore either.
    return false;
  }
}

let firstPagePainted: (() => void) | undefined;
const firstPage = new Promise<void>((resolve) => {
  firstPagePainted = resolve;
});

/**
 * Called by the layout once the first page has rendered (its page boundary committed); work that
 * the first paint does not need waits for this (see `afterFirstPage`).
 */
export function firstPageRendered(): void {
  // A frame callback runs before the browser paints; a task queued from it runs after the paint.
  window.requestAnimationFrame(() => window.setTimeout(() => firstPagePainted?.(), 0));
}

/** Resolves once the document has loaded (its load event), at once if it already has. */
function documentLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** Resolves at the browser's next idle moment (or after a task where it has no idle callbacks). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 0);
  });
}

/**
 * Resolves once the first page has been painted, the document has loaded and the browser is idle,
 * or 3 s after the first call if no page ever renders (an error page, say): when work that the
 * first paint does not need may start without competing with it.
 */
let settled: Promise<void> | undefined;
export function afterFirstPage(): Promise<void> {
  settled ??= Promise.race([
    firstPage.then(documentLoaded).then(idle),
    new Promise<void>((resolve) => window.setTimeout(resolve, 3000)),
  ]);
  return settled;
}

/**
 * The session engine for `<AuthProvider>`: not initialised (guards show their spinner) until the
 * real engine has loaded with the API client and restored the session. A browser with a session
 * to restore loads it at once; for everybody else the first page is painted first (the top bar
 * knows they are signed out a moment later), so the API client's 64 KB do not compete with it.
 */
export const authEngine: AuthEngine = createDeferredAuthEngine(() =>
  (holdsSession(globalThis) ? Promise.resolve() : afterFirstPage())
    .then(() => import('./api.ts'))
    .then((module) => module.authEngine),
);

/** Spec §7's `trackEngagement`, sent once the first page is painted and the API client has loaded. */
export const trackEngagement: TrackEngagement = (metricType, value, metadata) =>
  afterFirstPage()
    .then(loadApi)
    .then((api) => api.trackEngagement(metricType, value, metadata));
