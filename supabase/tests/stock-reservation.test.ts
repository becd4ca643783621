import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Stock is reserved when a checkout is made (20261130002000_stock_reservation.sql): two shoppers
// cannot both pay for the last units, a checkout sent again under its idempotency key takes
// nothing twice, an unpaid order that is closed gives its units back once, and a payment (or a
// refund) does not change the stock again.

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const query = <R extends Record<string, unknown> = Record<string, unknown>>(
  sql: string,
  values: unknown[] = [],
) => stack.pool.query<R>(sql, values);

/** An approved merchant's approved product with `stock` units (null: no limit). */
async function product(stock: number | null, name = 'Bamboo brush') {
  const merchant = randomUUID();
  await query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', '{"role":"merchant"}')`,
    [merchant, `merchant-${merchant.slice(0, 8)}@stock.test`],
  );
  await query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, 'Stock Goods', 'approved')`,
    [merchant],
  );
  const { rows } = await query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status, stock)
     values ($1, $2, $3, 1500, 'approved', $4) returning id`,
    [merchant, name, `stock-${randomUUID().slice(0, 8)}`, stock],
  );
  return rows[0]!.id;
}

async function stockOf(productId: string): Promise<number | null> {
  const { rows } = await query<{ stock: number | null }>(
    'select stock from public.products where id = $1',
    [productId],
  );
  return rows[0]!.stock;
}

async function orderOf(orderId: string) {
  const { rows } = await query<{ status: string; stock_reserved: boolean; total_cents: number }>(
    'select status, stock_reserved, total_cents from public.orders where id = $1',
    [orderId],
  );
  return rows[0]!;
}

