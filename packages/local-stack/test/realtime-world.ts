// A small world for the realtime tests: two affiliates (A, B), two merchants (M, M2) with a
// program each, a conversation M↔A and one M2↔B; and helpers around unmodified supabase-js.
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { loadOrCreateKeys } from '../src/keys.ts';
import type { RunningStack } from '../src/stack.ts';
import { nodeSupabaseOptions } from '../src/testing.ts';

export interface Actor {
  id: string;
  email: string;
  token: string;
}

export interface World {
  A: Actor;
  B: Actor;
  M: Actor;
  M2: Actor;
  programM: string;
  programM2: string;
  conversationMA: string;
  conversationM2B: string;
}

export async function signToken(
  stack: RunningStack,
  id: string,
  expiresInSeconds = 3600,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const keys = await loadOrCreateKeys(stack.dataDir);
  return keys.sign(
    { sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1', ...extra },
    expiresInSeconds,
  );
}

async function actor(stack: RunningStack, role: 'affiliate' | 'merchant'): Promise<Actor> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@realtime.test`;
  await stack.pool.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2::text, now(), '{"provider":"email"}', jsonb_build_object('role', $3::text, 'name', $2::text))`,
    [id, email, role],
  );
  if (role === 'merchant') {
    await stack.pool.query(
      `insert into public.merchant_profiles (id, company_name, onboarding_step, approval_status)
       values ($1::uuid, 'Goods ' || $1::text, 'complete', 'approved')`,
      [id],
    );
  }
  return { id, email, token: await signToken(stack, id) };
}

export async function createWorld(stack: RunningStack): Promise<World> {
  const [A, B, M, M2] = await Promise.all([
    actor(stack, 'affiliate'),
    actor(stack, 'affiliate'),
    actor(stack, 'merchant'),
    actor(stack, 'merchant'),
  ]);
  const program = async (merchant: Actor) =>
    (
      await stack.pool.query<{ id: string }>(
        `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps, status)
         values ($1, 'Program', 'percent', 1000, 'active') returning id`,
        [merchant.id],
      )
    ).rows[0]!.id;
  const programM = await program(M);
  const programM2 = await program(M2);
  const conversation = async (merchant: Actor, affiliate: Actor, programId: string) =>
    (
      await stack.pool.query<{ id: string }>(
        `insert into public.conversations (merchant_id, affiliate_id, program_id) values ($1, $2, $3) returning id`,
        [merchant.id, affiliate.id, programId],
      )
    ).rows[0]!.id;
  return {
    A,
    B,
    M,
    M2,
    programM,
    programM2,
    conversationMA: await conversation(M, A, programM),
    conversationM2B: await conversation(M2, B, programM2),
  };
}

export async function insertMessage(
  stack: RunningStack,
  conversationId: string,
  senderId: string,
  body: string,
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    'insert into public.messages (conversation_id, sender_id, body) values ($1, $2, $3) returning id',
    [conversationId, senderId, body],
  );
  return rows[0]!.id;
}

/** A paid order of `merchant` and the commission `affiliate` earns on it. */
export async function insertCommission(
  stack: RunningStack,
  affiliate: Actor,
  merchant: Actor,
  programId: string,
  amountCents: number,
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `with o as (
       insert into public.orders (merchant_id, status, total_cents, subtotal_cents, merchant_amount_cents,
                                  affiliate_amount_cents, attributed_affiliate_id, paid_at)
       values ($2, 'paid', $4 * 10, $4 * 10, $4 * 9, $4, $1, now()) returning id
     )
     insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, amount_cents, available_at)
     select $1, $2, $3, o.id, $4, now() + interval '30 days' from o returning id`,
    [affiliate.id, merchant.id, programId, amountCents],
  );
  return rows[0]!.id;
}

/** An unmodified supabase-js client (anon key), signed in with `token` for realtime when given. */
export function clientFor(
  stack: RunningStack,
  token?: string,
  realtime: { vsn?: string; heartbeatIntervalMs?: number } = {},
): SupabaseClient {
  const client = createClient(stack.apiUrl, stack.anonKey, {
    ...nodeSupabaseOptions,
    realtime: { ...nodeSupabaseOptions.realtime, ...realtime },
  });
  if (token) void client.realtime.setAuth(token);
  return client;
}

/** Subscribes and resolves on SUBSCRIBED; rejects on an error, a close or a timeout. */
export function subscribed(channel: RealtimeChannel, timeoutMs = 20_000): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not subscribed in time')), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve(channel);
      } else if (status !== 'CLOSED' || !error) {
        clearTimeout(timer);
        reject(error ?? new Error(status));
      }
    });
  });
}

/** Collects values and waits for ones that match. */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<{ test: (item: T) => boolean; resolve: (item: T) => void }> = [];

  push = (item: T): void => {
    this.items.push(item);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(item)) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(item);
      }
    }
  };

  next(test: (item: T) => boolean = () => true, timeoutMs = 15_000): Promise<T> {
    const found = this.items.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('nothing arrived in time')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
