import { randomUUID } from 'node:crypto';
import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import {
  nodeSupabaseOptions,
  startTestStack,
  type RunningStack,
} from '@verdant/local-stack/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type Database } from '../../src/index.ts';

// The money methods of the API client against a real stack: checkout, the local test checkout for
// subscriptions, the Stripe events that follow, payouts and the public revenue aggregates.

const PASSWORD = 'Verdant#Grove2026';
const transport = nodeSupabaseOptions.realtime.transport as unknown as WebSocketLikeConstructor;
const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

let stack: RunningStack;
let service: ReturnType<typeof createClient<Database>>;
let anon: ApiClient;
let affiliate: { id: string; api: ApiClient };
let merchant: { id: string; api: ApiClient };
let admin: { id: string; api: ApiClient };
let productId: string;

function api(): ApiClient {
  return createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    realtimeTransport: transport,
    auth,
  });
}

async function actor(role: 'admin' | 'affiliate' | 'merchant') {
  const email = `${role}-${randomUUID().slice(0, 8)}@money.test`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name: `${role} tester`, role: role === 'admin' ? 'affiliate' : role },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  if (role === 'admin') await service.from('profiles').update({ role }).eq('id', data.user.id);
  const client = api();
  const signIn = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, api: client };
}

async function signedEvent(type: string, object: Record<string, unknown>, created: number) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    created,
    livemode: false,
    type,
    data: { object },
  });
  const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
    payload,
    secret: stack.stripeWebhookSecret,
  });
  const res = await fetch(`${stack.apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return res.status;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  service = createClient<Database>(stack.apiUrl, stack.serviceRoleKey, {
    auth,
    realtime: { transport },
  });
  anon = api();
  [affiliate, merchant, admin] = await Promise.all([
    actor('affiliate'),
    actor('merchant'),
    actor('admin'),
  ]);
  await stack.pool.query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, 'Money Co', 'approved')`,
    [merchant.id],
  );
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status)
     values ($1, 'Bamboo brush', $2, 450, 'approved') returning id`,
    [merchant.id, `brush-${randomUUID().slice(0, 8)}`],
  );
  productId = rows[0]!.id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('checkout.createOrderCheckout', () => {
  it('checks the cart before any request', async () => {
    for (const input of [
      { items: [] },
      { items: [{ productId: 'nope', quantity: 1 }] },
      { items: [{ productId, quantity: 0 }] },
      { items: [{ productId, quantity: 101 }] },
      { items: [{ productId, quantity: 1, price: 1 }] },
      {
        items: [
          { productId, quantity: 1 },
          { productId, quantity: 2 },
        ],
      },
    ]) {
      const error = await caught(anon.checkout.createOrderCheckout(input));
      expect(error.code).toBe('validation_failed');
    }
  });

  it('creates a guest checkout on the API URL and through the site origin', async () => {
    const direct = await anon.checkout.createOrderCheckout({ items: [{ productId, quantity: 2 }] });
    expect(direct.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(direct.url.startsWith(`${stack.webUrl}/local-checkout/c/`)).toBe(true);
    const viaSite = await affiliate.api.checkout.createOrderCheckout(
      { items: [{ productId, quantity: 1 }] },
      { siteUrl: stack.webUrl },
    );
    const { rows } = await stack.pool.query(
      'select buyer_id, total_cents from public.orders where id = $1',
      [viaSite.orderId],
    );
    expect(rows[0]).toEqual({ buyer_id: affiliate.id, total_cents: 450 });
  });

  it("passes on the function's message for products that are not for sale", async () => {
    const error = await caught(
      anon.checkout.createOrderCheckout({ items: [{ productId: randomUUID(), quantity: 1 }] }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/is not for sale/);
  });
});

describe('subscriptions', () => {
  it('lists the tiers from one definition', () => {
    expect(anon.subscriptions.tiers.map((tier) => tier.name)).toEqual([
      'Affiliate Free',
      'Affiliate Pro',
      'Merchant Starter',
      'Merchant Growth',
    ]);
  });

  it('subscribes through the local test checkout: the events set the profile', async () => {
    const { url } = await affiliate.api.subscriptions.createCheckout('pro');
    expect(url.startsWith(`${stack.webUrl}/local-checkout/c/`)).toBe(true);
    const page = await fetch(url);
    expect(await page.text()).toContain('Affiliate Pro');
    const paid = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Ada Affiliate',
      }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.webUrl}/payment-success?subscription=pro`);
    const state = await affiliate.api.profiles.fetchSubscription(affiliate.id);
    expect(state).toMatchObject({ has_active_subscription: true, subscription_tier: 'pro' });
    const mine = await affiliate.api.subscriptions.listMine();
    expect(mine).toMatchObject([{ tier: 'pro', status: 'active' }]);

    // A late "updated" older than the stored state changes nothing; a newer "deleted" ends it.
    const sub = mine[0]!;
    const base = {
      id: sub.stripe_subscription_id,
      object: 'subscription',
      customer: sub.stripe_customer_id,
      metadata: { user_id: affiliate.id, tier: 'pro' },
      items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 86_400 }] },
    };
    const now = Math.floor(Date.now() / 1000);
    expect(
      await signedEvent(
        'customer.subscription.updated',
        { ...base, status: 'past_due' },
        now - 3600,
      ),
    ).toBe(200);
    expect((await affiliate.api.subscriptions.listMine())[0]?.status).toBe('active');
    expect(
      await signedEvent('customer.subscription.deleted', { ...base, status: 'canceled' }, now + 5),
    ).toBe(200);
    expect((await affiliate.api.subscriptions.listMine())[0]?.status).toBe('canceled');
    const after = await affiliate.api.profiles.fetchSubscription(affiliate.id);
    expect(after).toMatchObject({ has_active_subscription: false, subscription_tier: null });
  });

  it('refuses a tier of the other audience and unknown tiers', async () => {
    expect((await caught(affiliate.api.subscriptions.createCheckout('business'))).code).toBe(
      'validation_failed',
    );
    expect((await caught(affiliate.api.subscriptions.createCheckout('gold' as never))).code).toBe(
      'validation_failed',
    );
  });

  it('answers the billing portal with "not available in local mode"', async () => {
    const error = await caught(affiliate.api.subscriptions.openCustomerPortal());
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/not available in local mode/);
  });
});

describe('payouts and revenue transparency', () => {
  it('runs payouts for administrators only, and exports CSV', async () => {
    expect((await caught(affiliate.api.payouts.run())).code).toBe('forbidden');
    expect((await caught(admin.api.payouts.run({ minimumCents: 0 }))).code).toBe(
      'validation_failed',
    );
    const result = await admin.api.payouts.run({
      asOf: new Date().toISOString(),
      minimumCents: 100,
    });
    expect(Array.isArray(result.payouts)).toBe(true);
    const csv = await admin.api.payouts.runAsCsv();
    expect(csv.split('\r\n')[0]).toBe(
      '"payout_id","affiliate_id","affiliate_name","amount","currency","status","paid_at"',
    );
    expect(await affiliate.api.payouts.listMine()).toMatchObject({ rows: [], total: 0 });
  });

  it('reads the public revenue aggregates and builds tracked link URLs', async () => {
    const months = await anon.tracking.getRevenueTransparency(6);
    expect(Array.isArray(months)).toBe(true);
    expect(anon.tracking.linkUrl('abc123', 'https://verdant.example/')).toBe(
      'https://verdant.example/go/abc123',
    );
    expect(() => anon.tracking.linkUrl('bad code!', 'https://verdant.example')).toThrow(ApiError);
  });
});
