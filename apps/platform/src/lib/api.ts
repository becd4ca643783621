import { createApiClient, type ApiClient } from '@verdant/api-client';
import { createAuthEngine, type AuthEngine } from '@verdant/auth';
import { readConfig } from './config.ts';

const config = readConfig();

/**
 * The one API client of the app: every backend call goes through it. The session engine
 * refreshes tokens itself, so supabase-js's own refresher is off.
 */
export const api: ApiClient = createApiClient({
  url: config.supabaseUrl,
  anonKey: config.supabaseAnonKey,
  auth: { autoRefreshToken: false },
});

/** The session engine over that client (spec §3, §4). */
export const authEngine: AuthEngine = createAuthEngine({ api });
