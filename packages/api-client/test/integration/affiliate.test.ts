import { beforeAll, describe, expect, it } from 'vitest';
import { must, useWorld, type Actor } from './world.ts';

const w = useWorld();
let affiliate: Actor;

beforeAll(async () => {
  affiliate = await w.actor('affiliate', 'Dashboard tester');
});

describe('affiliate dashboard', () => {
  it('returns the day series, zero totals and no links for a new affiliate', async () => {
    const d = await affiliate.api.affiliate.dashboard(7);
    expect(d.days).toBe(7);
    expect(d.currency).toBe('USD');
    expect(d.series).toHaveLength(7);
    expect(d.totals).toEqual({ clicks: 0, unique_clicks: 0, conversions: 0, earnings_cents: 0 });
    expect(d.balances).toEqual([]);
    expect(d.top_links).toEqual([]);
    expect(d.next_payout).toBeNull();
  });

  it('checks the window before asking, and refuses visitors', async () => {
    await expect(affiliate.api.affiliate.dashboard(0)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(affiliate.api.affiliate.dashboard(1.5)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(w.anon.affiliate.dashboard(30)).rejects.toBeTruthy();
  });
});

describe('program catalogue', () => {
  it('lists active programs with categories, only verified unexpired claims and own status', async () => {
    const merchant = await w.approvedMerchant('Catalogue Co');
    const program = await must(
      w.service
        .from('affiliate_programs')
        .insert({
          merchant_id: merchant.id,
          name: 'Catalogue program',
          commission_type: 'percent',
          commission_rate_bps: 1200,
          status: 'active',
          auto_approve: true,
        })
        .select('id')
        .single(),
    );
    await must(
      w.service.from('sustainability_claims').insert([
        {
          merchant_id: merchant.id,
          claim: 'Recycled aluminium cases',
          issuer: 'Audit Ltd',
          evidence_url: 'https://example.com/a',
          review_status: 'approved',
        },
        {
          merchant_id: merchant.id,
          claim: 'Pending claim',
          evidence_url: 'https://example.com/b',
          review_status: 'pending',
        },
        {
          merchant_id: merchant.id,
          claim: 'Expired claim',
          evidence_url: 'https://example.com/c',
          review_status: 'approved',
          issued_on: '2020-01-01',
          expires_on: '2021-01-01',
        },
      ]),
    );
    const products = await must(
      w.service
        .from('products')
        .insert(
          ['Case', 'Sleeve'].map((name) => ({
            merchant_id: merchant.id,
            name,
            slug: `${name.toLowerCase()}-${program.id.slice(0, 8)}`,
            price_cents: 1000,
            category: 'office',
            status: 'approved',
          })),
        )
        .select('id'),
    );
    // The same verified claim made about each of two products is one claim of the program.
    await must(
      w.service.from('sustainability_claims').insert(
        products.map((product) => ({
          merchant_id: merchant.id,
          product_id: product.id,
          claim: 'FSC-certified paper packaging',
          issuer: 'FSC',
          evidence_url: 'https://example.com/fsc',
          review_status: 'approved',
        })),
      ),
    );
    let catalog = await affiliate.api.affiliate.programCatalog();
    let entry = catalog.find((p) => p.id === program.id);
    expect(entry).toMatchObject({
      name: 'Catalogue program',
      merchant: { company_name: 'Catalogue Co Co' },
      categories: ['office'],
      membership: null,
    });
    expect(entry!.claims.map((c) => c.claim).sort()).toEqual([
      'FSC-certified paper packaging',
      'Recycled aluminium cases',
    ]);

    await affiliate.api.memberships.apply(program.id);
    catalog = await affiliate.api.affiliate.programCatalog();
    entry = catalog.find((p) => p.id === program.id);
    expect(entry!.membership?.status).toBe('approved');

    const other = await w.actor('affiliate', 'Other');
    const theirs = (await other.api.affiliate.programCatalog()).find((p) => p.id === program.id);
    expect(theirs!.membership).toBeNull();
  });
});
