import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { createUser, profileOf } from './support/users.ts';

// Bad input to the money functions and the public reads, found by a probe of a running stack:
// each is refused with a 4xx in PostgREST's shape and changes nothing. Prices and checkout totals
// have upper bounds, payout dates a window, not-found is 404 (PT404), a refund needs its amount,
// the public aggregates refuse arguments out of range, and sign-up metadata of the wrong type is
// not stored as a name.

const PASSWORD = 'Bad#Input2026';
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

async function signedInUser(role: 'merchant' | 'affiliate' | 'admin') {
  const email = `${role}-${randomUUID().slice(0, 8)}@bad-input.test`;
  const user = await createUser(stack, {
    email,
    password: PASSWORD,
    metadata: { role: role === 'admin' ? 'affiliate' : role },
    ...(role === 'admin' ? { role: 'admin' } : {}),
  });
  return { id: user.id, client: await signedInClient(stack, email, PASSWORD) };
}

/** An approved merchant with one approved product at `price` cents. */
async function merchantWithProduct(price: number) {
  const merchant = await signedInUser('merchant');
  await query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, 'Bounds Goods', 'approved')`,
    [merchant.id],
  );
  const { rows } = await query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status)
     values ($1, 'Bounded', $2, $3, 'approved') returning id`,
    [merchant.id, `bounded-${randomUUID().slice(0, 8)}`, price],
  );
  return { merchant, product: rows[0]!.id };
}

async function counts() {
  const { rows } = await query(
    `select (select count(*) from public.orders)::int as orders,
            (select count(*) from public.order_items)::int as items,
            (select count(*) from public.payouts)::int as payouts,
            (select count(*) from public.stripe_events)::int as events,
            (select count(*) from public.commissions where status = 'paid')::int as paid`,
  );
  return rows[0]!;
}

