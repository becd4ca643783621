import { ROLES, type Role } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { run, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  currency,
  integer,
  invalid,
  oneOf,
  optionalText,
  range,
  containsPattern,
  searchTerm,
  text,
  timestamp,
  uuid,
  type PageInput,
} from '../validate.ts';
import {
  COMMISSION_STATUSES,
  type Commission,
  type CommissionStatus,
  type Payout,
} from './commissions.ts';
import { evidenceDocumentName } from './merchants.ts';
import type { Profile } from './profiles.ts';

export type MerchantProfile = Row<'merchant_profiles'>;
export type SustainabilityClaim = Row<'sustainability_claims'>;
/** A product waiting for review, with its merchant's company name. */
export type ProductForReview = Row<'products'> & { merchant: { company_name: string } | null };
/**
 * A sustainability claim with its merchant's company name, the name of the product it is about (if
 * any), and the file name of its uploaded evidence (`evidence_document` without its folder and
 * storage prefix), so that reviewers see what each piece of evidence is.
 */
export type ClaimForReview = SustainabilityClaim & {
  merchant: { company_name: string } | null;
  product: { name: string } | null;
  evidence_document_name: string | null;
};
/** A profile as administrators list it, with the user's sign-in email (`null` for none). */
export type AdminUser = Pick<
  Profile,
  | 'id'
  | 'name'
  | 'username'
  | 'role'
  | 'has_completed_onboarding'
  | 'profile_image'
  | 'has_active_subscription'
  | 'subscription_tier'
  | 'subscription_end_date'
  | 'created_at'
  | 'updated_at'
> & { email: string | null };
export type RoleChange = Row<'role_change_audit'>;
export type EngagementMetric = Row<'engagement_metrics'>;

/** Who wrote a piece of community content: their name and username. */
export type ContentAuthor = Pick<Profile, 'name' | 'username'>;

/** A post or comment that a moderator hid, with what names it (newest hidden first). */
export type HiddenContent =
  | {
      kind: 'post';
      id: string;
      title: string;
      body: string;
      author: ContentAuthor | null;
      /** When it was last changed: for hidden content, when it was hidden. */
      updated_at: string;
    }
  | {
      kind: 'comment';
      id: string;
      post_id: string;
      /** The title of the post the comment answers. */
      post_title: string | null;
      body: string;
      author: ContentAuthor | null;
      updated_at: string;
    };

/** The most hidden posts, and comments, one `listHiddenContent` call reads (newest first). */
export const HIDDEN_CONTENT_LIMIT = 100;

export const PRODUCT_REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const MERCHANT_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const CLAIM_REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const MODERATION_STATUSES = ['published', 'hidden', 'removed'] as const;
export const REPORT_RESOLUTIONS = ['dismissed', 'actioned'] as const;
/** Merchants by onboarding: `finished` (the approval queue) or `unfinished` (still onboarding). */
export const MERCHANT_ONBOARDING_FILTERS = ['finished', 'unfinished'] as const;
/** The longest rejection reason or review note an administrator may write. */
export const REVIEW_REASON_MAX = 2000;

export interface ProfileQuery extends PageInput {
  role?: Role;
  /** Part of a name or username (case-insensitive); `listUsers` also matches the email. */
  search?: string;
}

export interface MerchantQueueFilter {
  /** Only merchants who finished onboarding (`finished`), or only those still onboarding. */
  onboarding?: (typeof MERCHANT_ONBOARDING_FILTERS)[number];
}

/** A rejection's reason: optional free text up to 2000 characters, given only with a rejection. */
async function rejectionReason(
  decision: string,
  reason: string | null | undefined,
): Promise<{ rejection_reason?: string | null }> {
  if (decision !== 'rejected') {
    if (reason !== undefined && reason !== null)
      invalid('reason', 'is given only with a rejection');
    return {};
  }
  return {
    rejection_reason: await optionalText('reason', reason ?? null, { max: REVIEW_REASON_MAX }),
  };
}

