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
let admin: { id: string; email: string; api: ApiClient };
let productId: string;

function api(): ApiClient {
  return createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    realtimeTransport: transport,
    auth,
  });
}

async function actor(role: 'admin' | 'affiliate' | 'merchant', name = `${role} tester`) {
  const email = `${role}-${randomUUID().slice(0, 8)}@money.test`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { name, role: role === 'admin' ? 'affiliate' : role },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  if (role === 'admin') await service.from('profiles').update({ role }).eq('id', data.user.id);
  const client = api();
  const signIn = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email, api: client };
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

/**
 * Pays a checkout URL of the local test checkout with the test card that succeeds. An order's
 * checkout also asks where to ship (a plan's ignores those fields).
 */
function payLocally(url: string, name: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      shipping_name: name,
      shipping_line1: '1 Market Street',
      shipping_city: 'Portland',
      shipping_postal_code: '97201',
      shipping_state: 'OR',
      shipping_country: 'US',
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name,
    }),
  });
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

  it('sends the idempotency key on both paths: a repeat gets the same order, another cart a conflict', async () => {
    const key = randomUUID();
    const cart = { items: [{ productId, quantity: 3 }] };
    const first = await affiliate.api.checkout.createOrderCheckout(cart, {
      siteUrl: stack.webUrl,
      idempotencyKey: key,
    });
    const again = await affiliate.api.checkout.createOrderCheckout(cart, { idempotencyKey: key });
    expect(again).toEqual(first);
    const { rows } = await stack.pool.query(
      'select count(*)::int as n from public.orders where checkout_key = $1',
      [key],
    );
    expect(rows[0]).toEqual({ n: 1 });
    const other = await caught(
      affiliate.api.checkout.createOrderCheckout(
        { items: [{ productId, quantity: 1 }] },
        { idempotencyKey: key },
      ),
    );
    expect(other).toMatchObject({ code: 'conflict', upstreamCode: 'idempotency_key_reused' });
    const badKey = await caught(
      affiliate.api.checkout.createOrderCheckout(cart, { idempotencyKey: 'short' }),
    );
    expect(badKey.code).toBe('validation_failed');
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
    const paid = await payLocally(url, 'Ada Affiliate');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${stack.webUrl}/payment-success?subscription=pro`);
    const state = await affiliate.api.profiles.fetchSubscription(affiliate.id);
    expect(state).toMatchObject({ has_active_subscription: true, subscription_tier: 'pro' });
    const mine = await affiliate.api.subscriptions.listMine();
    expect(mine).toMatchObject([{ tier: 'pro', status: 'active' }]);
    // One plan at a time: no second subscription while this one lasts.
    const second = await caught(affiliate.api.subscriptions.createCheckout('pro'));
    expect(second.code).toBe('conflict');
    expect(second.message).toMatch(/already have Affiliate Pro/);

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
    // Overdue: no longer an active plan for the gates, but still held and billed, so still no
    // second subscription.
    expect(
      await signedEvent('customer.subscription.updated', { ...base, status: 'past_due' }, now + 2),
    ).toBe(200);
    expect((await affiliate.api.subscriptions.listMine())[0]?.status).toBe('past_due');
    expect(await affiliate.api.profiles.fetchSubscription(affiliate.id)).toMatchObject({
      has_active_subscription: false,
    });
    expect((await caught(affiliate.api.subscriptions.createCheckout('pro'))).code).toBe('conflict');
    expect(
      await signedEvent('customer.subscription.deleted', { ...base, status: 'canceled' }, now + 5),
    ).toBe(200);
    expect((await affiliate.api.subscriptions.listMine())[0]?.status).toBe('canceled');
    const after = await affiliate.api.profiles.fetchSubscription(affiliate.id);
    expect(after).toMatchObject({ has_active_subscription: false, subscription_tier: null });
    // Once it has ended, subscribing again starts a checkout.
    const again = await affiliate.api.subscriptions.createCheckout('pro');
    expect(again.url.startsWith(`${stack.webUrl}/local-checkout/c/`)).toBe(true);
  });

  it('refuses a tier of the other audience and unknown tiers', async () => {
    expect((await caught(affiliate.api.subscriptions.createCheckout('business'))).code).toBe(
      'validation_failed',
    );
    expect((await caught(affiliate.api.subscriptions.createCheckout('gold' as never))).code).toBe(
      'validation_failed',
    );
  });

  it('a plan opened in two tabs and paid in both is bought once', async () => {
    const buyer = await actor('affiliate', 'Two Tabs');
    const first = await buyer.api.subscriptions.createCheckout('pro');
    const second = await buyer.api.subscriptions.createCheckout('pro');
    // Both tabs hold the same checkout session (signed links of their own).
    const sessionOf = (url: string) => {
      const payload = new URL(url).pathname.split('/c/')[1]!.split('.')[0]!;
      return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id: string }).id;
    };
    expect(sessionOf(second.url)).toBe(sessionOf(first.url));
    expect((await payLocally(first.url, 'Two Tabs')).status).toBe(303);
    // The second tab's payment completes the same session again: Stripe's events arrive a
    // second time and change nothing.
    expect((await payLocally(second.url, 'Two Tabs')).status).toBe(303);
    expect((await buyer.api.subscriptions.listMine()).map((row) => [row.tier, row.status])).toEqual(
      [['pro', 'active']],
    );
    // Held now: a third checkout is refused.
    const third = await caught(buyer.api.subscriptions.createCheckout('pro'));
    expect(third.code).toBe('conflict');
  });

  it('changes a plan without a second checkout: another tier now, the free plan at the period end', async () => {
    const owner = await actor('merchant', 'Plan Changer');
    const plan = async () => ({
      rows: (await owner.api.subscriptions.listMine()).map((row) => ({
        tier: row.tier,
        status: row.status,
        cancel_at_period_end: row.cancel_at_period_end,
      })),
      profile: await owner.api.profiles.fetchSubscription(owner.id),
    });
    // Nothing to change before a plan is bought.
    const none = await caught(owner.api.subscriptions.changePlan('business'));
    expect(none).toMatchObject({ code: 'conflict', upstreamCode: 'no_subscription' });

    const { url } = await owner.api.subscriptions.createCheckout('starter');
    expect((await payLocally(url, 'Plan Changer')).status).toBe(303);
    const bought = await plan();
    expect(bought.rows).toEqual([
      { tier: 'starter', status: 'active', cancel_at_period_end: false },
    ]);
    const periodEnd = (await owner.api.subscriptions.listMine())[0]!.current_period_end;

    // Starter → Growth: the same subscription, now Growth, and the gates see it.
    const up = await owner.api.subscriptions.changePlan('business');
    expect(up).toEqual({
      tier: 'business',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: expect.any(String),
    });
    expect(Date.parse(up.currentPeriodEnd!)).toBe(Date.parse(periodEnd!));
    expect(await plan()).toEqual({
      rows: [{ tier: 'business', status: 'active', cancel_at_period_end: false }],
      profile: expect.objectContaining({
        has_active_subscription: true,
        subscription_tier: 'business',
      }),
    });

    // Refused, and nothing changes: the tier they have, the other audience's tier.
    expect(await caught(owner.api.subscriptions.changePlan('business'))).toMatchObject({
      code: 'conflict',
      upstreamCode: 'same_tier',
    });
    expect(await caught(owner.api.subscriptions.changePlan('pro'))).toMatchObject({
      code: 'validation_failed',
      message: 'Affiliate Pro is for affiliates',
    });
    expect((await plan()).rows).toEqual([
      { tier: 'business', status: 'active', cancel_at_period_end: false },
    ]);

    // To the free plan: Growth lasts until the period ends, then the subscription ends.
    expect(await owner.api.subscriptions.changePlan(null)).toMatchObject({
      tier: 'business',
      cancelAtPeriodEnd: true,
    });
    expect(await plan()).toEqual({
      rows: [{ tier: 'business', status: 'active', cancel_at_period_end: true }],
      profile: expect.objectContaining({
        has_active_subscription: true,
        subscription_tier: 'business',
      }),
    });
    // Changed their mind: their own tier keeps the plan.
    expect(await owner.api.subscriptions.changePlan('business')).toMatchObject({
      tier: 'business',
      cancelAtPeriodEnd: false,
    });
    expect((await plan()).rows).toEqual([
      { tier: 'business', status: 'active', cancel_at_period_end: false },
    ]);
  });

  it('refuses malformed plan changes at the function with 4xx and changes nothing', async () => {
    const endpoint = `${stack.apiUrl}/functions/v1/change-subscription`;
    const { data } = await affiliate.api.supabase.auth.getSession();
    const token = data.session!.access_token;
    const before = await affiliate.api.subscriptions.listMine();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...headers,
        },
        body,
      });
    const cases: Array<[Response, number, string]> = [
      [await post('{"tier":'), 400, 'invalid_json'],
      [await post('{"tier":"pro","price":1}'), 400, 'invalid_request'],
      [await post('{"tier":"gold"}'), 400, 'invalid_tier'],
      [await post('[]'), 400, 'invalid_request'],
      [
        await post('{"tier":"pro"}', { 'content-type': 'text/plain' }),
        415,
        'unsupported_media_type',
      ],
      [await post(JSON.stringify({ tier: 'x'.repeat(2000) })), 413, 'payload_too_large'],
      [
        await post('{"tier":"pro"}', { authorization: `Bearer ${stack.anonKey}` }),
        401,
        'unauthorized',
      ],
    ];
    for (const [response, status, code] of cases) {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await affiliate.api.subscriptions.listMine()).toEqual(before);
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

describe('payouts.list', () => {
  let nia: { id: string; api: ApiClient };
  let oren: { id: string; api: ApiClient };
  /** The fixture payouts, newest first: Nia's second, Oren's, Nia's first. */
  let fixture: string[];
  const names = new Map<string, { name: string; username: string }>();

  beforeAll(async () => {
    [nia, oren] = await Promise.all([
      actor('affiliate', 'Nia Okoro'),
      actor('affiliate', 'Oren Malik'),
    ]);
    const tag = randomUUID().slice(0, 8);
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into public.payouts (affiliate_id, amount_cents, currency, status, stripe_transfer_id,
                                   paid_at, created_at)
       values ($1, 2500, 'USD', 'paid', $3, now() - interval '3 days', now() - interval '3 days'),
              ($2, 1800, 'USD', 'processing', null, null, now() - interval '2 days'),
              ($1, 4200, 'USD', 'paid', $4, now() - interval '1 day', now() - interval '1 day')
       returning id`,
      [nia.id, oren.id, `tr_test_${tag}_1`, `tr_test_${tag}_2`],
    );
    fixture = rows.map((row) => row.id).reverse();
    const profiles = await stack.pool.query<{ id: string; name: string; username: string }>(
      'select id, name, username from public.profiles where id = any($1)',
      [[nia.id, oren.id]],
    );
    for (const p of profiles.rows) names.set(p.id, { name: p.name, username: p.username });
  });

  const countPayouts = async () =>
    Number((await stack.pool.query('select count(*) from public.payouts')).rows[0].count);

  it("gives administrators every affiliate's payouts with names, newest first, page by page", async () => {
    const total = await countPayouts();
    const all = await admin.api.payouts.list({ pageSize: 100 });
    expect(all.total).toBe(total);
    expect(all.rows).toHaveLength(total);
    const times = all.rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.rows.every((row) => row.affiliate !== null)).toBe(true);

    const shown = all.rows.filter((row) => fixture.includes(row.id));
    expect(shown.map((row) => row.id)).toEqual(fixture);
    expect(shown.map((row) => row.affiliate)).toEqual([
      { name: 'Nia Okoro', username: names.get(nia.id)!.username },
      { name: 'Oren Malik', username: names.get(oren.id)!.username },
      { name: 'Nia Okoro', username: names.get(nia.id)!.username },
    ]);
    expect(shown[0]).toMatchObject({
      affiliate_id: nia.id,
      amount_cents: 4200,
      status: 'paid',
      stripe_transfer_id: expect.stringMatching(/^tr_test_/),
    });

    const first = await admin.api.payouts.list({ page: 0, pageSize: 2 });
    const second = await admin.api.payouts.list({ page: 1, pageSize: 2 });
    expect(first.total).toBe(total);
    expect(second.total).toBe(total);
    expect(first.rows).toHaveLength(2);
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(
      all.rows.slice(0, 4).map((row) => row.id),
    );
  });

  it('leaves an affiliate only their own payouts, and others none', async () => {
    const own = await nia.api.payouts.list();
    expect(own.total).toBe(2);
    expect(own.rows.map((row) => row.id)).toEqual([fixture[0], fixture[2]]);
    expect(own.rows.every((row) => row.affiliate_id === nia.id)).toBe(true);
    expect(own.rows.map((row) => row.affiliate?.name)).toEqual(['Nia Okoro', 'Nia Okoro']);
    expect(await oren.api.payouts.list()).toMatchObject({
      total: 1,
      rows: [{ id: fixture[1], affiliate: { name: 'Oren Malik' } }],
    });
    expect(await merchant.api.payouts.list()).toEqual({ rows: [], total: 0 });
    expect(await anon.payouts.list()).toEqual({ rows: [], total: 0 });
  });

  it('refuses a bad page before any request', async () => {
    let requests = 0;
    const counting = createApiClient({
      url: stack.apiUrl,
      anonKey: stack.anonKey,
      realtimeTransport: transport,
      auth,
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
    });
    const signIn = await counting.supabase.auth.signInWithPassword({
      email: admin.email,
      password: PASSWORD,
    });
    if (signIn.error) throw signIn.error;
    requests = 0;
    for (const [page, field] of [
      [{ page: -1 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageSize: '20' as unknown as number }, 'pageSize'],
    ] as const) {
      const error = await caught(counting.payouts.list(page));
      expect(error.code).toBe('validation_failed');
      expect(error.details).toMatchObject({ field });
    }
    expect(requests).toBe(0);
    await counting.payouts.list({ pageSize: 1 });
    expect(requests).toBeGreaterThan(0);
  });

  it("exports a period's payouts as CSV again, oldest first, with names", async () => {
    const hour = 60 * 60 * 1000;
    const day = 24 * hour;
    const now = Date.now();
    // Nia's first payout (3 days ago) and Oren's (2 days ago), not Nia's second (1 day ago).
    const period = {
      from: new Date(now - 3 * day - hour).toISOString(),
      to: new Date(now - day - hour).toISOString(),
    };
    const exported = await admin.api.payouts.exportCsv(period);
    const lines = exported.csv.replace(/\r\n$/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"payout_id","affiliate_id","affiliate_name","amount","currency","status","paid_at"',
    );
    expect(exported.count).toBe(lines.length - 1);
    const ours = lines.filter((line) => fixture.some((id) => line.startsWith(`"${id}"`)));
    expect(ours).toEqual([
      expect.stringMatching(
        new RegExp(`^"${fixture[2]}","${nia.id}","Nia Okoro","25\\.00","USD","paid","[^"]+"$`),
      ),
      `"${fixture[1]}","${oren.id}","Oren Malik","18.00","USD","processing",""`,
    ]);
    const { rows } = await stack.pool.query<{ count: string }>(
      'select count(*) from public.payouts where created_at >= $1 and created_at < $2',
      [period.from, period.to],
    );
    expect(exported.count).toBe(Number(rows[0]!.count));

    // An affiliate exports only their own; a merchant none.
    const own = await nia.api.payouts.exportCsv(period);
    expect(own.count).toBe(1);
    expect(own.csv).toContain(`"${fixture[2]}"`);
    expect(await merchant.api.payouts.exportCsv(period)).toMatchObject({ count: 0 });
    // A period without payouts is a file with its header line only.
    const empty = await admin.api.payouts.exportCsv({
      from: new Date(now + day).toISOString(),
      to: new Date(now + 2 * day).toISOString(),
    });
    expect(empty).toEqual({
      count: 0,
      csv: '"payout_id","affiliate_id","affiliate_name","amount","currency","status","paid_at"\r\n',
    });
  });

  it('refuses a bad export period', async () => {
    const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * 86_400_000).toISOString();
    for (const [input, field] of [
      [{ from: at(0), to: at(0) }, 'payoutExport.to'],
      [{ from: at(1), to: at(0) }, 'payoutExport.to'],
      [{ from: at(0), to: at(367) }, 'payoutExport.to'],
      [{ from: 'yesterday', to: at(0) }, 'payoutExport.from'],
      [{ from: at(0) }, 'payoutExport.to'],
      [{ from: at(0), to: at(1), status: 'paid' }, 'payoutExport.status'],
    ] as const) {
      const error = await caught(admin.api.payouts.exportCsv(input as never));
      expect(error.code).toBe('validation_failed');
      expect(error.details).toMatchObject({ field });
    }
    expect(
      (await admin.api.payouts.exportCsv({ from: at(0), to: at(366) })).count,
    ).toBeGreaterThanOrEqual(0);
  });

  it('names the affiliates a run pays, and the run heads the history', async () => {
    const { rows: programs } = await stack.pool.query<{ id: string }>(
      `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps)
       values ($1, 'Payout partners', 'percent', 1000) returning id`,
      [merchant.id],
    );
    const { rows: orders } = await stack.pool.query<{ id: string }>(
      `insert into public.orders (merchant_id, status, total_cents, merchant_amount_cents,
                                  affiliate_amount_cents, attributed_affiliate_id, paid_at)
       values ($1, 'paid', 20000, 18500, 1500, $2, now() - interval '40 days') returning id`,
      [merchant.id, oren.id],
    );
    await stack.pool.query(
      `insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, amount_cents,
                                       status, available_at, approved_at)
       values ($1, $2, $3, $4, 1500, 'approved', now() - interval '10 days', now() - interval '10 days')`,
      [oren.id, merchant.id, programs[0]!.id, orders[0]!.id],
    );

    const run = await admin.api.payouts.run({ minimumCents: 1000 });
    expect(run.payouts.every((p) => p.affiliate !== null)).toBe(true);
    const paid = run.payouts.find((p) => p.affiliate_id === oren.id);
    expect(paid).toMatchObject({
      amount_cents: 1500,
      status: 'paid',
      affiliate: names.get(oren.id),
    });

    const history = await admin.api.payouts.list({ pageSize: run.payouts.length });
    expect(history.total).toBe(await countPayouts());
    expect(history.rows.map((row) => row.id).sort()).toEqual(run.payouts.map((p) => p.id).sort());
    expect(history.rows.find((row) => row.id === paid!.id)?.affiliate).toEqual(names.get(oren.id));
  });
});
