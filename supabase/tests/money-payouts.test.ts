import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, payoutsCsv } from '@verdant/validation';
import { parseCart } from '../functions/create-checkout/handler.ts';
import { anonClient, signedInClient } from './support/clients.ts';
import { createUser } from './support/users.ts';

// The money functions in SQL: commission per line or per unit, self-referral, the cookie window,
// checkouts that expire unpaid, the payout run (minimum, clawbacks carried into the next payout,
// one run at a time) and who may call what.

const PASSWORD = 'Money#Flows2026';
let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Market {
  merchant: string;
  affiliate: string;
  program: string;
  link: string;
  products: string[];
}

async function market(program: {
  type: 'percent' | 'flat';
  rate: number;
  window?: number;
  hold?: number;
}) {
  const merchant = await createUser(stack, { metadata: { role: 'merchant' } });
  const affiliate = await createUser(stack, { metadata: { role: 'affiliate' } });
  await stack.pool.query(
    `insert into public.merchant_profiles (id, company_name, approval_status) values ($1, 'Sql Goods', 'approved')`,
    [merchant.id],
  );
  const { rows: p } = await stack.pool.query<{ id: string }>(
    `insert into public.affiliate_programs
       (merchant_id, name, commission_type, commission_rate_bps, commission_flat_cents, cookie_window_days, holding_days)
     values ($1, 'Program', $2, $3, $4, $5, $6) returning id`,
    [
      merchant.id,
      program.type,
      program.type === 'percent' ? program.rate : null,
      program.type === 'flat' ? program.rate : null,
      program.window ?? 30,
      program.hold ?? 7,
    ],
  );
  await stack.pool.query(
    `insert into public.program_memberships (program_id, affiliate_id, status) values ($1, $2, 'approved')`,
    [p[0]!.id, affiliate.id],
  );
  const { rows: l } = await stack.pool.query<{ id: string }>(
    `insert into public.affiliate_links (code, affiliate_id, program_id, destination_url)
     values ($1, $2, $3, '/shop') returning id`,
    [`sql${randomUUID().slice(0, 8)}`, affiliate.id, p[0]!.id],
  );
  const products: string[] = [];
  for (const price of [999, 1999]) {
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into public.products (merchant_id, name, slug, price_cents, status)
       values ($1, $2, $3, $4, 'approved') returning id`,
      [merchant.id, `Item ${price}`, `item-${randomUUID().slice(0, 8)}`, price],
    );
    products.push(rows[0]!.id);
  }
  return {
    merchant: merchant.id,
    affiliate: affiliate.id,
    program: p[0]!.id,
    link: l[0]!.id,
    products,
  };
}

async function click(link: string, at = 'now()'): Promise<string> {
  const id = randomUUID();
  await stack.pool.query(
    `insert into public.link_clicks (link_id, visitor_hash, public_id, clicked_at)
     values ($1, $2, $3, ${at})`,
    [link, `visitor${randomUUID().replace(/-/g, '')}`, id],
  );
  return id;
}

/** Creates and pays an order as the payment functions do; returns the order row. */
async function sale(
  m: Market,
  items: Array<[number, number]>,
  opts: {
    clickRef?: string | null;
    buyer?: string | null;
    email?: string | null;
    paidAt?: string;
  } = {},
) {
  const { rows } = await stack.pool.query<{ id: string }>(
    `select (public.create_checkout_order($1, $4, $2::jsonb, $3)).id`,
    [
      opts.buyer ?? null,
      JSON.stringify(
        items.map(([index, quantity]) => ({ productId: m.products[index], quantity })),
      ),
      opts.clickRef ?? null,
      opts.email ?? null,
    ],
  );
  const id = rows[0]!.id;
  const { rows: paid } = await stack.pool.query(
    `select * from public.record_order_payment($1, $2, 0, coalesce($3::timestamptz, now()))`,
    [id, `pi_${id.replace(/-/g, '')}`, opts.paidAt ?? null],
  );
  return paid[0] as Record<string, unknown>;
}

async function commission(orderId: unknown) {
  const { rows } = await stack.pool.query(
    `select kind, status, amount_cents, available_at from public.commissions where order_id = $1 order by created_at`,
    [orderId],
  );
  return rows as Array<Record<string, unknown>>;
}

describe('commissions', () => {
  it('percent programs earn a percent of each line amount; available after the holding days', async () => {
    const m = await market({ type: 'percent', rate: 1250, hold: 7 });
    const o = await sale(
      m,
      [
        [0, 3],
        [1, 1],
      ],
      { clickRef: await click(m.link) },
    );
    // 12.5 % of 29.97 (3.746 → 3.75) + 12.5 % of 19.99 (2.49875 → 2.50)
    const [c] = await commission(o.id);
    expect(c).toMatchObject({ kind: 'sale', status: 'pending', amount_cents: 375 + 250 });
    expect(
      new Date(c!.available_at as string).getTime() - new Date(o.paid_at as string).getTime(),
    ).toBe(7 * 86_400_000);
    expect(o.attributed_affiliate_id).toBe(m.affiliate);
  });

  it('flat programs earn the flat amount per unit', async () => {
    const m = await market({ type: 'flat', rate: 120 });
    const o = await sale(
      m,
      [
        [0, 2],
        [1, 3],
      ],
      { clickRef: await click(m.link) },
    );
    expect(await commission(o.id)).toMatchObject([{ amount_cents: 600 }]);
  });

  it('self-referral earns nothing and is flagged; an old click is outside the window', async () => {
    const m = await market({ type: 'percent', rate: 1000, window: 7 });
    const self = await sale(m, [[0, 1]], { clickRef: await click(m.link), buyer: m.affiliate });
    expect(self).toMatchObject({
      self_referral: true,
      attributed_affiliate_id: null,
      affiliate_amount_cents: 0,
    });
    expect(await commission(self.id)).toEqual([]);
    const stale = await sale(m, [[0, 1]], {
      clickRef: await click(m.link, `now() - interval '8 days'`),
    });
    expect(stale).toMatchObject({ attributed_affiliate_id: null });
    expect(await commission(stale.id)).toEqual([]);
  });

  it("a guest order with the affiliate's mailbox (any case, any +tag) is a self-referral", async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const { rows } = await stack.pool.query<{ email: string }>(
      'select email from auth.users where id = $1',
      [m.affiliate],
    );
    const [local, domain] = rows[0]!.email.split('@');
    for (const email of [rows[0]!.email, `${local!.toUpperCase()}+shop@${domain!.toUpperCase()}`]) {
      const self = await sale(m, [[0, 1]], { clickRef: await click(m.link), email });
      expect(self).toMatchObject({ self_referral: true, attributed_affiliate_id: null });
      expect(await commission(self.id)).toEqual([]);
    }
    // Another mailbox at the same domain, or one that merely contains the affiliate's, earns.
    for (const email of [
      `${local}x@${domain}`,
      `x${local}@${domain}`,
      `${local}@${domain}.example`,
    ]) {
      const other = await sale(m, [[0, 1]], { clickRef: await click(m.link), email });
      expect(other).toMatchObject({ self_referral: false, attributed_affiliate_id: m.affiliate });
      expect(await commission(other.id)).toMatchObject([{ kind: 'sale' }]);
    }
  });
});

/** A pending order as create-checkout leaves it, remembering its checkout session (if given). */
async function pendingOrder(m: Market, opts: { clickRef?: string; session?: string | null } = {}) {
  const { rows } = await stack.pool.query<{ id: string; total_cents: number }>(
    `select (o).id, (o).total_cents
       from (select public.create_checkout_order(null, null, $1::jsonb, $2) as o) created`,
    [JSON.stringify([{ productId: m.products[0], quantity: 2 }]), opts.clickRef ?? null],
  );
  const order = rows[0]!;
  const session =
    opts.session === undefined ? `cs_test_${randomUUID().replace(/-/g, '')}` : opts.session;
  if (session)
    await stack.pool.query(
      'update public.orders set stripe_checkout_session_id = $2 where id = $1',
      [order.id, session],
    );
  return { id: order.id, total: order.total_cents, session };
}

/** Applies a Stripe event as stripe-webhook does; returns the outcome. */
async function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${randomUUID().replace(/-/g, '')}`,
): Promise<string> {
  const { rows } = await stack.pool.query<{ outcome: string }>(
    'select public.apply_stripe_event($1::jsonb) as outcome',
    [
      JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      }),
    ],
  );
  return rows[0]!.outcome;
}

