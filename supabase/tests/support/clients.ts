import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { nodeSupabaseOptions, type RunningStack } from '@verdant/local-stack/testing';

/** An anonymous supabase-js client for the stack (Node: ws transport, no persisted session). */
export function anonClient(stack: RunningStack): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, nodeSupabaseOptions);
}

/** A supabase-js client signed in through the stack's /auth/v1 with email and password. */
export async function signedInClient(
  stack: RunningStack,
  email: string,
  password: string,
): Promise<SupabaseClient> {
  const client = anonClient(stack);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session)
    throw new Error(`sign-in of ${email} failed: ${error?.message ?? 'no session'}`);
  return client;
}

/** A supabase-js client with the service role key, as the server-side functions use it. */
export function serviceClient(stack: RunningStack): SupabaseClient {
  return createClient(stack.apiUrl, stack.serviceRoleKey, nodeSupabaseOptions);
}
