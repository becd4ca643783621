import {
  PLAN_LIMITS,
  SUBSCRIPTION_TIERS,
  isPaidTierId,
  type PaidTierId,
  type PlanResource,
} from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { run } from '../request.ts';
import type { Row } from '../types.ts';
import { invalid } from '../validate.ts';
import { invokeMoneyFunction } from './money-shared.ts';

export type Subscription = Row<'subscriptions'>;
export {
  PLAN_LIMITS,
  PLAN_RESOURCES,
  SUBSCRIPTION_TIERS,
  type PaidTierId,
  type PlanLimit,
  type PlanResource,
  type SubscriptionTier,
} from '@verdant/validation';

/** Storefronts included in the free plan; Affiliate Pro has no limit (the database enforces both). */
export const FREE_STOREFRONT_LIMIT = PLAN_LIMITS.storefronts.included;

/** The subscription fields of a signed-in user, as `@verdant/auth` keeps them. */
export interface PlanHolder {
  role: string;
  hasActiveSubscription: boolean;
  subscriptionTier: string | null;
}

/** Whether the user's current plan is this paid tier. */
export function hasPaidTier(user: PlanHolder | null | undefined, tier: PaidTierId): boolean {
  return user?.hasActiveSubscription === true && user.subscriptionTier === tier;
}

/**
 * How many of a resource (storefronts, tracked links, affiliate programs, products) the user may
 * own: `null` (unlimited) for administrators and while the tier that unlocks it is active
 * (Affiliate Pro for storefronts and links, Merchant Growth for programs and products), otherwise
 * the number in {@link PLAN_LIMITS}. The database applies the same rule to every write and refuses
 * a creation beyond it with a `forbidden` `ApiError` whose message names the plan and the limit.
 */
export function planLimit(
  user: PlanHolder | null | undefined,
  resource: PlanResource,
): number | null {
  const limit = PLAN_LIMITS[resource];
  if (user?.role === 'admin' || hasPaidTier(user, limit.unlockedBy)) return null;
  return limit.included;
}

/**
 * How many storefronts the user may own: `null` (unlimited) for administrators and Affiliate Pro
 * subscribers, otherwise {@link FREE_STOREFRONT_LIMIT}. The database trigger applies the same rule.
 */
export function storefrontLimit(user: PlanHolder | null | undefined): number | null {
  return planLimit(user, 'storefronts');
}

export const CREATE_SUBSCRIPTION_CHECKOUT_FUNCTION = 'create-subscription-checkout';
export const CUSTOMER_PORTAL_FUNCTION = 'customer-portal';
export const CHANGE_SUBSCRIPTION_FUNCTION = 'change-subscription';

/** The plan after {@link SubscriptionsModule.changePlan}. */
export interface ChangedPlan {
  /** The paid tier the subscription has now. */
  tier: PaidTierId;
  /** Stripe's subscription status, e.g. `active`. */
  status: string;
  /** True when the plan ends at `currentPeriodEnd` and the account returns to the free plan. */
  cancelAtPeriodEnd: boolean;
  /** ISO time the current period ends, or null when unknown. */
  currentPeriodEnd: string | null;
}

export function createSubscriptionsModule(context: ModuleContext) {
  const { supabase } = context;
  return {
    /** Every tier with its price and what it unlocks (the free affiliate tier has `id: null`). */
    tiers: SUBSCRIPTION_TIERS,

    /** The signed-in user's subscriptions, newest first. */
    async listMine(): Promise<Subscription[]> {
      const { data } = await supabase.auth.getSession();
      const userId = data.session?.user.id;
      if (!userId) return [];
      return run(
        supabase
          .from('subscriptions')
          .select('*')
          .eq('user_id', userId)
          .order('created_at', { ascending: false }),
      );
    },

    /**
     * Starts the card checkout for a paid tier; send the user to `url`. After paying they return
     * to `/payment-success?subscription={tier}`, after cancelling to `/payment-canceled`. Asked
     * again for the same tier it gives the same open checkout; for another tier it expires the
     * open one first, so only one plan can be paid. Fails with `conflict` when the user holds a
     * plan or paid the other checkout meanwhile (`upstreamCode` `already_subscribed`), or when
     * another plan checkout started at the same moment (`checkout_in_progress`; try again).
     */
    async createCheckout(tier: PaidTierId): Promise<{ url: string }> {
      if (!isPaidTierId(tier)) invalid('tier', 'must be a paid tier (pro, starter or business)');
      return invokeMoneyFunction<{ url: string }>(context, CREATE_SUBSCRIPTION_CHECKOUT_FUNCTION, {
        tier,
      });
    },

    /**
     * Changes the signed-in subscriber's plan without a second checkout: another paid tier of
     * their kind switches now (Stripe prorates the difference on the next invoice); `null` (the
     * free plan) ends the plan when the paid period ends; their own tier keeps a plan that was set
     * to end. The database learns the change from Stripe's `customer.subscription.updated` event.
     * Errors: `validation_failed` (unknown tier, the other audience's tier), `conflict` (no paid
     * plan to change, or already on that tier), `unavailable` (payments not configured).
     */
    async changePlan(tier: PaidTierId | null): Promise<ChangedPlan> {
      if (tier !== null && !isPaidTierId(tier))
        invalid('tier', 'must be a paid tier (pro, starter or business) or null for the free plan');
      return invokeMoneyFunction<ChangedPlan>(context, CHANGE_SUBSCRIPTION_FUNCTION, {
        tier: tier ?? 'free',
      });
    },

    /**
     * The Stripe billing portal for the signed-in subscriber. Without Stripe (local mode) this
     * throws an `ApiError` with code `unavailable` and the message "not available in local mode".
     */
    async openCustomerPortal(): Promise<{ url: string }> {
      return invokeMoneyFunction<{ url: string }>(context, CUSTOMER_PORTAL_FUNCTION, {});
    },
  };
}

export type SubscriptionsModule = ReturnType<typeof createSubscriptionsModule>;