/** A payment-mode session of the order, as Stripe describes it in checkout.session.* events. */
function checkoutSession(
  order: { id: string; total: number },
  session: string | null,
  state: { status: 'expired' | 'complete'; payment_status: 'unpaid' | 'paid' },
) {
  return {
    id: session,
    object: 'checkout.session',
    mode: 'payment',
    ...state,
    amount_total: order.total,
    currency: 'usd',
    client_reference_id: order.id,
    metadata: { order_id: order.id, click_id: '' },
    payment_intent: state.payment_status === 'paid' ? `pi_${order.id.replace(/-/g, '')}` : null,
  };
}

const EXPIRED = { status: 'expired', payment_status: 'unpaid' } as const;

/** An order of a tracked sale whose checkout session expired unpaid, and its canceled state. */
async function canceledOrder() {
  const m = await market({ type: 'percent', rate: 1000, hold: 0 });
  const order = await pendingOrder(m, { clickRef: await click(m.link) });
  expect(
    await stripeEvent('checkout.session.expired', checkoutSession(order, order.session, EXPIRED)),
  ).toBe('applied');
  return { order, canceled: await orderState(order.id) };
}
const PAID = { status: 'complete', payment_status: 'paid' } as const;

async function orderState(id: string) {
  const { rows } = await stack.pool.query<{
    status: string;
    updated_at: Date;
    paid_at: Date | null;
  }>('select status, updated_at, paid_at from public.orders where id = $1', [id]);
  return rows[0]!;
}

