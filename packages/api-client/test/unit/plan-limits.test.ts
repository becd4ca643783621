import { describe, expect, it } from 'vitest';
import {
  FREE_STOREFRONT_LIMIT,
  PLAN_RESOURCES,
  hasPaidTier,
  planLimit,
  storefrontLimit,
} from '../../src/index.ts';

const affiliate = { role: 'affiliate', hasActiveSubscription: false, subscriptionTier: null };

describe('plan limits', () => {
  it('give the free plan one storefront', () => {
    expect(FREE_STOREFRONT_LIMIT).toBe(1);
    expect(storefrontLimit(affiliate)).toBe(1);
    expect(storefrontLimit(null)).toBe(1);
  });

  it('lift the storefront limit for an active Affiliate Pro subscription and for administrators', () => {
    expect(
      storefrontLimit({ ...affiliate, hasActiveSubscription: true, subscriptionTier: 'pro' }),
    ).toBeNull();
    expect(storefrontLimit({ ...affiliate, role: 'admin' })).toBeNull();
  });

  it('count only an active Pro subscription', () => {
    // A lapsed Pro subscription keeps its tier name on some records but is not active.
    expect(storefrontLimit({ ...affiliate, subscriptionTier: 'pro' })).toBe(1);
    expect(
      storefrontLimit({ ...affiliate, hasActiveSubscription: true, subscriptionTier: 'starter' }),
    ).toBe(1);
    expect(
      hasPaidTier(
        { ...affiliate, hasActiveSubscription: true, subscriptionTier: 'business' },
        'business',
      ),
    ).toBe(true);
    expect(hasPaidTier(undefined, 'pro')).toBe(false);
  });

  it('give Affiliate Free 10 tracked links and lift them only with an active Affiliate Pro', () => {
    expect(planLimit(affiliate, 'affiliate_links')).toBe(10);
    expect(planLimit(null, 'affiliate_links')).toBe(10);
    expect(
      planLimit(
        { ...affiliate, hasActiveSubscription: true, subscriptionTier: 'pro' },
        'affiliate_links',
      ),
    ).toBeNull();
    expect(
      planLimit(
        { ...affiliate, hasActiveSubscription: true, subscriptionTier: 'business' },
        'affiliate_links',
      ),
    ).toBe(10);
    expect(planLimit({ ...affiliate, subscriptionTier: 'pro' }, 'affiliate_links')).toBe(10);
  });

  it('give merchants the Merchant Starter limits unless Merchant Growth is active', () => {
    const merchant = { role: 'merchant', hasActiveSubscription: false, subscriptionTier: null };
    const starter = { ...merchant, hasActiveSubscription: true, subscriptionTier: 'starter' };
    const growth = { ...merchant, hasActiveSubscription: true, subscriptionTier: 'business' };
    expect(planLimit(merchant, 'affiliate_programs')).toBe(1);
    expect(planLimit(merchant, 'products')).toBe(25);
    expect(planLimit(starter, 'affiliate_programs')).toBe(1);
    expect(planLimit(starter, 'products')).toBe(25);
    expect(planLimit(growth, 'affiliate_programs')).toBeNull();
    expect(planLimit(growth, 'products')).toBeNull();
  });

  it('do not limit administrators', () => {
    for (const resource of PLAN_RESOURCES)
      expect(planLimit({ ...affiliate, role: 'admin' }, resource)).toBeNull();
  });
});
