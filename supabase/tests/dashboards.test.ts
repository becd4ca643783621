// The aggregates behind the merchant dashboard, the merchant's affiliates, the conversation list
// and the admin metrics page: who may call them and what they add up.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, tryQuery, withClient } from './support/db.ts';
import { ID, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

type Json = Record<string, unknown>;

async function callAs(
  userId: string | null,
  sql: string,
  values: unknown[] = [],
): Promise<{ rows: Json[] } | { error: { code?: string; message: string } }> {
  return withClient(stack, (client) => asUser(client, userId, (c) => tryQuery(c, sql, values)));
}

function rowsOf(result: Awaited<ReturnType<typeof callAs>>): Json[] {
  if ('error' in result) throw new Error(`unexpected error ${result.error.message}`);
  return result.rows;
}

describe('merchant_dashboard', () => {
  it("adds up the merchant's own attributed sales, commissions owed, clicks and top lists", async () => {
    const [row] = rowsOf(await callAs(ID.M, 'select public.merchant_dashboard(7) as d'));
    const d = row!.d as Json & {
      totals: Json;
      series: Json[];
      top_affiliates: Json[];
      top_products: Json[];
    };
    expect(d.days).toBe(7);
    expect(d.series).toHaveLength(7);
    expect(d.totals).toMatchObject({
      clicks: 1,
      unique_clicks: 1,
      orders: 1,
      attributed_orders: 1,
      revenue_cents: 2500,
      attributed_revenue_cents: 2500,
      commissions_owed_cents: 250,
      commissions_pending_cents: 250,
    });
    // Only the merchant's own affiliate appears, with public fields only.
    expect(d.top_affiliates).toEqual([
      expect.objectContaining({
        affiliate_id: ID.A,
        name: 'Affiliate A',
        orders: 1,
        revenue_cents: 2500,
        commission_cents: 250,
      }),
    ]);
    expect(Object.keys(d.top_affiliates[0]!).sort()).toEqual(
      [
        'affiliate_id',
        'commission_cents',
        'name',
        'orders',
        'profile_image',
        'revenue_cents',
        'username',
      ].sort(),
    );
    expect(d.top_products).toEqual([
      expect.objectContaining({ product_id: ID.productPub, units: 1, revenue_cents: 2500 }),
    ]);
  });

  it('refuses affiliates, anonymous callers, other merchants and bad ranges', async () => {
    const affiliate = await callAs(ID.A, 'select public.merchant_dashboard(30)');
    expect(affiliate).toMatchObject({
      error: { code: '42501', message: 'Only merchants have a merchant dashboard' },
    });
    const anon = await callAs(null, 'select public.merchant_dashboard(30)');
    expect(anon).toMatchObject({ error: { code: '42501' } });
    const other = await callAs(ID.M2, 'select public.merchant_dashboard(30, $1)', [ID.M]);
    expect(other).toMatchObject({
      error: {
        code: '42501',
        message: "Only administrators can read another merchant's dashboard",
      },
    });
    const range = await callAs(ID.M, 'select public.merchant_dashboard(0)');
    expect(range).toMatchObject({
      error: { code: '22023', message: 'days must be between 1 and 366' },
    });
  });

  it("lets an administrator read a merchant's dashboard", async () => {
    const [row] = rowsOf(
      await callAs(ID.admin, 'select public.merchant_dashboard(30, $1) as d', [ID.M2]),
    );
    expect((row!.d as { totals: Json }).totals).toMatchObject({ orders: 1, revenue_cents: 3000 });
  });
});

describe('merchant_affiliates', () => {
  it("lists only the caller's programs' memberships with each affiliate's performance", async () => {
    const rows = rowsOf(await callAs(ID.M, 'select * from public.merchant_affiliates()'));
    expect(rows).toEqual([
      expect.objectContaining({
        membership_id: ID.membershipA,
        program_name: 'Matrix program',
        affiliate_id: ID.A,
        name: 'Affiliate A',
        status: 'approved',
        clicks: '1',
        orders: '1',
        revenue_cents: '2500',
        commission_cents: '250',
      }),
    ]);
    expect(rowsOf(await callAs(ID.A, 'select * from public.merchant_affiliates()'))).toEqual([]);
    expect(await callAs(null, 'select * from public.merchant_affiliates()')).toMatchObject({
      error: { code: '42501' },
    });
  });
});

describe('my_conversations', () => {
  it('counts unread messages for the recipient only and names the other participant', async () => {
    const forA = rowsOf(await callAs(ID.A, 'select * from public.my_conversations()'));
    expect(forA).toEqual([
      expect.objectContaining({
        id: ID.conversationMA,
        counterpart_id: ID.M,
        counterpart_name: 'Matrix Merchant',
        unread: '1',
        last_message: 'Welcome aboard',
      }),
    ]);
    const forM = rowsOf(await callAs(ID.M, 'select * from public.my_conversations()'));
    expect(forM).toEqual([
      expect.objectContaining({
        counterpart_id: ID.A,
        counterpart_name: 'Affiliate A',
        unread: '0',
      }),
    ]);
    expect(rowsOf(await callAs(ID.B, 'select * from public.my_conversations()'))).toEqual([]);
  });
});

describe('admin_platform_metrics', () => {
  it('gives administrators users by role, GMV, commissions, engagement and client errors', async () => {
    await stack.pool.query(
      `insert into public.engagement_metrics (metric_type, metric_value, metadata) values
         ('demo_view', null, '{"url":"/"}'),
         ('error', 1, '{"message":"TypeError: x is undefined","url":"/vendor","lineno":12}')`,
    );
    const [row] = rowsOf(await callAs(ID.admin, 'select public.admin_platform_metrics(7) as m'));
    const m = row!.m as Json & {
      users_by_role: Json;
      engagement: Json;
      series: Json[];
      recent_errors: Json[];
      commissions_cents: Json;
    };
    expect(m.users_by_role).toMatchObject({ admin: 1, merchant: 3, affiliate: 2 });
    expect(m.gmv_cents).toBe(5500);
    expect(m.platform_fee_cents).toBe(275);
    expect(m.commissions_cents).toMatchObject({ pending: 520 });
    expect(m.engagement).toMatchObject({ page_loads: 1, demo_views: 1, errors: 1 });
    expect(m.series).toHaveLength(7);
    expect(m.recent_errors[0]).toMatchObject({
      message: 'TypeError: x is undefined',
      url: '/vendor',
    });
  });

  it('counts platform fees net of refunds, as GMV is', async () => {
    const metrics = async () => {
      const [row] = rowsOf(await callAs(ID.admin, 'select public.admin_platform_metrics(7) as m'));
      return row!.m as { gmv_cents: number; platform_fee_cents: number };
    };
    const before = await metrics();
    // A fully refunded order keeps no fee; one refunded by a quarter keeps three quarters of it.
    await stack.pool.query(
      `insert into public.orders (merchant_id, status, total_cents, subtotal_cents, merchant_amount_cents,
                                  affiliate_amount_cents, platform_fee_cents, payment_fee_cents, paid_at,
                                  refunded_cents, refunded_at) values
         ($1, 'refunded', 1000, 1000, 880, 0, 50, 70, now(), 1000, now()),
         ($1, 'partially_refunded', 2000, 2000, 1790, 0, 100, 110, now(), 500, now())`,
      [ID.M],
    );
    const after = await metrics();
    expect(after.gmv_cents - before.gmv_cents).toBe(1500);
    expect(after.platform_fee_cents - before.platform_fee_cents).toBe(75);
  });

  it('refuses everyone else', async () => {
    for (const user of [ID.A, ID.M, null]) {
      const result = await callAs(user, 'select public.admin_platform_metrics(30)');
      expect(result).toMatchObject({ error: { code: '42501' } });
    }
  });
});

describe('order_payment_status', () => {
  it('tells anyone holding an order id its status, and nothing else', async () => {
    for (const caller of [null, ID.B, ID.A]) {
      const rows = rowsOf(
        await callAs(caller, 'select public.order_payment_status($1) as s', [ID.orderA]),
      );
      expect(rows).toEqual([{ s: 'paid' }]);
    }
    await stack.pool.query(
      `update public.orders set status = 'canceled', paid_at = null where id = $1`,
      [ID.orderB],
    );
    try {
      const [canceled] = rowsOf(
        await callAs(null, 'select public.order_payment_status($1) as s', [ID.orderB]),
      );
      expect(canceled).toEqual({ s: 'canceled' });
    } finally {
      await stack.pool.query(
        `update public.orders set status = 'paid', paid_at = now() where id = $1`,
        [ID.orderB],
      );
    }
    const [unknown] = rowsOf(
      await callAs(null, 'select public.order_payment_status($1) as s', [
        '00000000-0000-4000-8000-00000000ffff',
      ]),
    );
    expect(unknown).toEqual({ s: null });
  });
});
