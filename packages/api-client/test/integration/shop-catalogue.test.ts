import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/index.ts';
import { unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let merchant: Actor;
let brush: Product;
let soap: Product;

async function approvedProduct(fields: Parameters<Actor['api']['products']['create']>[0]) {
  const draft = await merchant.api.products.create(fields);
  await merchant.api.products.submitForReview(draft.id);
  return admin.api.admin.reviewProduct(draft.id, 'approved');
}

beforeAll(async () => {
  [admin, merchant] = await Promise.all([w.actor('admin'), w.approvedMerchant('Tidewater')]);
  brush = await approvedProduct({
    name: 'Bamboo toothbrush',
    slug: `bamboo-${unique()}`,
    price_cents: 450,
    description: 'A compostable handle',
    co2e_grams: 120,
    co2e_source: 'Supplier life-cycle assessment 2025',
  });
  soap = await approvedProduct({
    name: 'Olive soap bar',
    slug: `soap-${unique()}`,
    price_cents: 700,
    category: 'personal-care',
  });
  const verified = await merchant.api.merchants.addClaim({
    claim: 'Plastic-free shipping',
    category: 'packaging',
    evidence_url: 'https://example.com/audit.pdf',
    issuer: 'Pack Audit',
  });
  await admin.api.admin.reviewClaim(verified.id, 'approved');
  await merchant.api.merchants.addClaim({
    claim: 'Carbon neutral factory',
    evidence_url: 'https://example.com/pending.pdf',
  });
  const expired = await merchant.api.merchants.addClaim({
    claim: 'Fair wages certified',
    evidence_url: 'https://example.com/old.pdf',
    issued_on: '2020-01-01',
    expires_on: '2021-01-01',
  });
  await admin.api.admin.reviewClaim(expired.id, 'approved');
});

describe('products by id', () => {
  it('reads the listed products a shopper may see, skipping unknown ids, and checks the ids', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const rows = await w.anon.products.listByIds([soap.id, brush.id, soap.id, missing]);
    expect(rows.map((p) => p.id).sort()).toEqual([brush.id, soap.id].sort());
    expect(await w.anon.products.listByIds([])).toEqual([]);
    await expect(w.anon.products.listByIds(['not-a-uuid'])).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      w.anon.products.listByIds(Array.from({ length: 101 }, () => missing)),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});

describe('product search', () => {
  it('matches name and description words, case-insensitively, for anonymous shoppers', async () => {
    const byName = await w.anon.products.list({ search: 'BAMBOO', merchantId: merchant.id });
    expect(byName.rows.map((p) => p.id)).toEqual([brush.id]);
    const byDescription = await w.anon.products.list({
      search: 'compostable',
      merchantId: merchant.id,
    });
    expect(byDescription.rows.map((p) => p.id)).toEqual([brush.id]);
    const all = await w.anon.products.list({ search: '  ', merchantId: merchant.id });
    expect(all.total).toBe(2);
  });

  it('treats filter syntax in the words as plain text', async () => {
    const odd = await w.anon.products.list({ search: 'soap),id.eq.(x', merchantId: merchant.id });
    expect(odd.rows).toEqual([]);
    const soapOnly = await w.anon.products.list({ search: 'soap*', merchantId: merchant.id });
    expect(soapOnly.rows.map((p) => p.id)).toEqual([soap.id]);
  });

  it('rejects an over-long search', async () => {
    await expect(w.anon.products.list({ search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('product detail', () => {
  it('shows the merchant and only its approved, unexpired claims', async () => {
    const detail = await w.anon.products.getDetail(brush.slug);
    expect(detail).toMatchObject({
      id: brush.id,
      co2e_grams: 120,
      co2e_source: 'Supplier life-cycle assessment 2025',
      merchant: { id: merchant.id, company_name: 'Tidewater Co' },
    });
    expect(detail.claims.map((c) => c.claim)).toEqual(['Plastic-free shipping']);
    expect(detail.claims[0]).toEqual({
      id: expect.any(String),
      claim: 'Plastic-free shipping',
      category: 'packaging',
      issuer: 'Pack Audit',
      expires_on: null,
      evidence_url: 'https://example.com/audit.pdf',
    });
  });

  it('is not found for unknown slugs', async () => {
    await expect(w.anon.products.getDetail(`missing-${unique()}`)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
