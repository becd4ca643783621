import { randomUUID } from 'node:crypto';
import type { WebSocketLikeConstructor } from '@supabase/supabase-js';
import {
  nodeSupabaseOptions,
  startTestStack,
  type RunningStack,
} from '@verdant/local-stack/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../src/index.ts';

// orders.listPurchases against a real stack: a buyer reads their own orders, newest first, with
// items, the merchant's name and the address given at checkout; paid, refunded and pending ones
// by default, and the checkouts that ended unpaid only when asked. Nobody else's orders, ever.

const PASSWORD = 'Verdant#Grove2026';
const transport = nodeSupabaseOptions.realtime.transport as unknown as WebSocketLikeConstructor;
const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

let stack: RunningStack;
let buyer: { id: string; email: string; api: ApiClient };
let otherBuyer: { id: string; email: string; api: ApiClient };
let linen: { id: string; product: string; slug: string };
let cork: { id: string; product: string; slug: string };
const orders: Record<'paid' | 'refunded' | 'again' | 'pending' | 'expired' | 'foreign', string> =
  {} as never;

const ADDRESS = {
  name: 'Gwen Buyer',
  line1: '12 Fern Street',
  line2: 'Flat 3',
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  state: null,
  country: 'GB',
};

function api(): ApiClient {
  return createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    realtimeTransport: transport,
    auth,
  });
}

async function user(role: 'merchant' | 'affiliate', signIn = true) {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@purchases.test`;
  await stack.pool.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 4)),
             now(), '{"provider":"email"}', $4)`,
    [id, email, PASSWORD, { role }],
  );
  const client = api();
  if (signIn) {
    const { error } = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
  }
  return { id, email, api: client };
}

async function merchantWithProduct(name: string, priceCents: number) {
  const m = await user('merchant', false);
  await stack.pool.query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, $2, 'approved')`,
    [m.id, `${name} Co`],
  );
  const slug = `p-${randomUUID().slice(0, 8)}`;
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status, stock)
     values ($1, $2, $3, $4, 'approved', 50) returning id`,
    [m.id, name, slug, priceCents],
  );
  return { id: m.id, product: rows[0]!.id, slug };
}

