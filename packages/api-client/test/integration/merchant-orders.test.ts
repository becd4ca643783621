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

// orders.listForMerchant against a real stack: a merchant reads the orders of its own products
// that were paid (refunded since or not), newest payment first, with items, buyer email and the
// address the buyer gave at checkout; never pending or expired ones, never another merchant's.

const PASSWORD = 'Verdant#Grove2026';
const transport = nodeSupabaseOptions.realtime.transport as unknown as WebSocketLikeConstructor;
const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

let stack: RunningStack;
let merchant: { id: string; api: ApiClient; product: string };
let otherMerchant: { id: string; api: ApiClient; product: string };
let admin: ApiClient;
const orders: Record<'first' | 'second' | 'refunded' | 'pending' | 'expired' | 'foreign', string> =
  {} as never;

const ADDRESS = {
  name: 'Gwen Guest',
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

async function user(role: 'merchant' | 'admin') {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@orders.test`;
  await stack.pool.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 4)),
             now(), '{"provider":"email"}', $4)`,
    [id, email, PASSWORD, { role: role === 'admin' ? 'affiliate' : role }],
  );
  if (role === 'admin')
    await stack.pool.query(`update public.profiles set role = 'admin' where id = $1`, [id]);
  const client = api();
  const { error } = await client.supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id, api: client };
}

async function merchantWithProduct(name: string) {
  const m = await user('merchant');
  await stack.pool.query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, $2, 'approved')`,
    [m.id, `${name} Co`],
  );
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status, stock)
     values ($1, $2, $3, 1500, 'approved', 50) returning id`,
    [m.id, name, `p-${randomUUID().slice(0, 8)}`],
  );
  return { ...m, product: rows[0]!.id };
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

/** A guest order of `quantity` units with a checkout session, as create-checkout makes it. */
async function order(productId: string, quantity: number, email: string): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `select (public.create_checkout_order(null, $2, $1::jsonb)).id`,
    [JSON.stringify([{ productId, quantity }]), email],
  );
  const id = rows[0]!.id;
  await stack.pool.query('update public.orders set stripe_checkout_session_id = $2 where id = $1', [
    id,
    `cs_test_${id.replace(/-/g, '')}`,
  ]);
  return id;
}

async function pay(id: string, quantity: number, address: Record<string, unknown> | null) {
  await sendEvent('checkout.session.completed', {
    id: `cs_test_${id.replace(/-/g, '')}`,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: 1500 * quantity,
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
  merchant = await merchantWithProduct('Linen bag');
  otherMerchant = await merchantWithProduct('Cork mat');
  admin = (await user('admin')).api;

  orders.first = await order(merchant.product, 1, 'first@orders.test');
  await pay(orders.first, 1, ADDRESS);
  orders.refunded = await order(merchant.product, 2, 'refund@orders.test');
  await pay(orders.refunded, 2, { ...ADDRESS, name: 'Rob Refund' });
  await sendEvent('charge.refunded', {
    id: `ch_${randomUUID().replace(/-/g, '')}`,
    object: 'charge',
    amount_refunded: 3000,
    metadata: { order_id: orders.refunded },
  });
  orders.second = await order(merchant.product, 3, 'second@orders.test');
  await pay(orders.second, 3, null); // paid before addresses were collected
  orders.pending = await order(merchant.product, 1, 'pending@orders.test');
  orders.expired = await order(merchant.product, 1, 'expired@orders.test');
  await sendEvent('checkout.session.expired', {
    id: `cs_test_${orders.expired.replace(/-/g, '')}`,
    object: 'checkout.session',
    mode: 'payment',
    client_reference_id: orders.expired,
    metadata: { order_id: orders.expired },
  });
  orders.foreign = await order(otherMerchant.product, 1, 'foreign@orders.test');
  await pay(orders.foreign, 1, ADDRESS);
  // Payments a second apart, so "newest first" has one answer.
  await stack.pool.query(
    `update public.orders set paid_at = now() - make_interval(mins => m)
       from (values ($1::uuid, 30), ($2::uuid, 20), ($3::uuid, 10)) as t(id, m)
      where orders.id = t.id`,
    [orders.first, orders.refunded, orders.second],
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('orders.listForMerchant', () => {
  it('lists the merchant’s paid and refunded orders, newest payment first, with items and address', async () => {
    const page = await merchant.api.orders.listForMerchant();
    expect(page.total).toBe(3);
    expect(page.rows.map((o) => o.id)).toEqual([orders.second, orders.refunded, orders.first]);
    expect(page.rows[2]).toMatchObject({
      status: 'paid',
      currency: 'USD',
      total_cents: 1500,
      refunded_cents: 0,
      buyer_email: 'first@orders.test',
      shipping_address: ADDRESS,
      items: [
        { product_name: 'Linen bag', quantity: 1, unit_price_cents: 1500, line_total_cents: 1500 },
      ],
    });
    expect(page.rows[1]).toMatchObject({
      status: 'refunded',
      refunded_cents: 3000,
      shipping_address: { ...ADDRESS, name: 'Rob Refund' },
    });
    expect(page.rows[0]).toMatchObject({ status: 'paid', shipping_address: null });
  });

  it('pages and narrows by status', async () => {
    const second = await merchant.api.orders.listForMerchant({ page: 1, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, rows: [{ id: orders.first }] });
    const past = await merchant.api.orders.listForMerchant({ page: 5, pageSize: 2 });
    expect(past).toEqual({ total: 3, rows: [] });
    const refunded = await merchant.api.orders.listForMerchant({ status: 'refunded' });
    expect(refunded.rows.map((o) => o.id)).toEqual([orders.refunded]);
  });

  it('shows each merchant only its own orders, and an admin none of theirs', async () => {
    const other = await otherMerchant.api.orders.listForMerchant();
    expect(other.rows.map((o) => o.id)).toEqual([orders.foreign]);
    expect(await admin.orders.listForMerchant()).toEqual({ total: 0, rows: [] });
  });

  it('needs a session', async () => {
    await expect(api().orders.listForMerchant()).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('orders.shippingDestination', () => {
  it('tells anyone holding the order id the town and country only', async () => {
    const guest = api();
    await expect(guest.orders.shippingDestination(orders.first)).resolves.toEqual({
      city: 'Bristol',
      country: 'GB',
    });
    await expect(guest.orders.shippingDestination(orders.second)).resolves.toBeNull();
    await expect(guest.orders.shippingDestination(randomUUID())).resolves.toBeNull();
  });
});
