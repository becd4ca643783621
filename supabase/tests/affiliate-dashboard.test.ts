// The affiliate dashboard's roll-ups and function: what they add up, who sees what, and that the
// roll-ups stay in step with the commissions through inserts, status changes and deletes.
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

async function dashboardAs(userId: string | null, days: unknown = 30): Promise<Json> {
  const result = await withClient(stack, (client) =>
    asUser(client, userId, (c) =>
      tryQuery(c, 'select public.affiliate_dashboard($1) as d', [days]),
    ),
  );
  if ('error' in result) throw Object.assign(new Error(result.error.message), result.error);
  return (result.rows[0] as { d: Json }).d;
}

async function rollUpsMatchCommissions(): Promise<void> {
  const { rows } = await stack.pool.query<{ daily: string; balances: string; truth: string }>(`
    select
      (select coalesce(sum(amount_cents), 0) from public.commission_daily)::text as daily,
      (select coalesce(sum(amount_cents), 0) from public.commission_balances)::text as balances,
      (select coalesce(sum(amount_cents), 0) from public.commissions)::text as truth`);
  expect(rows[0]!.daily).toBe(rows[0]!.truth);
  expect(rows[0]!.balances).toBe(rows[0]!.truth);
}

describe('affiliate_dashboard', () => {
  it("adds up the affiliate's own clicks, conversions, earnings, balances and links", async () => {
    const d = (await dashboardAs(ID.A, 7)) as Json & {
      series: Json[];
      totals: Json;
      balances: Json[];
      top_links: Json[];
      recent_commissions: Json[];
      next_payout: Json | null;
      upcoming: Json;
    };
    expect(d.days).toBe(7);
    expect(d.currency).toBe('USD');
    expect(d.series).toHaveLength(7);
    expect(d.totals).toMatchObject({ conversions: 1, earnings_cents: 250 });
    expect(d.balances).toEqual([
      {
        currency: 'USD',
        pending_cents: 250,
        approved_cents: 0,
        paid_cents: 0,
        reversed_cents: 0,
      },
    ]);
    expect(d.top_links[0]).toMatchObject({ id: ID.linkA, conversions: 1, earnings_cents: 250 });
    expect(d.recent_commissions.map((c) => c.id)).toEqual([ID.commissionA]);
    expect(d.next_payout).toMatchObject({ id: ID.payoutA, status: 'pending', amount_cents: 1000 });
    expect(d.upcoming.next_release_at).toBeTruthy();
  });

  it("never shows another affiliate's numbers", async () => {
    const d = (await dashboardAs(ID.B, 30)) as { recent_commissions: Json[]; top_links: Json[] };
    expect(d.recent_commissions.map((c) => c.id)).toEqual([ID.commissionB]);
    expect(d.top_links.map((l) => l.id)).toEqual([ID.linkB]);
  });

  it('refuses visitors and out-of-range windows', async () => {
    await expect(dashboardAs(null)).rejects.toMatchObject({ code: '42501' });
    await expect(dashboardAs(ID.A, 0)).rejects.toMatchObject({ code: '22023' });
    await expect(dashboardAs(ID.A, 400)).rejects.toMatchObject({ code: '22023' });
  });

  it('keeps the roll-ups in step through status changes, clawbacks and deletes', async () => {
    await rollUpsMatchCommissions();
    await stack.pool.query(
      `update public.commissions set status = 'approved', approved_at = now() where id = $1`,
      [ID.commissionA],
    );
    let d = (await dashboardAs(ID.A, 7)) as { balances: Json[]; totals?: Json };
    expect(d.balances[0]).toMatchObject({ pending_cents: 0, approved_cents: 250 });
    await rollUpsMatchCommissions();

    await stack.pool.query(
      `update public.commissions set status = 'reversed', reversed_at = now() where id = $1`,
      [ID.commissionA],
    );
    d = (await dashboardAs(ID.A, 7)) as { balances: Json[]; totals?: Json };
    expect(d.balances[0]).toMatchObject({ approved_cents: 0, reversed_cents: 250 });
    expect((d as { totals: Json }).totals).toMatchObject({ conversions: 0, earnings_cents: 0 });
    await rollUpsMatchCommissions();

    await stack.pool.query('select public.refresh_commission_roll_ups()');
    await rollUpsMatchCommissions();
  });

  it('lets owners and admins read the roll-ups, and nobody write them through the API', async () => {
    const read = (userId: string, table: string) =>
      withClient(stack, (client) =>
        asUser(client, userId, (c) =>
          tryQuery(c, `select count(*)::int as n from public.${table} where affiliate_id = $1`, [
            ID.A,
          ]),
        ),
      );
    for (const table of ['commission_daily', 'commission_balances']) {
      const own = await read(ID.A, table);
      const other = await read(ID.B, table);
      const admin = await read(ID.admin, table);
      expect('rows' in own && (own.rows[0] as { n: number }).n).toBeGreaterThan(0);
      expect('rows' in other && (other.rows[0] as { n: number }).n).toBe(0);
      expect('rows' in admin && (admin.rows[0] as { n: number }).n).toBeGreaterThan(0);
      const write = await withClient(stack, (client) =>
        asUser(client, ID.A, (c) =>
          tryQuery(c, `update public.${table} set amount_cents = 999999 where affiliate_id = $1`, [
            ID.A,
          ]),
        ),
      );
      expect('error' in write && write.error.code).toBe('42501');
    }
    const refresh = await withClient(stack, (client) =>
      asUser(client, ID.A, (c) => tryQuery(c, 'select public.refresh_commission_roll_ups()')),
    );
    expect('error' in refresh && refresh.error.code).toBe('42501');
  });
});