/** What `admin_platform_metrics(days)` adds up (administrators only). */
export interface PlatformMetrics {
  days: number;
  since: string;
  users_by_role: Partial<Record<Role, number>>;
  orders: number;
  gmv_cents: number;
  gmv_period_cents: number;
  /** The platform's fees on paid orders, net of refunds (a refund hands back its share). */
  platform_fee_cents: number;
  commissions_cents: Partial<Record<CommissionStatus, number>>;
  engagement: {
    page_loads: number;
    avg_page_load_ms: number | null;
    demo_views: number;
    errors: number;
  };
  series: {
    day: string;
    avg_page_load_ms: number | null;
    p50_page_load_ms: number | null;
    page_loads: number;
    demo_views: number;
    errors: number;
    gmv_cents: number;
  }[];
  recent_errors: {
    id: number;
    created_at: string;
    message: string;
    url: string | null;
    filename: string | null;
    lineno: string | null;
    kind: string | null;
  }[];
}

/** Characters that would change the meaning of a PostgREST `or` filter or a LIKE pattern. */
type UntypedRpc = (
  fn: string,
  args: Record<string, unknown>,
) => PromiseLike<{
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}>;

/**
 * Administration. Every call runs as the signed-in user; the database's policies decide, so a
 * non-admin gets `forbidden` or `not_found` (rows it cannot see), never someone else's data.
 */
