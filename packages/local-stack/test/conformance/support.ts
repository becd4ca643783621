import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { nodeSupabaseOptions, startTestStack, type RunningStack } from '../../src/testing.ts';

/**
 * A stack for the conformance suite: the project's config.toml and migrations, no seed, and rate
 * limits lifted (every request of the suite comes from one address).
 */
export async function startConformanceStack(): Promise<RunningStack> {
  const lifted = '100000/60';
  return startTestStack({
    seed: false,
    env: {
      VERDANT_AUTH_RATE_LIMIT_TOKEN: lifted,
      VERDANT_AUTH_RATE_LIMIT_SIGNUP: lifted,
      VERDANT_AUTH_RATE_LIMIT_OTP: lifted,
      VERDANT_AUTH_RATE_LIMIT_RECOVER: lifted,
      VERDANT_AUTH_RATE_LIMIT_VERIFY: lifted,
      VERDANT_AUTH_RATE_LIMIT_MFA: lifted,
    },
  });
}

/** An unmodified supabase-js client, as a Node app creates it. */
export function client(stack: RunningStack, key = stack.anonKey): SupabaseClient {
  return createClient(stack.apiUrl, key, nodeSupabaseOptions);
}

let counter = 0;
export function uniqueEmail(prefix = 'conformance'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Meets config.toml's policy (8+ characters, lower, upper, digit, symbol). */
export const PASSWORD = 'Green-Leaf-42!';

/** A signed-in client of a fresh, confirmed user. */
export async function signedIn(stack: RunningStack, email = uniqueEmail()) {
  const supabase = client(stack);
  const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { supabase, email, user: data.user!, session: data.session! };
}

export interface Mail {
  to: string;
  subject: string;
  type: string;
  text: string;
}

/** The newest mail to `to` in the stack's outbox (read with the service role key). */
export async function latestMail(stack: RunningStack, to: string): Promise<Mail> {
  const response = await fetch(`${stack.apiUrl}/outbox/messages?to=${encodeURIComponent(to)}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  expect(response.status).toBe(200);
  const mails = (await response.json()) as Mail[];
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

export const codeIn = (mail: Mail) => /code: (\d{6})/.exec(mail.text)![1]!;
export const linkIn = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);

/** The error fields supabase-js exposes, for comparing with hosted's documented answers. */
export function errorOf(error: unknown) {
  const e = error as { name?: string; status?: number; code?: string; message?: string } | null;
  return e && { name: e.name, status: e.status, code: e.code, message: e.message };
}