/** A guest checkout through the create-checkout function, as the shop sends it. */
async function checkout(productId: string, quantity: number, key?: string) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/create-checkout`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ items: [{ productId, quantity }] }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      orderId?: string;
      error?: { code: string; message: string };
    },
  };
}

const stripe = new Stripe('sk_test_signature_check_only');

/** A Stripe event for the order's checkout session, signed as Stripe signs it, sent to the webhook. */
async function sendEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomUUID().replace(/-/g, '')}`,
) {
  const payload = JSON.stringify({
    id,
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
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function sessionOf(orderId: string) {
  const { rows } = await query<{ session: string; total: number; currency: string }>(
    `select stripe_checkout_session_id as session, total_cents as total, lower(currency) as currency
       from public.orders where id = $1`,
    [orderId],
  );
  return rows[0]!;
}

async function expire(orderId: string, eventId?: string) {
  const { session, total, currency } = await sessionOf(orderId);
  return sendEvent(
    'checkout.session.expired',
    {
      id: session,
      object: 'checkout.session',
      mode: 'payment',
      status: 'expired',
      payment_status: 'unpaid',
      amount_total: total,
      currency,
      client_reference_id: orderId,
      metadata: { order_id: orderId, click_id: '' },
    },
    eventId,
  );
}

async function pay(orderId: string) {
  const { session, total, currency } = await sessionOf(orderId);
  return sendEvent('checkout.session.completed', {
    id: session,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: total,
    currency,
    client_reference_id: orderId,
    customer_details: { email: 'shopper@stock.test', name: 'Sam Shopper' },
    metadata: { order_id: orderId, click_id: '' },
    payment_intent: `pi_${randomUUID().replace(/-/g, '')}`,
  });
}

describe('checkouts for more than the stock', () => {
  it('lets one of two concurrent checkouts of 20 (stock 22) through and refuses the other with 400', async () => {
    const id = await product(22);
    const results = await Promise.all([checkout(id, 20), checkout(id, 20)]);
    const made = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 400);
    expect(made).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.error).toEqual({
      code: 'invalid_cart',
      message: 'Only 2 of "Bamboo brush" left in stock',
    });
    expect(await stockOf(id)).toBe(2);
    const { rows } = await query<{ n: number }>(
      `select count(*)::int as n from public.order_items where product_id = $1`,
      [id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('makes a second checkout wait for the first one’s lock and then checks the stock again', async () => {
    const id = await product(22);
    const items = JSON.stringify([{ productId: id, quantity: 20 }]);
    const first = await stack.pool.connect();
    const second = await stack.pool.connect();
    try {
      await first.query('begin');
      await first.query('select public.create_checkout_order(null, null, $1::jsonb)', [items]);
      // The second checkout saw 22 in stock before the first committed; it must wait, not sell.
      const waiting = second
        .query('select public.create_checkout_order(null, null, $1::jsonb)', [items])
        .then(
          () => null,
          (error: { code?: string; message: string }) => error,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('commit');
      expect(await waiting).toMatchObject({
        code: '22023',
        message: 'Only 2 of "Bamboo brush" left in stock',
      });
    } finally {
      first.release();
      second.release();
    }
    expect(await stockOf(id)).toBe(2);
  });

  it('takes nothing from a product without a stock limit', async () => {
    const id = await product(null);
    expect((await checkout(id, 100)).status).toBe(200);
    expect(await stockOf(id)).toBeNull();
  });
});

describe('a checkout sent again under its idempotency key', () => {
  it('returns the same order and reserves its units once, also when both requests arrive together', async () => {
    const id = await product(10);
    const key = `stock-${randomUUID()}`;
    const [a, b] = await Promise.all([checkout(id, 4, key), checkout(id, 4, key)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.orderId).toBe(a.body.orderId);
    const again = await checkout(id, 4, key);
    expect(again.body.orderId).toBe(a.body.orderId);
    expect(await stockOf(id)).toBe(6);
    expect(await orderOf(a.body.orderId!)).toMatchObject({
      status: 'pending',
      stock_reserved: true,
    });
  });
});

describe('an unpaid order that is closed', () => {
  it('gives its units back once when its session expires, however often the expiry arrives', async () => {
    const id = await product(5);
    const made = await checkout(id, 3);
    const orderId = made.body.orderId!;
    expect(await stockOf(id)).toBe(2);
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    expect((await expire(orderId, eventId)).body).toMatchObject({ outcome: 'applied' });
    expect(await stockOf(id)).toBe(5);
    // The same event again (Stripe's retry), another event for the session (the local sweep and
    // the page both sending it), and a cancel written directly: nothing more comes back.
    expect((await expire(orderId, eventId)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await expire(orderId)).body).toMatchObject({ outcome: 'ignored' });
    await query(`update public.orders set status = 'canceled' where id = $1`, [orderId]);
    expect(await stockOf(id)).toBe(5);
    expect(await orderOf(orderId)).toMatchObject({ status: 'canceled', stock_reserved: false });
    // The returned units can be bought again.
    expect((await checkout(id, 5)).status).toBe(200);
    expect(await stockOf(id)).toBe(0);
  });

  it('gives its units back when create-checkout cancels an order without a session', async () => {
    const id = await product(5);
    const { rows } = await query<{ id: string }>(
      'select (public.create_checkout_order(null, null, $1::jsonb)).id',
      [JSON.stringify([{ productId: id, quantity: 2 }])],
    );
    expect(await stockOf(id)).toBe(3);
    // What create-checkout's cancelOrder writes through the REST API with the service role.
    const response = await fetch(
      `${stack.apiUrl}/rest/v1/orders?id=eq.${rows[0]!.id}&status=eq.pending&stripe_checkout_session_id=is.null`,
      {
        method: 'PATCH',
        headers: {
          apikey: stack.serviceRoleKey,
          authorization: `Bearer ${stack.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ status: 'canceled' }),
      },
    );
    expect(response.status).toBeLessThan(300);
    expect(await stockOf(id)).toBe(5);
  });

  it('gives back what the merchant set meanwhile plus the order’s units, never below or above range', async () => {
    const id = await product(5);
    const made = await checkout(id, 5);
    expect(await stockOf(id)).toBe(0);
    await query('update public.products set stock = 2147483645 where id = $1', [id]);
    await expire(made.body.orderId!);
    expect(await stockOf(id)).toBe(2147483647);
  });
});

describe('payment and refund', () => {
  it('does not take the units again when the order is paid, nor give them back on a refund', async () => {
    const id = await product(22);
    const made = await checkout(id, 20);
    const orderId = made.body.orderId!;
    expect(await stockOf(id)).toBe(2);
    expect((await pay(orderId)).body).toMatchObject({ outcome: 'applied' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', stock_reserved: true });
    expect(await stockOf(id)).toBe(2);
    // A paid order's session expiring later changes nothing.
    expect((await expire(orderId)).body).toMatchObject({ outcome: 'ignored' });
    expect(await stockOf(id)).toBe(2);
    const refund = await sendEvent('charge.refunded', {
      id: `ch_${randomUUID().replace(/-/g, '')}`,
      object: 'charge',
      amount_refunded: 30_000,
      metadata: { order_id: orderId },
    });
    expect(refund.body).toMatchObject({ outcome: 'applied' });
    expect((await orderOf(orderId)).status).toBe('refunded');
    expect(await stockOf(id)).toBe(2);
  });

  it('takes the units at payment for an order that was pending before reservations began', async () => {
    const id = await product(22);
    const made = await checkout(id, 20);
    const orderId = made.body.orderId!;
    // As an order made before 20261130002000 looks: its units are still in stock, nothing held.
    await query('update public.orders set stock_reserved = false where id = $1', [orderId]);
    await query('update public.products set stock = 22 where id = $1', [id]);
    expect((await pay(orderId)).body).toMatchObject({ outcome: 'applied' });
    expect(await stockOf(id)).toBe(2);
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', stock_reserved: true });
  });
});
