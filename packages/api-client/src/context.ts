import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export type VerdantSupabaseClient = SupabaseClient<Database>;

/** Where the client reports failures it recovers from (e.g. a profile fetch attempt that failed). */
export interface ApiLogger {
  warn(message: string, ...details: unknown[]): void;
}

/** What every domain module is built from. */
export interface ModuleContext {
  supabase: VerdantSupabaseClient;
  sleep: (ms: number) => Promise<void>;
  logger: ApiLogger;
}

export const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
