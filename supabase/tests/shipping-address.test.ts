import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { createUser } from './support/users.ts';

// Orders keep the address the buyer gives at checkout (20261130002100_shipping_address.sql):
// stripe-webhook stores it from a paid session (collected_information.shipping_details, or
// shipping_details in older API versions), refuses a malformed one with 400 writing nothing, and
// only the buyer, the order's merchant and admins can read it.

const PASSWORD = 'Ship#Address2026';
let stack: RunningStack;
let merchant: { id: string; client: SupabaseClient };
let productId: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  merchant = await signedInUser('merchant');
  await query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, 'Ship Goods', 'approved')`,
    [merchant.id],
  );
  const { rows } = await query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status, stock)
     values ($1, 'Linen bag', $2, 2000, 'approved', 100) returning id`,
    [merchant.id, `linen-${randomUUID().slice(0, 8)}`],
  );
  productId = rows[0]!.id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const query = <R extends Record<string, unknown> = Record<string, unknown>>(
  sql: string,
  values: unknown[] = [],
) => stack.pool.query<R>(sql, values);

async function signedInUser(role: 'merchant' | 'affiliate' | 'admin') {
  const email = `${role}-${randomUUID().slice(0, 8)}@shipping.test`;
  const user = await createUser(stack, {
    email,
    password: PASSWORD,
    metadata: { role: role === 'admin' ? 'affiliate' : role },
    ...(role === 'admin' ? { role: 'admin' } : {}),
  });
  return { id: user.id, client: await signedInClient(stack, email, PASSWORD) };
}

/** A pending order of one bag with a local checkout session, bought by `buyer` (null: a guest). */
async function pendingOrder(buyer: string | null = null) {
  const { rows } = await query<{ id: string }>(
    `select (public.create_checkout_order($1, null, $2::jsonb)).id`,
    [buyer, JSON.stringify([{ productId, quantity: 1 }])],
  );
  const id = rows[0]!.id;
  await query(`update public.orders set stripe_checkout_session_id = $2 where id = $1`, [
    id,
    `cs_test_${randomUUID().replace(/-/g, '')}`,
  ]);
  return id;
}

const stripe = new Stripe('sk_test_signature_check_only');

async function sendEvent(type: string, object: Record<string, unknown>, id?: string) {
  const payload = JSON.stringify({
    id: id ?? `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const response = await fetch(`${stack.apiUrl}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({
        payload,
        secret: stack.stripeWebhookSecret,
      }),
    },
    body: payload,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      outcome?: string;
      error?: { code: string; message: string };
    },
  };
}

const ADDRESS = {
  line1: '12 Fern Street',
  line2: 'Flat 3',
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  state: null,
  country: 'GB',
};

/** checkout.session.completed for the order, with `extra` fields (the shipping details). */
async function completed(orderId: string, extra: Record<string, unknown>) {
  const { rows } = await query<{ session: string }>(
    'select stripe_checkout_session_id as session from public.orders where id = $1',
    [orderId],
  );
  return sendEvent('checkout.session.completed', {
    id: rows[0]!.session,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 2000,
    currency: 'usd',
    client_reference_id: orderId,
    customer_details: { email: 'guest@shipping.test', name: 'Gwen Guest' },
    metadata: { order_id: orderId, click_id: '' },
    payment_intent: `pi_${randomUUID().replace(/-/g, '')}`,
    ...extra,
  });
}

async function orderRow(id: string) {
  const { rows } = await query<{ status: string; shipping_address: unknown }>(
    'select status, shipping_address from public.orders where id = $1',
    [id],
  );
  return rows[0]!;
}

