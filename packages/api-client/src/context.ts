import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export type VerdantSupabaseClient = SupabaseClient<Database>;

/** Where the client reports failures it recovers from (e.g. a profile fetch attempt that failed). */
export interface ApiLogger {
  warn(message: string, ...details: unknown[]): void;
}

/** What every domain module is built from. */
/** What the auth server's `GET /settings` says about how users may sign in. */
export interface AuthServerSettings {
  /** Each sign-in method (email, github, google, …) and whether it is enabled. */
  external: Record<string, boolean>;
}

export interface ModuleContext {
  supabase: VerdantSupabaseClient;
  /** The auth server's settings (supabase-js has no call for them). */
  authSettings: () => Promise<AuthServerSettings>;
  sleep: (ms: number) => Promise<void>;
  logger: ApiLogger;
}

export const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