async function eventRow(id: string) {
  const { rows } = await stack.pool.query(
    'select type, processed_at, processing_error from public.stripe_events where id = $1',
    [id],
  );
  return rows as Array<Record<string, unknown>>;
}

describe('checkout.session.expired', () => {
  it('cancels a pending order of that session once; a duplicate does nothing more', async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const order = await pendingOrder(m);
    const object = checkoutSession(order, order.session, EXPIRED);
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;

    expect(await stripeEvent('checkout.session.expired', object, eventId)).toBe('applied');
    const canceled = await orderState(order.id);
    expect(canceled).toMatchObject({ status: 'canceled', paid_at: null });
    expect(await eventRow(eventId)).toMatchObject([
      { type: 'checkout.session.expired', processing_error: null },
    ]);
    expect((await eventRow(eventId))[0]!.processed_at).not.toBeNull();

    expect(await stripeEvent('checkout.session.expired', object, eventId)).toBe('duplicate');
    expect(await orderState(order.id)).toEqual(canceled);
    expect(await eventRow(eventId)).toHaveLength(1);
  });

  it('cancels a pending order that never stored its session (found by client_reference_id)', async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const order = await pendingOrder(m, { session: null });
    const object = {
      ...checkoutSession(order, `cs_test_${randomUUID().replace(/-/g, '')}`, EXPIRED),
      metadata: {},
    };
    expect(await stripeEvent('checkout.session.expired', object)).toBe('applied');
    expect((await orderState(order.id)).status).toBe('canceled');
  });

  it("leaves an order alone when the expired session is not the order's current one", async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const order = await pendingOrder(m);
    const older = checkoutSession(order, `cs_test_${randomUUID().replace(/-/g, '')}`, EXPIRED);
    expect(await stripeEvent('checkout.session.expired', older)).toBe('ignored');
    expect((await orderState(order.id)).status).toBe('pending');
    // The current session can still be paid.
    expect(
      await stripeEvent('checkout.session.completed', checkoutSession(order, order.session, PAID)),
    ).toBe('applied');
    expect((await orderState(order.id)).status).toBe('paid');
  });

  it('leaves a paid order paid, with its commission', async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const order = await pendingOrder(m, { clickRef: await click(m.link) });
    expect(
      await stripeEvent('checkout.session.completed', checkoutSession(order, order.session, PAID)),
    ).toBe('applied');
    const paid = await orderState(order.id);
    expect(paid.status).toBe('paid');
    expect(
      await stripeEvent('checkout.session.expired', checkoutSession(order, order.session, EXPIRED)),
    ).toBe('ignored');
    expect(await orderState(order.id)).toEqual(paid);
    expect(await commission(order.id)).toMatchObject([
      { kind: 'sale', status: 'pending', amount_cents: 200 },
    ]);
  });

  it('ignores malformed order references and subscription sessions', async () => {
    const m = await market({ type: 'percent', rate: 1000 });
    const order = await pendingOrder(m);
    const object = checkoutSession(order, order.session, EXPIRED);
    for (const other of [
      { ...object, metadata: { order_id: 'not-a-uuid' }, client_reference_id: null },
      { ...object, metadata: {}, client_reference_id: randomUUID() },
      { ...object, mode: 'subscription' },
    ])
      expect(await stripeEvent('checkout.session.expired', other)).toBe('ignored');
    expect((await orderState(order.id)).status).toBe('pending');
  });

  it('a completed checkout for a canceled order is ignored, earns nothing and is flagged', async () => {
    const { order, canceled } = await canceledOrder();

    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const completed = checkoutSession(order, order.session, PAID);
    expect(await stripeEvent('checkout.session.completed', completed, eventId)).toBe('ignored');
    expect(await orderState(order.id)).toEqual(canceled);
    expect(await commission(order.id)).toEqual([]);
    const [row] = await eventRow(eventId);
    expect(row).toMatchObject({
      type: 'checkout.session.completed',
      processing_error: 'The order was canceled before this checkout completed',
    });
    expect(row!.processed_at).not.toBeNull();
  });

  it('a refund for a canceled order is ignored and flagged instead of failing every retry', async () => {
    const { order, canceled } = await canceledOrder();

    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const refund = {
      id: `ch_${randomUUID().replace(/-/g, '')}`,
      object: 'charge',
      amount_refunded: order.total,
      metadata: { order_id: order.id },
    };
    expect(await stripeEvent('charge.refunded', refund, eventId)).toBe('ignored');
    expect(await orderState(order.id)).toEqual(canceled);
    expect(await commission(order.id)).toEqual([]);
    const [row] = await eventRow(eventId);
    expect(row).toMatchObject({
      type: 'charge.refunded',
      processing_error: 'A refund arrived for an order that was never paid (canceled)',
    });
  });
});

