import type { ModuleContext } from '../context.ts';
import { currentUserId, listOwnRows, run, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { oneOf, range, type PageInput } from '../validate.ts';

export type Commission = Row<'commissions'>;
export type Payout = Row<'payouts'>;
export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export interface CommissionQuery extends PageInput {
  status?: CommissionStatus;
}

const TOTALS_PAGE = 1000;

/** Sums of amount_cents per status and currency. */
export type CommissionTotals = Record<string, Partial<Record<CommissionStatus, number>>>;

/** What affiliates earn and merchants owe; status changes are an admin's (`admin.setCommissionStatus`). */
export function createCommissionsModule({ supabase }: ModuleContext) {
  async function list(
    column: 'affiliate_id' | 'merchant_id',
    query: CommissionQuery,
  ): Promise<Page<Commission>> {
    const { from, to } = range(query);
    const status =
      query.status === undefined ? undefined : oneOf('status', query.status, COMMISSION_STATUSES);
    const me = await currentUserId(supabase);
    let request = supabase.from('commissions').select('*', { count: 'exact' }).eq(column, me);
    if (status !== undefined) request = request.eq('status', status);
    return runPage(request.order('created_at', { ascending: false }).range(from, to));
  }

  return {
    /** The signed-in affiliate's commissions. */
    listMine: (query: CommissionQuery = {}) => list('affiliate_id', query),
    /** Commissions on the signed-in merchant's sales. */
    listForMerchant: (query: CommissionQuery = {}) => list('merchant_id', query),

    /** The signed-in affiliate's totals per currency and status (clawbacks count negative). */
    async totals(): Promise<CommissionTotals> {
      const me = await currentUserId(supabase);
      const totals: CommissionTotals = {};
      // Read in pages (ordered by id) so that no commission is left out, however many there are.
      for (let from = 0; ; from += TOTALS_PAGE) {
        const rows = await run(
          supabase
            .from('commissions')
            .select('amount_cents, currency, status')
            .eq('affiliate_id', me)
            .order('id')
            .range(from, from + TOTALS_PAGE - 1),
        );
        for (const row of rows) {
          const byStatus = (totals[row.currency] ??= {});
          const status = row.status as CommissionStatus;
          byStatus[status] = (byStatus[status] ?? 0) + row.amount_cents;
        }
        if (rows.length < TOTALS_PAGE) return totals;
      }
    },

    /** The signed-in affiliate's payouts. */
    listPayouts: (page?: PageInput): Promise<Page<Payout>> =>
      listOwnRows(supabase, 'payouts', 'affiliate_id', page),
  };
}

export type CommissionsModule = ReturnType<typeof createCommissionsModule>;
