import { randomUUID } from 'node:crypto';
import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import {
  nodeSupabaseOptions,
  startTestStack,
  type RunningStack,
} from '@verdant/local-stack/testing';
import { afterAll, beforeAll } from 'vitest';
import {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type Database,
} from '../../src/index.ts';

export const PASSWORD = 'Verdant#Grove2026';
const transport = nodeSupabaseOptions.realtime.transport as unknown as WebSocketLikeConstructor;
const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export interface Actor {
  id: string;
  email: string;
  api: ApiClient;
}

export type World = ReturnType<typeof connect>;

/**
 * Starts a real, empty local stack (migrations applied, no seed) for the calling test file and
 * stops it afterwards. The returned world is usable inside hooks and tests.
 */
export function useWorld(): World {
  let stack: RunningStack | undefined;
  const world = {} as World;
  beforeAll(async () => {
    stack = await startTestStack({ seed: false });
    Object.assign(world, connect(stack));
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return world;
}

/** A service-role client for fixtures, an anonymous API client, and helpers to make signed-in users. */
function connect({
  apiUrl,
  anonKey,
  serviceRoleKey,
}: Pick<RunningStack, 'apiUrl' | 'anonKey' | 'serviceRoleKey'>) {
  const service = createClient<Database>(apiUrl, serviceRoleKey, { auth, realtime: { transport } });
  const newApi = (options: Partial<ApiClientOptions> = {}) =>
    createApiClient({ url: apiUrl, anonKey, realtimeTransport: transport, auth, ...options });

  /** A fresh API client signed in as an existing user, with extra options (fetch, sleep, …). */
  async function signIn(
    email: string,
    options: Partial<ApiClientOptions> = {},
  ): Promise<ApiClient> {
    const api = newApi(options);
    const { error } = await api.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return api;
  }

  /** Creates a confirmed user with the given role (set past the sign-up rules by the service role) and signs it in. */
  async function actor(
    role: 'admin' | 'affiliate' | 'merchant' | 'demo',
    name = `${role} tester`,
  ): Promise<Actor> {
    const email = `${role}-${randomUUID().slice(0, 8)}@verdant.test`;
    const { data, error } = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name, role },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    const id = data.user.id;
    if (role === 'admin' || role === 'demo')
      await must(service.from('profiles').update({ role }).eq('id', id));
    return { id, email, api: await signIn(email) };
  }

  /** A merchant whose company is approved, so its programs and products can go public. */
  async function approvedMerchant(name = 'Merchant tester'): Promise<Actor> {
    const merchant = await actor('merchant', name);
    await must(
      service.from('merchant_profiles').insert({
        id: merchant.id,
        company_name: `${name} Co`,
        website: 'https://example.com',
        approval_status: 'approved',
      }),
    );
    return merchant;
  }

  return { service, anon: newApi(), actor, approvedMerchant, signIn };
}

/** Awaits a fixture write and fails loudly. */
export async function must<T>(
  request: PromiseLike<{ data: T; error: unknown }>,
): Promise<NonNullable<T>> {
  const { data, error } = await request;
  if (error) throw new Error(`fixture failed: ${JSON.stringify(error)}`);
  return data as NonNullable<T>;
}

/** A unique URL-safe suffix for slugs, codes and usernames. */
export const unique = () => randomUUID().slice(0, 8);