/**
 * `run_payouts(now() + 1 minute, minimum)` as the service role (the run-payouts function and the
 * scheduler call it so): one transaction of its own with the service role's claims.
 */
async function runPayouts(minimum: number, columns = '*'): Promise<Record<string, unknown>[]> {
  const client = await stack.pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    const { rows } = await client.query(
      `select ${columns} from public.run_payouts(now() + interval '1 minute', $1)`,
      [minimum],
    );
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

describe('create_checkout_order with a checkout key', () => {
  async function keyed(m: Market, items: Array<[number, number]>, key: string, buyer?: string) {
    const { rows } = await stack.pool.query<{ id: string; checkout_key: string }>(
      `select (o).id, (o).checkout_key
         from (select public.create_checkout_order($1, null, $2::jsonb, null, $3) as o) created`,
      [
        buyer ?? null,
        JSON.stringify(
          items.map(([index, quantity]) => ({ productId: m.products[index], quantity })),
        ),
        key,
      ],
    );
    return rows[0]!;
  }
  const count = async (key: string) =>
    (
      await stack.pool.query<{ n: number }>(
        'select count(*)::int as n from public.orders where checkout_key = $1',
        [key],
      )
    ).rows[0]!.n;

  it('returns the order the key made for the same request, in any item order', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    const key = `key-${randomUUID()}`;
    const first = await keyed(
      m,
      [
        [0, 1],
        [1, 2],
      ],
      key,
    );
    expect(first.checkout_key).toBe(key);
    expect(
      (
        await keyed(
          m,
          [
            [1, 2],
            [0, 1],
          ],
          key,
        )
      ).id,
    ).toBe(first.id);
    expect(await count(key)).toBe(1);
  });

  it('refuses another request under the key with PT409 (PostgREST: 409), writing nothing', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    const key = `key-${randomUUID()}`;
    await keyed(m, [[0, 1]], key);
    const buyer = await createUser(stack, {
      metadata: { role: 'affiliate' },
      email: `buyer-${randomUUID().slice(0, 8)}@money.test`,
      password: PASSWORD,
    });
    for (const attempt of [
      () => keyed(m, [[0, 2]], key),
      () =>
        keyed(
          m,
          [
            [0, 1],
            [1, 1],
          ],
          key,
        ),
      () => keyed(m, [[1, 1]], key),
      () => keyed(m, [[0, 1]], key, buyer.id),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: 'PT409' });
    expect(await count(key)).toBe(1);
  });

  it('keeps keys to 16–128 letters, digits, "_", ":" and "-"', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    for (const key of [
      'short',
      'k'.repeat(129),
      'has spaces in the key',
      "quote's-are-not-allowed",
    ])
      await expect(keyed(m, [[0, 1]], key)).rejects.toMatchObject({ code: '23514' });
    expect((await keyed(m, [[0, 1]], 'k'.repeat(128))).checkout_key).toHaveLength(128);
  });
});