describe('the address of a paid checkout', () => {
  it('is stored from collected_information.shipping_details, trimmed, blanks as null', async () => {
    const id = await pendingOrder();
    const result = await completed(id, {
      collected_information: {
        shipping_details: {
          name: '  Gwen Guest ',
          address: { ...ADDRESS, line2: ' Flat 3 ', state: '' },
        },
      },
    });
    expect(result).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await orderRow(id)).toEqual({
      status: 'paid',
      shipping_address: { name: 'Gwen Guest', ...ADDRESS },
    });
  });

  it('is stored from shipping_details (older API versions)', async () => {
    const id = await pendingOrder();
    const result = await completed(id, {
      shipping_details: { name: 'Olive Older', address: { ...ADDRESS, line2: null } },
    });
    expect(result.status).toBe(200);
    expect((await orderRow(id)).shipping_address).toEqual({
      name: 'Olive Older',
      ...ADDRESS,
      line2: null,
    });
  });

  it('is left empty when the session collected none', async () => {
    const id = await pendingOrder();
    expect((await completed(id, { collected_information: null })).status).toBe(200);
    expect(await orderRow(id)).toEqual({ status: 'paid', shipping_address: null });
  });

  it.each([
    [
      'a string for the details',
      { shipping_details: 'Bristol' },
      '"shipping_details" must be an object',
    ],
    ['no address', { shipping_details: { name: 'Gwen' } }, 'with an "address"'],
    [
      'collected_information a list',
      { collected_information: [] },
      '"collected_information" must be an object',
    ],
    ['no name', { shipping_details: { name: ' ', address: ADDRESS } }, 'needs "name"'],
    [
      'no line1',
      { shipping_details: { name: 'Gwen', address: { ...ADDRESS, line1: null } } },
      'needs "line1"',
    ],
    [
      'a number for the city',
      { shipping_details: { name: 'Gwen', address: { ...ADDRESS, city: 42 } } },
      '"city" must be text',
    ],
    [
      'a long postal code',
      { shipping_details: { name: 'Gwen', address: { ...ADDRESS, postal_code: '1'.repeat(21) } } },
      '"postal_code" must be 1 to 20',
    ],
    [
      'a country name',
      { shipping_details: { name: 'Gwen', address: { ...ADDRESS, country: 'Britain' } } },
      '"country" must be 1 to 2',
    ],
    [
      'a lower-case country',
      { shipping_details: { name: 'Gwen', address: { ...ADDRESS, country: 'gb' } } },
      'two-letter country code',
    ],
    [
      'a control character',
      { shipping_details: { name: 'Gwen\u0007', address: ADDRESS } },
      'control characters',
    ],
    [
      'a 201-character line',
      {
        collected_information: {
          shipping_details: { name: 'Gwen', address: { ...ADDRESS, line1: 'x'.repeat(201) } },
        },
      },
      '"line1" must be 1 to 200',
    ],
  ])('refuses %s with 400 invalid_event, writing nothing', async (_name, extra, message) => {
    const id = await pendingOrder();
    const events = await query<{ n: number }>(
      'select count(*)::int as n from public.stripe_events',
    );
    const result = await completed(id, extra);
    expect(result.status).toBe(400);
    expect(result.body.error?.code).toBe('invalid_event');
    expect(result.body.error?.message).toContain(message);
    expect(await orderRow(id)).toEqual({ status: 'pending', shipping_address: null });
    const after = await query<{ n: number }>('select count(*)::int as n from public.stripe_events');
    expect(after.rows[0]!.n).toBe(events.rows[0]!.n);
  });

  it('ignores fields Stripe adds beside the address (only the address’s own are read)', async () => {
    const id = await pendingOrder();
    const result = await completed(id, {
      shipping_details: { name: 'Gwen', phone: '+44 1', address: { ...ADDRESS, extra: 1 } },
    });
    expect(result.status).toBe(200);
    expect((await orderRow(id)).shipping_address).toEqual({ name: 'Gwen', ...ADDRESS });
  });

  it('holds every writer to the shape (check constraint)', async () => {
    const id = await pendingOrder();
    await expect(
      query(`update public.orders set shipping_address = '{"name":"x"}' where id = $1`, [id]),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      query(`update public.orders set shipping_address = $2::jsonb where id = $1`, [
        id,
        JSON.stringify({ name: 'x', ...ADDRESS, extra: 'y' }),
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('who reads the address', () => {
  it('the buyer, the order’s merchant and admins; not another merchant, another user or anon', async () => {
    const buyer = await signedInUser('affiliate');
    const id = await pendingOrder(buyer.id);
    await completed(id, {
      collected_information: { shipping_details: { name: 'Bea Buyer', address: ADDRESS } },
    });
    const admin = await signedInUser('admin');
    const otherMerchant = await signedInUser('merchant');
    const stranger = await signedInUser('affiliate');
    const read = async (client: SupabaseClient) => {
      const { data, error } = await client.from('orders').select('shipping_address').eq('id', id);
      expect(error).toBeNull();
      return data;
    };
    const expected = [{ shipping_address: { name: 'Bea Buyer', ...ADDRESS } }];
    expect(await read(buyer.client)).toEqual(expected);
    expect(await read(merchant.client)).toEqual(expected);
    expect(await read(admin.client)).toEqual(expected);
    expect(await read(otherMerchant.client)).toEqual([]);
    expect(await read(stranger.client)).toEqual([]);
    expect(await read(anonClient(stack))).toEqual([]);
  });
});

describe('order_shipping_destination', () => {
  it('gives anyone holding the order id the town and country, nothing else', async () => {
    const id = await pendingOrder();
    const ask = async () => {
      const { data, error } = await anonClient(stack).rpc('order_shipping_destination', {
        order_id: id,
      });
      expect(error).toBeNull();
      return data as unknown;
    };
    expect(await ask()).toBeNull();
    await completed(id, {
      collected_information: { shipping_details: { name: 'Gwen', address: ADDRESS } },
    });
    expect(await ask()).toEqual({ city: 'Bristol', country: 'GB' });
  });
});
