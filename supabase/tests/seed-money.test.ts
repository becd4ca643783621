// The demo seed's money is consistent with the money functions: what the seed marks as paid out
// or being paid out is in a payout, so a payout run after `npm start` pays nobody twice.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const rows = async <T>(sql: string) => (await stack.pool.query(sql)).rows as T[];

/** Payouts whose amount is not the sum of the commissions they hold. */
const mismatchedPayouts = () =>
  rows<{ id: string; status: string; amount_cents: number; held_cents: number }>(
    `select p.id, p.status, p.amount_cents, coalesce(sum(c.amount_cents), 0)::int as held_cents
     from public.payouts p left join public.commissions c on c.payout_id = p.id
     group by p.id having p.amount_cents <> coalesce(sum(c.amount_cents), 0)`,
  );

describe('the demo seed', () => {
  it('puts every paid and every processing payout together from its own commissions', async () => {
    const statuses = await rows<{ status: string }>(`select distinct status from public.payouts`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['paid', 'processing']);
    expect(await mismatchedPayouts()).toEqual([]);
    const unpaid = await rows<{ n: number }>(
      `select count(*)::int as n from public.commissions where status = 'paid' and payout_id is null`,
    );
    expect(unpaid[0]?.n).toBe(0);
  });

  it('pays out no less than the $10 minimum, as payout runs do', async () => {
    const small = await rows<{ amount_cents: number }>(
      `select amount_cents from public.payouts where amount_cents < 1000`,
    );
    expect(small).toEqual([]);
    // A paid commission was paid with its payout.
    const offDate = await rows<{ n: number }>(
      `select count(*)::int as n from public.commissions c join public.payouts p on p.id = c.payout_id
       where c.status = 'paid' and c.paid_at is distinct from p.paid_at`,
    );
    expect(offDate[0]?.n).toBe(0);
  });

  it('leaves nothing for a payout run to pay again', async () => {
    const processing = await rows<{ id: string; amount_cents: number }>(
      `select id, amount_cents from public.payouts where status = 'processing'`,
    );
    await stack.pool.query('select * from public.run_scheduled_payouts()');
    // Every payout, old and new, still adds up to exactly its own commissions: the run bundled
    // none of the commissions that the processing payout holds.
    expect(await mismatchedPayouts()).toEqual([]);
    for (const payout of processing) {
      const { rows: held } = await stack.pool.query(
        'select coalesce(sum(amount_cents), 0)::int as cents from public.commissions where payout_id = $1',
        [payout.id],
      );
      expect(held[0]?.cents).toBe(payout.amount_cents);
    }
  });
});
