import type { ApiClient, TrackEngagement } from '@verdant/api-client';
import { createDeferredAuthEngine, type AuthEngine } from '@verdant/auth';

/*
 * The first page renders before the backend code arrives: the API client (supabase-js) and the
 * session engine live in ./api, which loads on first use. Route modules that are never a first
 * page import `api` from ./api directly; the shell and the public first pages go through here.
 */

/** The app's one API client, once its module has loaded. */
export function loadApi(): Promise<ApiClient> {
  return import('./api.ts').then((module) => module.api);
}

/**
 * The session engine for `<AuthProvider>`: not initialised (guards show their spinner) until the
 * real engine has loaded with the API client and restored the session.
 */
export const authEngine: AuthEngine = createDeferredAuthEngine(() =>
  import('./api.ts').then((module) => module.authEngine),
);

/** Spec §7's `trackEngagement`, sent once the API client has loaded. */
export const trackEngagement: TrackEngagement = (metricType, value, metadata) =>
  loadApi().then((api) => api.trackEngagement(metricType, value, metadata));