export function createAdminModule({ supabase }: ModuleContext) {
  return {
    async listProfiles(query: ProfileQuery = {}): Promise<Page<Profile>> {
      const { from, to } = range(query);
      let request = supabase.from('profiles').select('*', { count: 'exact' });
      if (query.role !== undefined) request = request.eq('role', oneOf('role', query.role, ROLES));
      if (query.search !== undefined) {
        const term = searchTerm('search', query.search);
        const pattern = containsPattern(term);
        if (term !== '') request = request.or(`name.ilike.${pattern},username.ilike.${pattern}`);
      }
      return runPage(request.order('created_at', { ascending: false }).range(from, to));
    },

    /**
     * Administrators: users newest first with their sign-in email, through
     * `admin_list_users(search)`; `search` matches part of the name, username or email. Anyone else
     * gets `forbidden`.
     */
    async listUsers(query: ProfileQuery = {}): Promise<Page<AdminUser>> {
      const { from, to } = range(query);
      const term = query.search === undefined ? '' : searchTerm('search', query.search);
      let request = supabase.rpc('admin_list_users', term === '' ? {} : { search: term }, {
        count: 'exact',
      });
      if (query.role !== undefined) request = request.eq('role', oneOf('role', query.role, ROLES));
      return runPage(
        request
          .order('created_at', { ascending: false })
          .order('id', { ascending: true })
          .range(from, to),
      );
    },

    /**
     * Merchants in one approval state (the queue: `pending`), oldest first; `filter.onboarding`
     * keeps those who finished onboarding (only they can be approved) or those still onboarding.
     */
    async listMerchants(
      status: (typeof MERCHANT_APPROVAL_STATUSES)[number] = 'pending',
      page?: PageInput,
      filter: MerchantQueueFilter = {},
    ): Promise<Page<MerchantProfile>> {
      const { from, to } = range(page);
      let request = supabase
        .from('merchant_profiles')
        .select('*', { count: 'exact' })
        .eq('approval_status', oneOf('status', status, MERCHANT_APPROVAL_STATUSES));
      if (filter.onboarding !== undefined) {
        const onboarding = oneOf('onboarding', filter.onboarding, MERCHANT_ONBOARDING_FILTERS);
        request =
          onboarding === 'finished'
            ? request.eq('onboarding_step', 'complete')
            : request.neq('onboarding_step', 'complete');
      }
      return runPage(request.order('created_at', { ascending: true }).range(from, to));
    },

    /**
     * Sustainability claims in one review state (the queue: `pending`), oldest first, each with its
     * merchant's company name, its product's name and its evidence document's file name.
     */
    async listClaims(
      status: (typeof CLAIM_REVIEW_STATUSES)[number] = 'pending',
      page?: PageInput,
    ): Promise<Page<ClaimForReview>> {
      const { from, to } = range(page);
      const { rows, total } = await runPage(
        supabase
          .from('sustainability_claims')
          .select(
            '*, merchant:merchant_profiles!sustainability_claims_merchant_id_fkey(company_name), product:products!sustainability_claims_product_id_fkey(name)',
            { count: 'exact' },
          )
          .eq('review_status', oneOf('status', status, CLAIM_REVIEW_STATUSES))
          .order('created_at', { ascending: true })
          .range(from, to),
      );
      return {
        rows: rows.map((claim) => ({
          ...claim,
          evidence_document_name:
            claim.evidence_document === null ? null : evidenceDocumentName(claim.evidence_document),
        })),
        total,
      };
    },

    /** Products waiting for review, oldest first, each with its merchant's company name. */
    async listProductsForReview(page?: PageInput): Promise<Page<ProductForReview>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('products')
          .select('*, merchant:merchant_profiles!products_merchant_id_fkey(company_name)', {
            count: 'exact',
          })
          .eq('status', 'pending_review')
          .order('updated_at', { ascending: true })
          .range(from, to),
      );
    },

    /**
     * Sets a merchant's approval status. A rejection may say why (`reason`, up to 2000 characters,
     * shown to the merchant); a reason with any other status is refused. The database refuses to
     * approve a merchant who has not finished onboarding (`validation_failed`, "Only merchants who
     * finished onboarding can be approved").
     */
    async reviewMerchant(
      id: string,
      status: (typeof MERCHANT_APPROVAL_STATUSES)[number],
      reason?: string | null,
    ): Promise<MerchantProfile> {
      const merchantId = uuid('id', id);
      const approval_status = oneOf('status', status, MERCHANT_APPROVAL_STATUSES);
      const values = { approval_status, ...(await rejectionReason(approval_status, reason)) };
      return run(
        supabase.from('merchant_profiles').update(values).eq('id', merchantId).select('*').single(),
      );
    },

    async reviewClaim(
      id: string,
      status: (typeof CLAIM_REVIEW_STATUSES)[number],
      notes?: string | null,
    ): Promise<SustainabilityClaim> {
      const claimId = uuid('id', id);
      const values = {
        review_status: oneOf('status', status, CLAIM_REVIEW_STATUSES),
        review_notes: await optionalText('notes', notes ?? null, { max: REVIEW_REASON_MAX }),
      };
      return run(
        supabase
          .from('sustainability_claims')
          .update(values)
          .eq('id', claimId)
          .select('*')
          .single(),
      );
    },

    /**
     * Approves or rejects a product waiting for review. A rejection may say why (`reason`, up to
     * 2000 characters, shown to the merchant); a reason with an approval is refused.
     */
    async reviewProduct(
      id: string,
      decision: (typeof PRODUCT_REVIEW_DECISIONS)[number],
      reason?: string | null,
    ) {
      const productId = uuid('id', id);
      const status = oneOf('decision', decision, PRODUCT_REVIEW_DECISIONS);
      const values = { status, ...(await rejectionReason(status, reason)) };
      return run(supabase.from('products').update(values).eq('id', productId).select('*').single());
    },

    async moderatePost(id: string, status: (typeof MODERATION_STATUSES)[number], pinned?: boolean) {
      const postId = uuid('id', id);
      const values = {
        status: oneOf('status', status, MODERATION_STATUSES),
        ...(pinned === undefined ? {} : { is_pinned: pinned === true }),
      };
      return run(supabase.from('posts').update(values).eq('id', postId).select('*').single());
    },

    async moderateComment(id: string, status: (typeof MODERATION_STATUSES)[number]) {
      const values = { status: oneOf('status', status, MODERATION_STATUSES) };
      return run(
        supabase.from('comments').update(values).eq('id', uuid('id', id)).select('*').single(),
      );
    },

    /**
     * Administrators: the posts and comments hidden by moderation, newest hidden first (up to
     * `HIDDEN_CONTENT_LIMIT` of each), so that a hide can be undone with `moderatePost` /
     * `moderateComment` and `'published'`. Removed content is not listed. For anyone else row-level
     * security leaves only their own hidden content; for visitors none.
     */
    async listHiddenContent(): Promise<HiddenContent[]> {
      const [posts, comments] = await Promise.all([
        run(
          supabase
            .from('posts')
            .select(
              'id, title, body, updated_at, author:profiles!posts_author_id_fkey(name, username)',
            )
            .eq('status', 'hidden')
            .order('updated_at', { ascending: false })
            .limit(HIDDEN_CONTENT_LIMIT),
        ),
        run(
          supabase
            .from('comments')
            .select(
              'id, post_id, body, updated_at, post:posts!comments_post_id_fkey(title), author:profiles!comments_author_id_fkey(name, username)',
            )
            .eq('status', 'hidden')
            .order('updated_at', { ascending: false })
            .limit(HIDDEN_CONTENT_LIMIT),
        ),
      ]);
      const all: HiddenContent[] = [
        ...posts.map((p) => ({ kind: 'post' as const, ...p })),
        ...comments.map(({ post, ...c }) => ({
          kind: 'comment' as const,
          ...c,
          post_title: post?.title ?? null,
        })),
      ];
      return all.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
    },

    async listOpenReports(page?: PageInput): Promise<Page<Row<'reports'>>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('reports')
          .select('*', { count: 'exact' })
          .eq('status', 'open')
          .order('created_at', { ascending: true })
          .range(from, to),
      );
    },

    async resolveReport(
      id: string,
      resolution: (typeof REPORT_RESOLUTIONS)[number],
    ): Promise<Row<'reports'>> {
      const status = oneOf('resolution', resolution, REPORT_RESOLUTIONS);
      return run(
        supabase.from('reports').update({ status }).eq('id', uuid('id', id)).select('*').single(),
      );
    },

    /** Moves a commission along pending → approved → paid, or reverses it. */
    async setCommissionStatus(
      id: string,
      status: Exclude<CommissionStatus, 'pending'>,
    ): Promise<Commission> {
      const value = oneOf(
        'status',
        status,
        COMMISSION_STATUSES.filter((s) => s !== 'pending'),
      );
      return run(
        supabase
          .from('commissions')
          .update({ status: value })
          .eq('id', uuid('id', id))
          .select('*')
          .single(),
      );
    },

    /** Approves every pending commission whose holding period has passed; returns how many. */
    async releaseDueCommissions(asOf?: string): Promise<number> {
      const args = asOf === undefined ? {} : { as_of: timestamp('asOf', asOf) };
      return run(supabase.rpc('release_due_commissions', args));
    },

    /**
     * Bundles an affiliate's approved commissions (clawbacks included) into one payout; `null`
     * when they do not add up to more than zero.
     */
    async createPayout(affiliateId: string, payoutCurrency = 'USD'): Promise<Payout | null> {
      const args = {
        affiliate: uuid('affiliateId', affiliateId),
        currency: currency('currency', payoutCurrency),
      };
      const rows = await run(supabase.rpc('create_payout', args));
      return rows[0] ?? null;
    },

    /**
     * Marks a payout and its commissions paid (repeating it changes nothing). `transferId` is the
     * reference of the transfer (a bank reference or a Stripe transfer id, up to 200 characters,
     * unique among payouts), shown in the payout history; without it the stored one is kept.
     */
    async markPayoutPaid(payoutId: string, transferId?: string | null): Promise<Payout> {
      const args = {
        payout: uuid('payoutId', payoutId),
        // The function keeps the stored transfer id when given null; generated argument types
        // cannot say that a SQL argument may be null.
        transfer_id: (transferId == null
          ? null
          : await text('transferId', transferId, { max: 200 })) as string,
      };
      return run(supabase.rpc('mark_payout_paid', args).single());
    },

    async listRoleChanges(page?: PageInput): Promise<Page<RoleChange>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('role_change_audit')
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },

    /** Users by role, GMV, commissions, engagement over `days` days and the latest client errors. */
    async platformMetrics(days = 30): Promise<PlatformMetrics> {
      const rpc = supabase.rpc.bind(supabase) as unknown as UntypedRpc;
      const args = { days: integer('days', days, 1, 366) };
      return (await run(rpc('admin_platform_metrics', args))) as PlatformMetrics;
    },

    async listEngagementMetrics(page?: PageInput): Promise<Page<EngagementMetric>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('engagement_metrics')
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
