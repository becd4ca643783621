import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

export type VerdantSupabaseClient = SupabaseClient<Database>;

/** What every domain module is built from. */
export interface ModuleContext {
  supabase: VerdantSupabaseClient;
  sleep: (ms: number) => Promise<void>;
}

export const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