describe('run_payouts', () => {
  it('pays above the minimum only, and a clawback reduces the next payout', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    const first = await sale(m, [[1, 5]], { clickRef: await click(m.link) }); // 10 % of 99.95 → 10.00
    const small = await market({ type: 'flat', rate: 50, hold: 0 });
    await sale(small, [[0, 1]], { clickRef: await click(small.link) }); // 50: below the minimum

    const run1 = await runPayouts(500, 'affiliate_id, amount_cents, status');
    expect(run1).toEqual([{ affiliate_id: m.affiliate, amount_cents: 1000, status: 'paid' }]);
    expect(await commission(first.id)).toMatchObject([{ status: 'paid' }]);

    // A refund after the payout claws back 1000; the next sale (2 × 9.99 → 2.00) is not enough.
    await stack.pool.query(`select public.record_order_refund($1, $2)`, [
      first.id,
      first.total_cents,
    ]);
    await sale(m, [[0, 2]], { clickRef: await click(m.link) });
    const run2 = await runPayouts(100);
    expect(run2).toEqual([]);
    // More sales later: the payout is what is left after the clawback.
    await sale(m, [[1, 10]], { clickRef: await click(m.link) }); // 19.99
    const run3 = await runPayouts(100, 'amount_cents');
    expect(run3).toEqual([{ amount_cents: 200 + 1999 - 1000 }]);
    // Nothing is paid twice.
    const run4 = await runPayouts(1);
    expect(run4.filter((r) => r.affiliate_id === m.affiliate)).toEqual([]);
  });

  it('two runs at the same time pay each commission once', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    await sale(m, [[1, 5]], { clickRef: await click(m.link) });
    const runs = await Promise.all([0, 1, 2].map(() => runPayouts(1, 'affiliate_id')));
    const paid = runs.flat().filter((r) => r.affiliate_id === m.affiliate);
    expect(paid).toHaveLength(1);
    const { rows } = await stack.pool.query(
      `select count(*)::int as n, sum(amount_cents)::int as total from public.payouts where affiliate_id = $1`,
      [m.affiliate],
    );
    expect(rows[0]).toEqual({ n: 1, total: 1000 });
  });

  it('is refused to affiliates and anonymous callers; payment functions only for the service role', async () => {
    const affiliate = await createUser(stack, {
      metadata: { role: 'affiliate' },
      email: `aff-${randomUUID().slice(0, 8)}@money.test`,
      password: PASSWORD,
    });
    const client = await signedInClient(stack, await emailOf(affiliate.id), PASSWORD);
    const refused = await client.rpc('run_payouts', { minimum_cents: 1 });
    expect(refused.error?.code).toBe('42501');
    const anon = anonClient(stack);
    for (const [fn, args] of [
      ['run_payouts', { minimum_cents: 1 }],
      ['apply_stripe_event', { event: { id: 'evt_x', type: 'x', data: { object: {} } } }],
      ['create_checkout_order', { buyer: null, buyer_email: null, items: [] }],
      ['checkout_order_replay', { o: {}, buyer: null, items: [], click_ref: null }],
    ] as const) {
      const res = await anon.rpc(fn, args);
      expect(res.error).not.toBeNull();
      const mine = await client.rpc(fn, args);
      expect(mine.error).not.toBeNull();
    }
  });
});

