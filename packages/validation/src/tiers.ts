// Subscription tiers, defined once for the payment functions, the API client and the apps. The
// ids are what the database stores in subscriptions.tier and profiles.subscription_tier; the free
// affiliate tier is the absence of a subscription.

export type SubscriptionAudience = 'affiliate' | 'merchant';

export interface SubscriptionTier {
  /** Stored id; `null` for the free tier, which has no subscription. */
  id: PaidTierId | null;
  name: string;
  audience: SubscriptionAudience;
  /** Monthly price in cents (USD). */
  priceCents: number;
  currency: 'USD';
  interval: 'month';
  /** What the tier unlocks, in the words the pricing page shows. */
  features: readonly string[];
}

export const PAID_TIER_IDS = ['pro', 'starter', 'business'] as const;
export type PaidTierId = (typeof PAID_TIER_IDS)[number];

export const SUBSCRIPTION_TIERS: readonly SubscriptionTier[] = [
  {
    id: null,
    name: 'Affiliate Free',
    audience: 'affiliate',
    priceCents: 0,
    currency: 'USD',
    interval: 'month',
    features: [
      'Up to 10 tracked links',
      'One storefront',
      'One link-in-bio page',
      'Click and sale statistics',
    ],
  },
  {
    id: 'pro',
    name: 'Affiliate Pro',
    audience: 'affiliate',
    priceCents: 1900,
    currency: 'USD',
    interval: 'month',
    features: [
      'Unlimited tracked links',
      'Unlimited storefronts',
      'Click analytics by device, browser, country and referring site',
    ],
  },
  {
    id: 'starter',
    name: 'Merchant Starter',
    audience: 'merchant',
    priceCents: 4900,
    currency: 'USD',
    interval: 'month',
    features: ['One affiliate program', 'Up to 25 products', 'Sustainability claim reviews'],
  },
  {
    id: 'business',
    name: 'Merchant Growth',
    audience: 'merchant',
    priceCents: 14900,
    currency: 'USD',
    interval: 'month',
    features: [
      'Unlimited affiliate programs',
      'Unlimited products',
      'Affiliate recruitment tools and one-sheets',
      'Priority claim reviews',
    ],
  },
];

export function isPaidTierId(value: unknown): value is PaidTierId {
  return typeof value === 'string' && (PAID_TIER_IDS as readonly string[]).includes(value);
}

/** The paid tier with this id, or undefined. */
export function paidTier(id: unknown): (SubscriptionTier & { id: PaidTierId }) | undefined {
  if (!isPaidTierId(id)) return undefined;
  return SUBSCRIPTION_TIERS.find(
    (tier): tier is SubscriptionTier & { id: PaidTierId } => tier.id === id,
  );
}

/**
 * Stripe's subscription statuses under which a user still holds a plan: it is billed, or will be
 * billed again once a payment goes through. A second subscription beside one of these would bill
 * twice, so a plan in one of them is changed or ended in the billing portal, not bought again.
 */
export const HELD_SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
] as const;

/** The paid tier of the first subscription that still holds a plan, or undefined. */
export function heldPlan(
  subscriptions: readonly { tier: unknown; status: string }[],
): (SubscriptionTier & { id: PaidTierId }) | undefined {
  const held = subscriptions.find((row) =>
    (HELD_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status),
  );
  return held ? paidTier(held.tier) : undefined;
}

/** The resources a plan limits; the names are the database tables that hold them. */
export const PLAN_RESOURCES = [
  'storefronts',
  'affiliate_links',
  'affiliate_programs',
  'products',
] as const;
export type PlanResource = (typeof PLAN_RESOURCES)[number];

export interface PlanLimit {
  /** How many the limited plan includes. */
  included: number;
  /** The tier whose limits apply without the unlocking one (`null`: Affiliate Free). */
  plan: PaidTierId | null;
  /** The tier that lifts the limit while its subscription is active. */
  unlockedBy: PaidTierId;
  /** What is counted, for messages: singular and plural. */
  noun: readonly [one: string, many: string];
}

/**
 * The limits the pricing features promise, as the database enforces them (trigger
 * `enforce_plan_limit`, function `plan_limit_for`). Administrators are not limited; merchants
 * without a subscription have the Merchant Starter limits.
 */
export const PLAN_LIMITS: Readonly<Record<PlanResource, PlanLimit>> = {
  storefronts: {
    included: 1,
    plan: null,
    unlockedBy: 'pro',
    noun: ['storefront', 'storefronts'],
  },
  affiliate_links: {
    included: 10,
    plan: null,
    unlockedBy: 'pro',
    noun: ['tracked link', 'tracked links'],
  },
  affiliate_programs: {
    included: 1,
    plan: 'starter',
    unlockedBy: 'business',
    noun: ['affiliate program', 'affiliate programs'],
  },
  products: {
    included: 25,
    plan: 'starter',
    unlockedBy: 'business',
    noun: ['product', 'products'],
  },
};