/** Runs `sql` in a transaction of its own with the service role's claims (as run-payouts does). */
async function asServiceRole<R extends Record<string, unknown>>(sql: string, values: unknown[]) {
  const client = await stack.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const { rows } = await client.query<R>(sql, values);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

describe('prices and checkout totals', () => {
  it('refuses a price above 999,999.99 (the most Stripe charges) through the REST API; the product keeps its price', async () => {
    const { merchant, product } = await merchantWithProduct(2500);
    for (const price of [100_000_000, 2_147_483_647]) {
      const { error } = await merchant.client
        .from('products')
        .update({ price_cents: price })
        .eq('id', product);
      expect(error?.code).toBe('23514');
    }
    const { error } = await merchant.client
      .from('products')
      .update({ price_cents: 99_999_999 })
      .eq('id', product);
    expect(error).toBeNull();
    const { rows } = await query('select price_cents from public.products where id = $1', [
      product,
    ]);
    expect(rows[0]).toEqual({ price_cents: 99_999_999 });
  });

  it('refuses a checkout over 999,999.99 with 22023, in bigint, writing nothing', async () => {
    const { product } = await merchantWithProduct(99_999_999);
    const before = await counts();
    for (const quantity of [2, 100])
      await expect(
        query(`select public.create_checkout_order(null, null, $1::jsonb, null)`, [
          JSON.stringify([{ productId: product, quantity }]),
        ]),
      ).rejects.toMatchObject({
        code: '22023',
        message: 'A checkout may cost at most 999,999.99; remove some items',
      });
    expect(await counts()).toEqual(before);
    // At the bound itself the checkout is made.
    const { rows } = await query<{ total: number }>(
      `select (public.create_checkout_order(null, null, $1::jsonb, null)).total_cents as total`,
      [JSON.stringify([{ productId: product, quantity: 1 }])],
    );
    expect(rows[0]!.total).toBe(99_999_999);
  });
});

describe('payout dates', () => {
  /** An affiliate with one approved, due commission of `cents` (no order behind it needed). */
  async function dueCommission(cents: number) {
    const { merchant, product } = await merchantWithProduct(cents * 10);
    const affiliate = await createUser(stack, { metadata: { role: 'affiliate' } });
    const { rows: p } = await query<{ id: string }>(
      `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps, holding_days)
       values ($1, 'Dates', 'percent', 1000, 0) returning id`,
      [merchant.id],
    );
    const { rows: o } = await query<{ id: string }>(
      `select (public.create_checkout_order(null, null, $1::jsonb, null)).id`,
      [JSON.stringify([{ productId: product, quantity: 1 }])],
    );
    const order = o[0]!.id;
    await query(`select public.record_order_payment($1, $2, 0, now() - interval '3 days')`, [
      order,
      `pi_${order.replace(/-/g, '')}`,
    ]);
    await query(
      `insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, kind, amount_cents, currency, status, available_at)
       values ($1, $2, $3, $4, 'sale', $5, 'USD', 'pending', now() - interval '2 days')`,
      [affiliate.id, merchant.id, p[0]!.id, order, cents],
    );
    return affiliate.id;
  }

  it('run_payouts refuses a date in the future or more than 366 days back, paying nothing', async () => {
    await dueCommission(5000);
    const before = await counts();
    for (const asOf of [
      '0001-01-01',
      '-infinity',
      'infinity',
      '275760-09-13T00:00:00Z',
      new Date(Date.now() - 367 * 86_400_000).toISOString(),
      new Date(Date.now() + 10 * 60_000).toISOString(),
    ])
      await expect(
        asServiceRole('select * from public.run_payouts($1::timestamptz, 1)', [asOf]),
      ).rejects.toMatchObject({ code: '22023' });
    expect(await counts()).toEqual(before);
  });

  it('a run that looks back pays what was due then, dated when it is paid', async () => {
    const affiliate = await dueCommission(4000);
    const asOf = new Date(Date.now() - 86_400_000).toISOString();
    const paid = await asServiceRole<{ affiliate_id: string; paid_at: Date; created_at: Date }>(
      'select affiliate_id, paid_at, created_at from public.run_payouts($1::timestamptz, 1)',
      [asOf],
    );
    const mine = paid.filter((p) => p.affiliate_id === affiliate);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.paid_at.getTime()).toBeGreaterThanOrEqual(mine[0]!.created_at.getTime());
    const { rows } = await query<{ paid_at: Date; approved_at: Date }>(
      `select paid_at, approved_at from public.commissions where affiliate_id = $1`,
      [affiliate],
    );
    expect(rows[0]!.paid_at.getTime()).toBe(mine[0]!.paid_at.getTime());
    expect(rows[0]!.approved_at.toISOString()).toBe(asOf);
  });

  it('release_due_commissions refuses a date more than 366 days back', async () => {
    await expect(
      asServiceRole('select public.release_due_commissions($1::timestamptz)', [
        new Date(Date.now() - 400 * 86_400_000).toISOString(),
      ]),
    ).rejects.toMatchObject({
      code: '22023',
      message: 'The date may be at most 366 days in the past',
    });
  });

  it('mark_payout_paid refuses a date that is not finite, ahead, or before the payout (400), and an unknown payout (404)', async () => {
    const affiliate = await dueCommission(3000);
    await asServiceRole('select public.release_due_commissions(now())', []);
    const admin = await signedInUser('admin');
    const made = await admin.client.rpc('create_payout', { affiliate });
    expect(made.error).toBeNull();
    const payout = (made.data as Array<{ id: string; created_at: string }>)[0]!;
    const state = async () =>
      (
        await query(
          `select p.status, p.paid_at, (select array_agg(c.status) from public.commissions c where c.payout_id = p.id) as commissions
             from public.payouts p where p.id = $1`,
          [payout.id],
        )
      ).rows[0];
    const before = await state();
    expect(before).toMatchObject({ status: 'processing', paid_at: null });

    const bad = [
      '-infinity',
      'infinity',
      new Date(Date.now() + 3_600_000).toISOString(),
      new Date(Date.parse(payout.created_at) - 1000).toISOString(),
      '0001-01-01T00:00:00Z',
    ];
    for (const paidAt of bad) {
      const res = await admin.client.rpc('mark_payout_paid', {
        payout: payout.id,
        transfer_id: null as unknown as string,
        paid_at: paidAt,
      });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('22023');
    }
    expect(await state()).toEqual(before);

    const unknown = await admin.client.rpc('mark_payout_paid', {
      payout: randomUUID(),
      transfer_id: null as unknown as string,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PT404', message: 'Payout not found' });

    const ok = await admin.client.rpc('mark_payout_paid', {
      payout: payout.id,
      transfer_id: null as unknown as string,
    });
    expect(ok.error).toBeNull();
    expect(await state()).toMatchObject({ status: 'paid', commissions: ['paid'] });
  });

  it('change_user_role answers 404 for an unknown profile', async () => {
    const admin = await signedInUser('admin');
    const res = await admin.client.rpc('change_user_role', {
      target_id: randomUUID(),
      new_role: 'merchant',
    });
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ code: 'PT404', message: 'Profile not found' });
  });
});

