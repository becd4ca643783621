import type { ModuleContext } from '../context.ts';
import { currentUserId, run } from '../request.ts';
import { integer } from '../validate.ts';

/** One UTC day of the affiliate dashboard. */
export interface AffiliateDashboardDay {
  day: string;
  clicks: number;
  unique_clicks: number;
  conversions: number;
  earnings_cents: number;
}

/** Commission balances of one currency, all time. */
export interface AffiliateBalance {
  currency: string;
  pending_cents: number;
  approved_cents: number;
  paid_cents: number;
  reversed_cents: number;
}

/** One link's performance in the window. */
export interface AffiliateTopLink {
  id: string;
  code: string;
  title: string | null;
  is_active: boolean;
  clicks: number;
  unique_clicks: number;
  conversions: number;
  earnings_cents: number;
}

export interface AffiliateRecentCommission {
  id: string;
  created_at: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'approved' | 'paid' | 'reversed';
  kind: 'sale' | 'clawback';
  available_at: string;
  link_code: string | null;
}

/** What `affiliate_dashboard(days)` adds up for the signed-in affiliate (from roll-ups). */
export interface AffiliateDashboard {
  days: number;
  /** The affiliate's main currency; series, totals and links are in it. */
  currency: string;
  series: AffiliateDashboardDay[];
  totals: Omit<AffiliateDashboardDay, 'day'>;
  balances: AffiliateBalance[];
  top_links: AffiliateTopLink[];
  recent_commissions: AffiliateRecentCommission[];
  next_payout: {
    id: string;
    status: 'pending' | 'processing';
    amount_cents: number;
    currency: string;
    created_at: string;
  } | null;
  upcoming: { approved_cents: number; next_release_at: string | null };
}

/** A verified (approved, unexpired) sustainability claim of a merchant. */
export interface VerifiedClaim {
  id: string;
  claim: string;
  category: string;
  issuer: string | null;
  expires_on: string | null;
  evidence_url: string | null;
}

/** A program as an affiliate browses it: terms, merchant, categories, claims and own status. */
export interface CatalogProgram {
  id: string;
  name: string;
  description: string | null;
  commission_type: 'percent' | 'flat';
  commission_rate_bps: number | null;
  commission_flat_cents: number | null;
  currency: string;
  cookie_window_days: number;
  holding_days: number;
  auto_approve: boolean;
  merchant: { id: string; company_name: string; website: string | null; logo_url: string | null };
  /** The categories of the merchant's products in the shop. */
  categories: string[];
  claims: VerifiedClaim[];
  /** The signed-in affiliate's membership, if any. */
  membership: { id: string; status: 'pending' | 'approved' | 'rejected' | 'removed' } | null;
}

interface CatalogRow {
  id: string;
  name: string;
  description: string | null;
  commission_type: 'percent' | 'flat';
  commission_rate_bps: number | null;
  commission_flat_cents: number | null;
  currency: string;
  cookie_window_days: number;
  holding_days: number;
  auto_approve: boolean;
  merchant: {
    id: string;
    company_name: string;
    website: string | null;
    logo_url: string | null;
    products: { category: string }[] | null;
    sustainability_claims: (VerifiedClaim & { review_status: string })[] | null;
  } | null;
  program_memberships: NonNullable<CatalogProgram['membership']>[] | null;
}

/** The ranges the dashboard offers. */
export const AFFILIATE_DASHBOARD_RANGES = [7, 30, 90] as const;

/** Database functions newer than the generated types go through this narrow signature. */
type Rpc = (
  fn: string,
  args?: Record<string, unknown>,
) => PromiseLike<{
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}>;

/** The affiliate's side: the dashboard aggregates. */
/**
 * A merchant's verified claims, each said once: the same claim made about several of its products
 * (one row per product, with the same words and issuer) is one claim for the program as a whole.
 */
function distinctClaims<C extends { claim: string; issuer: string | null; category: string }>(
  claims: C[],
): C[] {
  const seen = new Set<string>();
  return claims.filter((c) => {
    const key = `${c.claim.trim().toLowerCase()}\n${c.issuer ?? ''}\n${c.category}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function createAffiliateModule({ supabase }: ModuleContext) {
  const rpc = supabase.rpc.bind(supabase) as unknown as Rpc;
  return {
    /**
     * The active programs of approved merchants with their terms, the merchant's product
     * categories and verified (approved, unexpired) sustainability claims, and the signed-in
     * affiliate's own membership status. Sorted by merchant, then program name.
     */
    async programCatalog(): Promise<CatalogProgram[]> {
      const me = await currentUserId(supabase);
      const rows = (await run(
        supabase
          .from('affiliate_programs')
          .select(
            'id, name, description, commission_type, commission_rate_bps, commission_flat_cents, currency, cookie_window_days, holding_days, auto_approve, merchant:merchant_profiles(id, company_name, website, logo_url, products(category), sustainability_claims(id, claim, category, issuer, expires_on, evidence_url, review_status)), program_memberships(id, status)',
          )
          .eq('status', 'active')
          .eq('program_memberships.affiliate_id', me)
          .order('name')
          .limit(500),
      )) as unknown as CatalogRow[];
      const today = new Date().toISOString().slice(0, 10);
      return rows
        .filter((row) => row.merchant !== null)
        .map((row) => {
          const merchant = row.merchant!;
          return {
            id: row.id,
            name: row.name,
            description: row.description,
            commission_type: row.commission_type,
            commission_rate_bps: row.commission_rate_bps,
            commission_flat_cents: row.commission_flat_cents,
            currency: row.currency,
            cookie_window_days: row.cookie_window_days,
            holding_days: row.holding_days,
            auto_approve: row.auto_approve,
            merchant: {
              id: merchant.id,
              company_name: merchant.company_name,
              website: merchant.website,
              logo_url: merchant.logo_url,
            },
            categories: [...new Set((merchant.products ?? []).map((p) => p.category))].sort(),
            claims: distinctClaims(
              (merchant.sustainability_claims ?? [])
                .filter(
                  (c) => c.review_status === 'approved' && (!c.expires_on || c.expires_on >= today),
                )
                .map(({ review_status: _status, ...claim }) => claim),
            ),
            membership: row.program_memberships?.[0] ?? null,
          };
        })
        .sort(
          (a, b) =>
            a.merchant.company_name.localeCompare(b.merchant.company_name) ||
            a.name.localeCompare(b.name),
        );
    },

    /**
     * Clicks, unique clicks, conversions and earnings per day for the last `days` days, balances
     * per status, top links, recent commissions and the next payout of the signed-in affiliate.
     */
    async dashboard(days = 30): Promise<AffiliateDashboard> {
      const window = integer('days', days, 1, 366);
      return (await run(rpc('affiliate_dashboard', { days: window }))) as AffiliateDashboard;
    },
  };
}

export type AffiliateModule = ReturnType<typeof createAffiliateModule>;