describe('run_scheduled_payouts', () => {
  it('runs payouts for the scheduler as the service role, with no JWT; refused to API callers', async () => {
    const m = await market({ type: 'percent', rate: 1000, hold: 0 });
    const order = await sale(m, [[1, 5]], { clickRef: await click(m.link) }); // 10.00, due now
    // The holding period of 0 days has passed by the time the scheduler runs.
    await stack.pool.query(
      `update public.commissions set available_at = now() - interval '1 minute' where order_id = $1`,
      [order.id],
    );
    // A scheduler's connection: no JWT claims at all.
    const scheduler = await stack.pool.connect();
    try {
      await scheduler.query(`select set_config('request.jwt.claims', '', false)`);
      await scheduler.query(`select set_config('request.jwt.claim.role', '', false)`);
      const { rows } = await scheduler.query(
        `select affiliate_id, amount_cents, status from public.run_scheduled_payouts()`,
      );
      expect(rows.filter((r) => r.affiliate_id === m.affiliate)).toEqual([
        { affiliate_id: m.affiliate, amount_cents: 1000, status: 'paid' },
      ]);
      // Its service role does not outlive the run's transaction.
      const { rows: after } = await scheduler.query(`select auth.role() as role`);
      expect(after[0]?.role ?? null).toBeNull();
    } finally {
      scheduler.release();
    }
    expect(await commission(order.id)).toMatchObject([{ status: 'paid' }]);

    const affiliate = await createUser(stack, {
      metadata: { role: 'affiliate' },
      email: `sched-${randomUUID().slice(0, 8)}@money.test`,
      password: PASSWORD,
    });
    const client = await signedInClient(stack, await emailOf(affiliate.id), PASSWORD);
    expect((await client.rpc('run_scheduled_payouts', {})).error).not.toBeNull();
    expect((await anonClient(stack).rpc('run_scheduled_payouts', {})).error).not.toBeNull();
  });
});

async function emailOf(id: string): Promise<string> {
  const { rows } = await stack.pool.query<{ email: string }>(
    'select email from auth.users where id = $1',
    [id],
  );
  return rows[0]!.email;
}

describe('payout CSV and cart parsing (pure)', () => {
  it('neutralises spreadsheet formulas and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('Ada')).toBe('"Ada"');
    expect(csvCell(null)).toBe('""');
    const csv = payoutsCsv([
      {
        id: 'p1',
        affiliate_id: 'a1',
        affiliate_name: '=cmd|calc',
        amount_cents: 12345,
        currency: 'USD',
        status: 'paid',
        paid_at: '2026-11-23T00:00:00Z',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"p1","a1","'=cmd|calc","123.45","USD","paid","2026-11-23T00:00:00Z"`,
    );
  });

  it('refuses malformed carts before the database', () => {
    const id = randomUUID();
    expect(parseCart({ items: [{ productId: id, quantity: 2 }] })).toEqual({
      ok: true,
      items: [{ productId: id, quantity: 2 }],
      clickId: null,
      replaces: null,
    });
    // The earlier checkout a changed cart takes the place of, by its Idempotency-Key.
    expect(
      parseCart({ items: [{ productId: id, quantity: 3 }], replaces: 'cart-key-0123456789' }),
    ).toMatchObject({ ok: true, replaces: 'cart-key-0123456789' });
    for (const body of [
      null,
      [],
      { items: [] },
      { items: Array.from({ length: 51 }, () => ({ productId: randomUUID(), quantity: 1 })) },
      { items: [{ productId: id, quantity: 1, unitPrice: 1 }] },
      { items: [{ productId: id, quantity: '1' }] },
      { items: [{ productId: id, quantity: Number.MAX_SAFE_INTEGER }] },
      { items: [{ productId: id, quantity: 1 }], clickId: 5 },
      { items: [{ productId: id, quantity: 1 }], replaces: 'short' },
      { items: [{ productId: id, quantity: 1 }], replaces: 42 },
    ])
      expect(parseCart(body).ok).toBe(false);
  });
});
