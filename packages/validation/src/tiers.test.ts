import { describe, expect, it } from 'vitest';
import {
  PAID_TIER_IDS,
  PLAN_LIMITS,
  PLAN_RESOURCES,
  SUBSCRIPTION_TIERS,
  heldPlan,
  isPaidTierId,
  paidTier,
} from './tiers.ts';

describe('subscription tiers', () => {
  it('define every paid tier once, with a price and features', () => {
    const paid = SUBSCRIPTION_TIERS.filter((tier) => tier.id !== null);
    expect(paid.map((tier) => tier.id).sort()).toEqual([...PAID_TIER_IDS].sort());
    for (const tier of paid) {
      expect(tier.priceCents).toBeGreaterThan(0);
      expect(tier.features.length).toBeGreaterThan(0);
    }
  });

  it('offer a free affiliate tier and paid tiers for both audiences', () => {
    expect(SUBSCRIPTION_TIERS.find((tier) => tier.id === null)?.name).toBe('Affiliate Free');
    expect(paidTier('pro')?.audience).toBe('affiliate');
    expect(paidTier('business')?.name).toBe('Merchant Growth');
  });

  it('tell a plan still held (billed, or billed again once paid) from an ended one', () => {
    expect(heldPlan([{ tier: 'pro', status: 'past_due' }])?.name).toBe('Affiliate Pro');
    expect(
      heldPlan([
        { tier: 'starter', status: 'canceled' },
        { tier: 'business', status: 'trialing' },
      ])?.id,
    ).toBe('business');
    for (const status of ['canceled', 'incomplete', 'incomplete_expired'])
      expect(heldPlan([{ tier: 'pro', status }])).toBeUndefined();
    expect(heldPlan([{ tier: 'gold', status: 'active' }])).toBeUndefined();
    expect(heldPlan([])).toBeUndefined();
  });

  it('promise only what Affiliate Pro gives: audience analytics, and no course is paid', () => {
    expect(paidTier('pro')?.features).toContain(
      'Click analytics by device, browser, country and referring site',
    );
    // Every course is free for everyone: no tier may offer courses.
    for (const tier of SUBSCRIPTION_TIERS)
      expect(tier.features.filter((feature) => /course/i.test(feature))).toEqual([]);
  });

  it('recognise only stored tier ids', () => {
    expect(isPaidTierId('starter')).toBe(true);
    expect(isPaidTierId('free')).toBe(false);
    expect(paidTier('enterprise')).toBeUndefined();
  });

  it('state the plan limits in the words the pricing page shows', () => {
    const features = (id: string | null) =>
      SUBSCRIPTION_TIERS.find((tier) => tier.id === id)!.features.join(' | ');
    expect(Object.keys(PLAN_LIMITS).sort()).toEqual([...PLAN_RESOURCES].sort());
    expect(PLAN_LIMITS.affiliate_links.included).toBe(10);
    expect(features(null)).toContain('Up to 10 tracked links');
    expect(PLAN_LIMITS.storefronts.included).toBe(1);
    expect(features(null)).toContain('One storefront');
    expect(PLAN_LIMITS.affiliate_programs.included).toBe(1);
    expect(features('starter')).toContain('One affiliate program');
    expect(PLAN_LIMITS.products.included).toBe(25);
    expect(features('starter')).toContain('Up to 25 products');
    // What unlocks a limit says so on its tier.
    for (const resource of PLAN_RESOURCES) {
      const limit = PLAN_LIMITS[resource];
      expect(features(limit.unlockedBy)).toContain(`Unlimited ${limit.noun[1]}`);
      expect(paidTier(limit.unlockedBy)?.audience).toBe(
        limit.plan === null ? 'affiliate' : paidTier(limit.plan)?.audience,
      );
    }
  });
});