async function sendEvent(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const res = await fetch(`${stack.apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({
        payload,
        secret: stack.stripeWebhookSecret,
      }),
    },
    body: payload,
  });
  if (res.status !== 200) throw new Error(`${type}: ${res.status} ${await res.text()}`);
}

/** A signed-in buyer's order with a checkout session, as create-checkout makes it. */
async function order(
  who: { id: string; email: string },
  items: { productId: string; quantity: number }[],
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `select (public.create_checkout_order($1, $2, $3::jsonb)).id`,
    [who.id, who.email, JSON.stringify(items)],
  );
  const id = rows[0]!.id;
  await stack.pool.query('update public.orders set stripe_checkout_session_id = $2 where id = $1', [
    id,
    `cs_test_${id.replace(/-/g, '')}`,
  ]);
  return id;
}

async function pay(id: string, address: Record<string, unknown> | null) {
  const { rows } = await stack.pool.query<{ total_cents: number }>(
    'select total_cents from public.orders where id = $1',
    [id],
  );
  await sendEvent('checkout.session.completed', {
    id: `cs_test_${id.replace(/-/g, '')}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: rows[0]!.total_cents,
    currency: 'usd',
    client_reference_id: id,
    metadata: { order_id: id, click_id: '' },
    payment_intent: `pi_${id.replace(/-/g, '')}`,
    ...(address
      ? { collected_information: { shipping_details: { name: address.name, address } } }
      : {}),
  });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  linen = await merchantWithProduct('Linen bag', 1500);
  cork = await merchantWithProduct('Cork mat', 900);
  buyer = await user('affiliate');
  otherBuyer = await user('affiliate');

  orders.paid = await order(buyer, [{ productId: linen.product, quantity: 2 }]);
  await pay(orders.paid, ADDRESS);
  orders.refunded = await order(buyer, [{ productId: cork.product, quantity: 1 }]);
  await pay(orders.refunded, null); // paid before addresses were collected
  await sendEvent('charge.refunded', {
    id: `ch_${randomUUID().replace(/-/g, '')}`,
    object: 'charge',
    amount_refunded: 400,
    metadata: { order_id: orders.refunded },
  });
  orders.again = await order(buyer, [{ productId: linen.product, quantity: 1 }]);
  await pay(orders.again, { ...ADDRESS, line2: null });
  orders.pending = await order(buyer, [{ productId: cork.product, quantity: 3 }]);
  orders.expired = await order(buyer, [{ productId: linen.product, quantity: 1 }]);
  await sendEvent('checkout.session.expired', {
    id: `cs_test_${orders.expired.replace(/-/g, '')}`,
    object: 'checkout.session',
    mode: 'payment',
    client_reference_id: orders.expired,
    metadata: { order_id: orders.expired },
  });
  orders.foreign = await order(otherBuyer, [{ productId: linen.product, quantity: 1 }]);
  await pay(orders.foreign, ADDRESS);
  // Orders placed minutes apart, so "newest first" has one answer: paid is the oldest.
  await stack.pool.query(
    `update public.orders set created_at = now() - make_interval(mins => m)
       from (values ($1::uuid, 50), ($2::uuid, 40), ($3::uuid, 30), ($4::uuid, 20), ($5::uuid, 10))
         as t(id, m)
      where orders.id = t.id`,
    [orders.paid, orders.refunded, orders.again, orders.expired, orders.pending],
  );
  // The cork maker has left the shop since: its name is no longer public.
  await stack.pool.query(
    `update public.merchant_profiles set approval_status = 'suspended' where id = $1`,
    [cork.id],
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('orders.listPurchases', () => {
  it('lists the buyer’s placed orders, newest first, with items, merchant and address', async () => {
    const page = await buyer.api.orders.listPurchases();
    expect(page.total).toBe(4);
    expect(page.rows.map((o) => o.id)).toEqual([
      orders.pending,
      orders.again,
      orders.refunded,
      orders.paid,
    ]);
    const [pending, second, refunded, paid] = page.rows;
    expect(paid).toMatchObject({
      status: 'paid',
      currency: 'USD',
      total_cents: 3000,
      refunded_cents: 0,
      merchant_name: 'Linen bag Co',
      shipping_address: ADDRESS,
      items: [
        {
          product_name: 'Linen bag',
          quantity: 2,
          unit_price_cents: 1500,
          line_total_cents: 3000,
          product_slug: linen.slug,
        },
      ],
    });
    expect(paid!.paid_at).not.toBeNull();
    expect(second).toMatchObject({
      status: 'paid',
      shipping_address: { ...ADDRESS, line2: null },
    });
    expect(refunded).toMatchObject({
      status: 'partially_refunded',
      total_cents: 900,
      refunded_cents: 400,
      // The merchant was suspended: neither its name nor its product is public any more.
      merchant_name: null,
      shipping_address: null,
      items: [{ product_name: 'Cork mat', quantity: 1, product_slug: null }],
    });
    expect(pending).toMatchObject({
      status: 'pending',
      paid_at: null,
      total_cents: 2700,
      items: [{ product_name: 'Cork mat', quantity: 3, line_total_cents: 2700 }],
    });
    // Nothing of the buyer's account or of the sale's split travels with the row.
    expect(Object.keys(paid!).sort()).toEqual(
      [
        'created_at',
        'currency',
        'id',
        'items',
        'merchant_name',
        'paid_at',
        'refunded_cents',
        'shipping_address',
        'status',
        'total_cents',
      ].sort(),
    );
  });

  it('adds the checkouts that ended unpaid only when asked, and pages', async () => {
    const all = await buyer.api.orders.listPurchases({ includeNotCompleted: true });
    expect(all.total).toBe(5);
    expect(all.rows.map((o) => o.id)).toContain(orders.expired);
    expect(all.rows.find((o) => o.id === orders.expired)).toMatchObject({ status: 'canceled' });

    const second = await buyer.api.orders.listPurchases({ page: 1, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, rows: [{ id: orders.paid }] });
    expect(await buyer.api.orders.listPurchases({ page: 9, pageSize: 3 })).toEqual({
      total: 4,
      rows: [],
    });
  });

  it('shows another user none of the buyer’s orders, and a merchant none of its sales', async () => {
    const other = await otherBuyer.api.orders.listPurchases({ includeNotCompleted: true });
    expect(other.rows.map((o) => o.id)).toEqual([orders.foreign]);
    const merchant = api();
    const { rows } = await stack.pool.query<{ email: string }>(
      'select email from auth.users where id = $1',
      [linen.id],
    );
    const { error } = await merchant.supabase.auth.signInWithPassword({
      email: rows[0]!.email,
      password: PASSWORD,
    });
    if (error) throw error;
    expect(await merchant.orders.listPurchases({ includeNotCompleted: true })).toEqual({
      total: 0,
      rows: [],
    });
  });

  it('refuses bad input before any request, and a caller without a session', async () => {
    for (const [input, field] of [
      [{ page: -1 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ includeNotCompleted: 'yes' }, 'includeNotCompleted'],
      [{ buyer: otherBuyer.id }, 'input.buyer'],
    ] as const)
      await expect(buyer.api.orders.listPurchases(input as never)).rejects.toMatchObject({
        code: 'validation_failed',
        details: { field },
      });
    await expect(api().orders.listPurchases()).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
