import { payoutsCsv } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { ApiError, codeForStatus, toApiError } from '../errors.ts';
import { listOwnRows, run, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { integer, invalid, range, shape, timestamp, type PageInput } from '../validate.ts';
import { invokeMoneyFunction } from './money-shared.ts';
import type { Profile } from './profiles.ts';

export type Payout = Row<'payouts'>;

/** Who a payout went to: the affiliate's display name and username. */
export type PayoutAffiliate = Pick<Profile, 'name' | 'username'>;

/**
 * A payout with its affiliate. `affiliate` is `null` only where the caller may not read the
 * affiliate's profile.
 */
export type PayoutWithAffiliate = Payout & { affiliate: PayoutAffiliate | null };

/** The affiliate's name and username, embedded through the payouts → profiles foreign key. */
const WITH_AFFILIATE = '*, affiliate:profiles!payouts_affiliate_id_fkey(name, username)';

/** Ids per request when the names of a run's affiliates are read (keeps the URL short). */
const NAMES_PER_REQUEST = 100;

/** Rows per request when a period's payouts are exported. */
const EXPORT_ROWS_PER_REQUEST = 1000;
/** The longest period one export covers. */
export const PAYOUT_EXPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

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

/** A payout as the `run-payouts` function answers it. */
type PayoutRunRow = Pick<
  Payout,
  'id' | 'affiliate_id' | 'amount_cents' | 'currency' | 'status' | 'paid_at'
>;

export interface PayoutRun {
  /**
   * The payouts made, each with its affiliate's name and username (`null` if the names could not
   * be read after the run; the payouts are made all the same).
   */
  payouts: Array<PayoutRunRow & { affiliate: PayoutAffiliate | null }>;
}

export interface PayoutExportInput {
  /** The start of the period (included): payouts made at or after this moment. */
  from: string;
  /** The end of the period (excluded): payouts made before this moment. At most 366 days on. */
  to: string;
}

export interface PayoutExport {
  /** How many payouts the file lists. */
  count: number;
  /** The payouts as CSV, oldest first, in the columns of a run's export. */
  csv: string;
}

function validateExport(input: unknown): PayoutExportInput {
  const value = shape('payoutExport', input ?? {}, ['from', 'to']);
  const from = timestamp('payoutExport.from', value.from);
  const to = timestamp('payoutExport.to', value.to);
  const span = Date.parse(to) - Date.parse(from);
  if (span <= 0) invalid('payoutExport.to', 'must be after payoutExport.from');
  if (span > PAYOUT_EXPORT_MAX_DAYS * DAY_MS)
    invalid(
      'payoutExport.to',
      `must be at most ${PAYOUT_EXPORT_MAX_DAYS} days after payoutExport.from`,
    );
  return { from, to };
}

/** Payouts with their affiliates' names, as the CSV writer takes them. */
const csvOf = (payouts: readonly PayoutWithAffiliate[]) =>
  payoutsCsv(payouts.map((p) => ({ ...p, affiliate_name: p.affiliate?.name ?? null })));

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
  const { supabase, logger } = context;

  async function affiliateNames(ids: readonly string[]): Promise<Map<string, PayoutAffiliate>> {
    const names = new Map<string, PayoutAffiliate>();
    for (let from = 0; from < ids.length; from += NAMES_PER_REQUEST) {
      const rows = await run(
        supabase
          .from('profiles')
          .select('id, name, username')
          .in('id', ids.slice(from, from + NAMES_PER_REQUEST)),
      );
      for (const row of rows) names.set(row.id, { name: row.name, username: row.username });
    }
    return names;
  }

  return {
    /** The signed-in affiliate's payouts, newest first. */
    listMine: (page?: PageInput): Promise<Page<Payout>> =>
      listOwnRows(supabase, 'payouts', 'affiliate_id', page),

    /**
     * Every payout the caller may see, newest first, with the affiliate's name and username.
     * Administrators see all affiliates' payouts; for anyone else row-level security leaves only
     * their own.
     */
    async list(page?: PageInput): Promise<Page<PayoutWithAffiliate>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('payouts')
          .select(WITH_AFFILIATE, { count: 'exact' })
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, to),
      );
    },

    /**
     * Administrators: releases due commissions and pays every affiliate above the minimum, all
     * in one transaction (clawbacks reduce the sum). Returns the payouts made, with names.
     */
    async run(input: PayoutRunInput = {}): Promise<PayoutRun> {
      const { payouts } = await invokeMoneyFunction<{ payouts: PayoutRunRow[] }>(
        context,
        RUN_PAYOUTS_FUNCTION,
        validateRun(input),
      );
      let names = new Map<string, PayoutAffiliate>();
      try {
        names = await affiliateNames([...new Set(payouts.map((p) => p.affiliate_id))]);
      } catch (error) {
        // The run has committed; failing here would report paid payouts as a failed run.
        logger.warn('The names of the paid affiliates could not be read', error);
      }
      return {
        payouts: payouts.map((p) => ({ ...p, affiliate: names.get(p.affiliate_id) ?? null })),
      };
    },

    /**
     * The payouts made in a period (their `created_at`), oldest first, as CSV in the columns of a
     * run's export: a past run's file, made again. A run's payouts share one moment, so a period
     * around it holds all of them. Administrators get every affiliate's; for anyone else row-level
     * security leaves only their own. A period that is not 1 ms to 366 days long is refused
     * (`validation_failed`) before any request.
     */
    async exportCsv(input: PayoutExportInput): Promise<PayoutExport> {
      const { from, to } = validateExport(input);
      const payouts: PayoutWithAffiliate[] = [];
      for (let start = 0; ; start += EXPORT_ROWS_PER_REQUEST) {
        const rows = await run(
          supabase
            .from('payouts')
            .select(WITH_AFFILIATE)
            .gte('created_at', from)
            .lt('created_at', to)
            .order('created_at', { ascending: true })
            .order('id', { ascending: true })
            .range(start, start + EXPORT_ROWS_PER_REQUEST - 1),
        );
        payouts.push(...rows);
        if (rows.length < EXPORT_ROWS_PER_REQUEST) break;
      }
      return { count: payouts.length, csv: csvOf(payouts) };
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
