import type { ModuleContext } from '../context.ts';
import { run } from '../request.ts';
import { integer, uuid } from '../validate.ts';

/** One UTC day of the merchant dashboard's charts. */
export interface MerchantDashboardDay {
  day: string;
  clicks: number;
  unique_clicks: number;
  orders: number;
  attributed_orders: number;
  revenue_cents: number;
}

export interface MerchantTopAffiliate {
  affiliate_id: string;
  name: string;
  username: string;
  profile_image: string | null;
  orders: number;
  revenue_cents: number;
  commission_cents: number;
}

export interface MerchantTopProduct {
  product_id: string | null;
  product_name: string;
  units: number;
  revenue_cents: number;
}

/** What `merchant_dashboard(days)` adds up for the signed-in merchant. */
export interface MerchantDashboard {
  days: number;
  since: string;
  currency: string;
  totals: {
    clicks: number;
    unique_clicks: number;
    orders: number;
    attributed_orders: number;
    revenue_cents: number;
    attributed_revenue_cents: number;
    commissions_owed_cents: number;
    commissions_pending_cents: number;
    commissions_approved_cents: number;
  };
  series: MerchantDashboardDay[];
  top_affiliates: MerchantTopAffiliate[];
  top_products: MerchantTopProduct[];
}

/**
 * An applicant or member of one of the signed-in merchant's programs, with performance. The
 * performance figures add up everything through the affiliate's links of that program, all time:
 * unlike `dashboard(days)`, they cover no range of days.
 */
export interface MerchantAffiliate {
  membership_id: string;
  program_id: string;
  program_name: string;
  affiliate_id: string;
  name: string;
  username: string;
  profile_image: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'removed';
  application_note: string | null;
  applied_at: string;
  decided_at: string | null;
  /** Clicks on the affiliate's links of this program, all time. */
  clicks: number;
  /** Paid orders attributed through those links, all time (refunded ones included). */
  orders: number;
  /** Those orders' totals less refunds, all time. */
  revenue_cents: number;
  /** Commissions earned through this program, all time, reversed ones left out. */
  commission_cents: number;
}

/** The dashboard ranges the product offers. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;

/**
 * The database functions below are newer than the generated `Database` types may be; their
 * shapes are declared here and the call goes through this narrow signature.
 */
type Rpc = (
  fn: string,
  args?: Record<string, unknown>,
) => PromiseLike<{
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}>;

/** The merchant's side: dashboard aggregates and the affiliates of its programs. */
export function createVendorModule({ supabase }: ModuleContext) {
  const rpc = supabase.rpc.bind(supabase) as unknown as Rpc;
  return {
    /**
     * Attributed sales, commissions owed, top affiliates and products and the clicks → sales
     * funnel for the last `days` days. An admin may pass a merchant's id.
     */
    async dashboard(days = 30, merchantId?: string): Promise<MerchantDashboard> {
      const args = {
        days: integer('days', days, 1, 366),
        ...(merchantId === undefined ? {} : { merchant: uuid('merchantId', merchantId) }),
      };
      return (await run(rpc('merchant_dashboard', args))) as MerchantDashboard;
    },

    /**
     * Applicants first, then members, then past decisions, each with its performance over all time
     * (see `MerchantAffiliate`).
     */
    async affiliates(): Promise<MerchantAffiliate[]> {
      return ((await run(rpc('merchant_affiliates'))) ?? []) as MerchantAffiliate[];
    },
  };
}

export type VendorModule = ReturnType<typeof createVendorModule>;
