import type { ModuleContext } from '../context.ts';
import { ApiError, codeForStatus, toApiError } from '../errors.ts';
import { listOwnRows } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { integer, invalid, shape, timestamp, type PageInput } from '../validate.ts';
import { invokeMoneyFunction } from './money-shared.ts';

export type Payout = Row<'payouts'>;

/** The `run-payouts` edge function. */
export const RUN_PAYOUTS_FUNCTION = 'run-payouts';
export const DEFAULT_PAYOUT_MINIMUM_CENTS = 1000;

export interface PayoutRunInput {
  /**
   * The moment the run counts as (commissions due by then are released). Default: now. A moment in
   * the future is refused (`validation_failed`): nothing is released before its holding period ends.
   */
  asOf?: string;
  /** Affiliates with less than this approved (after clawbacks) wait for the next run. Default 1000. */
  minimumCents?: number;
  /** Three-letter currency. Default USD. */
  currency?: string;
}

export interface PayoutRun {
  payouts: Array<
    Pick<Payout, 'id' | 'affiliate_id' | 'amount_cents' | 'currency' | 'status' | 'paid_at'>
  >;
}

function validateRun(input: unknown): PayoutRunInput {
  const value = shape('payoutRun', input ?? {}, ['asOf', 'minimumCents', 'currency']);
  const out: PayoutRunInput = {};
  if (value.asOf !== undefined) out.asOf = timestamp('payoutRun.asOf', value.asOf);
  if (value.minimumCents !== undefined)
    out.minimumCents = integer('payoutRun.minimumCents', value.minimumCents, 1, 100_000_000);
  if (value.currency !== undefined) {
    if (typeof value.currency !== 'string' || !/^[A-Z]{3}$/.test(value.currency))
      invalid('payoutRun.currency', 'must be a three-letter ISO code');
    out.currency = value.currency;
  }
  return out;
}

export function createPayoutsModule(context: ModuleContext) {
  const { supabase } = context;
  return {
    /** The signed-in affiliate's payouts, newest first. */
    listMine: (page?: PageInput): Promise<Page<Payout>> =>
      listOwnRows(supabase, 'payouts', 'affiliate_id', page),

    /**
     * Administrators: releases due commissions and pays every affiliate above the minimum, all
     * in one transaction (clawbacks reduce the sum). Returns the payouts made.
     */
    async run(input: PayoutRunInput = {}): Promise<PayoutRun> {
      return invokeMoneyFunction<PayoutRun>(context, RUN_PAYOUTS_FUNCTION, validateRun(input));
    },

    /** Like `run`, answered as CSV (cells safe from spreadsheet formulas) for the bank transfer. */
    async runAsCsv(input: PayoutRunInput = {}): Promise<string> {
      const body = { ...validateRun(input), format: 'csv' };
      let result: { data: unknown; error: unknown };
      try {
        result = await supabase.functions.invoke(RUN_PAYOUTS_FUNCTION, {
          method: 'POST',
          body,
        });
      } catch (thrown) {
        throw await toApiError(thrown);
      }
      if (result.error) throw await toApiError(result.error);
      if (typeof result.data === 'string') return result.data;
      if (result.data instanceof Blob) return result.data.text();
      throw new ApiError(codeForStatus(500), 'The payout export was not CSV');
    },
  };
}

export type PayoutsModule = ReturnType<typeof createPayoutsModule>;