describe('a refund event without its amount', () => {
  it('is refused (22023), the order stays paid and the event is not recorded', async () => {
    const { product } = await merchantWithProduct(2000);
    const { rows } = await query<{ id: string }>(
      `select (public.create_checkout_order(null, null, $1::jsonb, null)).id`,
      [JSON.stringify([{ productId: product, quantity: 1 }])],
    );
    const order = rows[0]!.id;
    await query(`select public.record_order_payment($1, $2, 0)`, [order, `pi_${randomUUID()}`]);
    for (const amount of [undefined, null, '2000', 12.5, 99_999_999_999, 2001]) {
      const id = `evt_${randomUUID().replace(/-/g, '')}`;
      await expect(
        query('select public.apply_stripe_event($1::jsonb)', [
          JSON.stringify({
            id,
            object: 'event',
            type: 'charge.refunded',
            created: Math.floor(Date.now() / 1000),
            data: {
              object: {
                id: `ch_${randomUUID().slice(0, 8)}`,
                object: 'charge',
                ...(amount === undefined ? {} : { amount_refunded: amount }),
                metadata: { order_id: order },
              },
            },
          }),
        ]),
      ).rejects.toMatchObject({ code: '22023' });
      const event = await query('select 1 from public.stripe_events where id = $1', [id]);
      expect(event.rowCount).toBe(0);
    }
    const { rows: after } = await query(
      'select status, refunded_cents from public.orders where id = $1',
      [order],
    );
    expect(after[0]).toEqual({ status: 'paid', refunded_cents: 0 });
  });
});

describe('public aggregates', () => {
  it('revenue_transparency and public_program_terms refuse arguments out of range with 400', async () => {
    const anon: SupabaseClient = anonClient(stack);
    for (const months of [-1, 0, null, 121]) {
      const res = await anon.rpc('revenue_transparency', { months: months as number });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('22023');
    }
    expect((await anon.rpc('revenue_transparency', { months: 12 })).error).toBeNull();
    expect((await anon.rpc('revenue_transparency', {})).error).toBeNull();
    for (const max_rows of [-1, 0, null, 51]) {
      const res = await anon.rpc('public_program_terms', { max_rows: max_rows as number });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('22023');
    }
    expect((await anon.rpc('public_program_terms', { max_rows: 50 })).error).toBeNull();
    expect((await anon.rpc('public_program_terms', {})).error).toBeNull();
  });
});

describe('sign-up metadata', () => {
  it('takes a name only when it is a string; anything else falls back to the email', async () => {
    const email = `typed-${randomUUID().slice(0, 8)}@bad-input.test`;
    const res = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        data: { name: { x: 1 }, full_name: ['y'], username: 5, role: 5 },
      }),
    });
    expect(res.status).toBe(200);
    const { rows } = await query<{ id: string }>('select id from auth.users where email = $1', [
      email,
    ]);
    const profile = await profileOf(stack, rows[0]!.id);
    expect(profile).toMatchObject({ name: email, role: 'affiliate' });
    expect(profile.username).toMatch(/^typed-/);
  });
});
