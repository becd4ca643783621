import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_SORTS, type Product, type ProductSort } from '../../src/index.ts';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let merchant: Actor;
let brush: Product;
let soap: Product;
/** A claim about the brush only, and one about the soap only. */
let brushClaimId: string;
let soapClaimId: string;

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
    description: 'A compostable handle (4 in a pack), 100% bamboo',
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
  // Claims about one product each: a merchant's claim names its product (set as a fixture, as
  // the seed does).
  const aboutBrush = await merchant.api.merchants.addClaim({
    claim: 'Handle is FSC-certified bamboo',
    category: 'materials',
    evidence_url: 'https://example.com/fsc.pdf',
    issuer: 'FSC',
  });
  const aboutSoap = await merchant.api.merchants.addClaim({
    claim: 'Soap is Ecocert organic',
    category: 'certification',
    evidence_url: 'https://example.com/ecocert.pdf',
  });
  const pendingAboutBrush = await merchant.api.merchants.addClaim({
    claim: 'Bristles are castor-oil nylon',
    evidence_url: 'https://example.com/bristles.pdf',
  });
  for (const [claim, product] of [
    [aboutBrush, brush],
    [aboutSoap, soap],
    [pendingAboutBrush, brush],
  ] as const)
    await must(
      w.service.from('sustainability_claims').update({ product_id: product.id }).eq('id', claim.id),
    );
  await admin.api.admin.reviewClaim(aboutBrush.id, 'approved');
  await admin.api.admin.reviewClaim(aboutSoap.id, 'approved');
  brushClaimId = aboutBrush.id;
  soapClaimId = aboutSoap.id;
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

  it("finds brackets, commas and LIKE's wildcards as typed, never everything", async () => {
    const ids = async (search: string) =>
      (await w.anon.products.list({ search, merchantId: merchant.id })).rows.map((p) => p.id);
    expect(await ids('(4 in a pack), 100%')).toEqual([brush.id]);
    expect(await ids('100%')).toEqual([brush.id]);
    // Alone, % is the character, which only the brush's description has, not "any text"; nor
    // are _ and the rest wildcards.
    expect(await ids('%')).toEqual([brush.id]);
    for (const search of ['_', '\\', '"', 'b_mboo', 'bam%boo'])
      expect(await ids(search)).toEqual([]);
  });

  it('rejects an over-long search', async () => {
    await expect(w.anon.products.list({ search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('product detail', () => {
  it('shows the merchant, the claims about the product and, apart, the company-wide ones', async () => {
    const detail = await w.anon.products.getDetail(brush.slug);
    expect(detail).toMatchObject({
      id: brush.id,
      co2e_grams: 120,
      co2e_source: 'Supplier life-cycle assessment 2025',
      merchant: { id: merchant.id, company_name: 'Tidewater Co' },
    });
    // Approved and unexpired only; the claim about the soap is on neither list.
    expect(detail.product_claims).toEqual([
      {
        id: brushClaimId,
        claim: 'Handle is FSC-certified bamboo',
        category: 'materials',
        issuer: 'FSC',
        expires_on: null,
        evidence_url: 'https://example.com/fsc.pdf',
        product_id: brush.id,
      },
    ]);
    expect(detail.merchant_claims).toEqual([
      {
        id: expect.any(String),
        claim: 'Plastic-free shipping',
        category: 'packaging',
        issuer: 'Pack Audit',
        expires_on: null,
        evidence_url: 'https://example.com/audit.pdf',
        product_id: null,
      },
    ]);
    const soapDetail = await w.anon.products.getDetail(soap.slug);
    expect(soapDetail.product_claims.map((c) => c.id)).toEqual([soapClaimId]);
    expect(soapDetail.merchant_claims.map((c) => c.claim)).toEqual(['Plastic-free shipping']);
  });

  it('shows the merchant its own claims the same way: never another product’s, never unverified', async () => {
    const detail = await merchant.api.products.getDetail(brush.slug);
    expect(detail.product_claims.map((c) => c.id)).toEqual([brushClaimId]);
    expect(detail.merchant_claims.map((c) => c.claim)).toEqual(['Plastic-free shipping']);
  });

  it('is not found for unknown slugs', async () => {
    await expect(w.anon.products.getDetail(`missing-${unique()}`)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('product cards', () => {
  it('lists products with their own claims and their merchant’s company-wide ones, in one page', async () => {
    const page = await w.anon.products.listCards({ merchantId: merchant.id, pageSize: 10 });
    expect(page.total).toBe(page.rows.length);
    const byId = new Map(page.rows.map((row) => [row.id, row]));
    expect(byId.get(brush.id)).toMatchObject({
      id: brush.id,
      slug: brush.slug,
      merchant: { id: merchant.id, company_name: 'Tidewater Co' },
      product_claims: [expect.objectContaining({ id: brushClaimId, product_id: brush.id })],
      merchant_claims: [
        expect.objectContaining({ claim: 'Plastic-free shipping', product_id: null }),
      ],
    });
    // A claim about the soap is never on the brush's card, and the other way round.
    expect(byId.get(soap.id)?.product_claims.map((c) => c.id)).toEqual([soapClaimId]);
    expect(byId.get(brush.id)?.product_claims.map((c) => c.id)).toEqual([brushClaimId]);
  });

  it('narrows and pages like list', async () => {
    const cards = await w.anon.products.listCards({ search: soap.name, pageSize: 5 });
    const plain = await w.anon.products.list({ search: soap.name, pageSize: 5 });
    expect(cards.rows.map((row) => row.id)).toEqual(plain.rows.map((row) => row.id));
    expect(cards.total).toBe(plain.total);
  });

  it('gives a page past the last one no rows and the true total, not an error', async () => {
    const first = await w.anon.products.listCards({ merchantId: merchant.id, pageSize: 1 });
    expect(first.total).toBeGreaterThan(1);
    const past = await w.anon.products.listCards({
      merchantId: merchant.id,
      page: first.total + 5,
      pageSize: 1,
    });
    expect(past).toEqual({ rows: [], total: first.total });
    // The same for the plain list, through the same helper.
    await expect(
      w.anon.products.list({ merchantId: merchant.id, page: 999, pageSize: 1 }),
    ).resolves.toEqual({ rows: [], total: first.total });
  });

  it('answers bad filters with a validation error', async () => {
    await expect(w.anon.products.listCards({ merchantId: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(w.anon.products.listCards({ category: 'weapons' as never })).rejects.toMatchObject(
      { code: 'validation_failed' },
    );
  });
});

describe('product order', () => {
  let seller: Actor;
  /** Three at one price (300), then 900 and 1200; footprints 500, none, 50, 50 and none. */
  let tied: Product[];
  let mid: Product;
  let dear: Product;
  const byId = (products: Product[]) => products.map((p) => p.id).sort();

  beforeAll(async () => {
    seller = await w.approvedMerchant('Ordered');
    const make = async (name: string, price_cents: number, co2e_grams: number | null) => {
      const draft = await seller.api.products.create({
        name,
        slug: `ordered-${unique()}`,
        price_cents,
        ...(co2e_grams === null ? {} : { co2e_grams, co2e_source: 'Supplier estimate' }),
      });
      await seller.api.products.submitForReview(draft.id);
      return admin.api.admin.reviewProduct(draft.id, 'approved');
    };
    tied = [
      await make('Jute tote A', 300, 500),
      await make('Jute tote B', 300, null),
      await make('Jute tote C', 300, 50),
    ];
    mid = await make('Linen apron', 900, 50);
    dear = await make('Wool blanket', 1200, null);
    // Ties on the creation time too (the service may set it): the dearest is newest, the three
    // totes share one time, the apron is oldest.
    const at = (products: Product[], time: string) =>
      must(
        w.service
          .from('products')
          .update({ created_at: time })
          .in(
            'id',
            products.map((p) => p.id),
          ),
      );
    await at([dear], '2026-03-03T00:00:00Z');
    await at(tied, '2026-02-02T00:00:00Z');
    await at([mid], '2026-01-01T00:00:00Z');
  });

  const ids = async (sort?: ProductSort, extra: { search?: string } = {}) =>
    (
      await w.anon.products.listCards({
        merchantId: seller.id,
        pageSize: 10,
        ...(sort ? { sort } : {}),
        ...extra,
      })
    ).rows.map((row) => row.id);

  it('orders by price, low to high and high to low, ties by id', async () => {
    const cheapFirst = await w.anon.products.listCards({
      merchantId: seller.id,
      sort: 'price-asc',
    });
    expect(cheapFirst.rows.map((row) => row.price_cents)).toEqual([300, 300, 300, 900, 1200]);
    expect(cheapFirst.rows.map((row) => row.id)).toEqual([...byId(tied), mid.id, dear.id]);
    expect(await ids('price-desc')).toEqual([dear.id, mid.id, ...byId(tied)]);
    // The plain list reads in the same order.
    const plain = await w.anon.products.list({ merchantId: seller.id, sort: 'price-desc' });
    expect(plain.rows.map((row) => row.id)).toEqual([dear.id, mid.id, ...byId(tied)]);
  });

  it('puts the lowest footprint first and products without an estimate last', async () => {
    const [a, b, c] = tied as [Product, Product, Product];
    expect(await ids('footprint')).toEqual([...byId([c, mid]), a.id, ...byId([b, dear])]);
  });

  it('is newest first by default, as before, ties by id', async () => {
    const newest = [dear.id, ...byId(tied), mid.id];
    expect(await ids()).toEqual(newest);
    expect(await ids('newest')).toEqual(newest);
  });

  it('sorts within a search', async () => {
    // One price: the ties keep the id order.
    expect(await ids('price-desc', { search: 'jute tote' })).toEqual(byId(tied));
    expect(await ids('footprint', { search: 'jute tote' })).toEqual(
      [tied[2]!, tied[0]!, tied[1]!].map((p) => p.id),
    );
  });

  it('pages every order without repeating or skipping a product', async () => {
    for (const sort of PRODUCT_SORTS) {
      const all = await ids(sort);
      const paged: string[] = [];
      for (let page = 0; page < 3; page += 1) {
        const { rows, total } = await w.anon.products.listCards({
          merchantId: seller.id,
          sort,
          page,
          pageSize: 2,
        });
        expect(total).toBe(5);
        paged.push(...rows.map((row) => row.id));
      }
      expect(paged, sort).toEqual(all);
      expect(new Set(paged).size).toBe(5);
    }
  });

  it('refuses an unknown sort before any request', async () => {
    let requests = 0;
    const api = await w.signIn(seller.email, {
      fetch: (input, init) => {
        requests += 1;
        return fetch(input, init);
      },
    });
    requests = 0;
    for (const sort of ['cheapest', 'price', '', 'created_at.desc'])
      for (const read of [api.products.listCards, api.products.list])
        await expect(read({ sort: sort as never })).rejects.toMatchObject({
          code: 'validation_failed',
          details: { field: 'sort' },
        });
    expect(requests).toBe(0);
  });
});

describe('the shop’s merchant', () => {
  it('names an approved merchant, and is not found for others or unknown ids', async () => {
    await expect(w.anon.products.getMerchant(merchant.id)).resolves.toEqual({
      id: merchant.id,
      company_name: 'Tidewater Co',
    });
    const pending = await w.actor('merchant');
    await must(
      w.service.from('merchant_profiles').insert({ id: pending.id, company_name: 'Pending Co' }),
    );
    await expect(w.anon.products.getMerchant(pending.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      w.anon.products.getMerchant('00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.anon.products.getMerchant('not-a-uuid')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('storefront claims', () => {
  it('a storefront shows each product with its own claims and, apart, the company-wide ones', async () => {
    const affiliate = await w.actor('affiliate');
    const slug = `claims-${unique()}`;
    const storefront = await affiliate.api.storefronts.create({ slug, title: 'Bathroom swaps' });
    await affiliate.api.storefronts.addItem(storefront.id, { product_id: brush.id });
    await affiliate.api.storefronts.update(storefront.id, { is_published: true });

    const expectBrushClaims = (product: {
      product_claims: { id: string; claim: string }[];
      merchant_claims: { id: string; claim: string }[];
    }) => {
      expect(product.product_claims.map((c) => c.id)).toEqual([brushClaimId]);
      expect(product.merchant_claims.map((c) => c.claim)).toEqual(['Plastic-free shipping']);
      // The claim about the soap (another product of the merchant) is on neither list.
      const ids = [...product.product_claims, ...product.merchant_claims].map((c) => c.id);
      expect(ids).not.toContain(soapClaimId);
    };
    // The one-read view the page is drawn from, and the separate reads, answer alike.
    const view = await w.anon.storefronts.getPublicPage(slug);
    expect(view.products.map((p) => p.id)).toEqual([brush.id]);
    expectBrushClaims(view.products[0]!);
    const products = await w.anon.storefronts.listProducts(
      await w.anon.storefronts.getBySlug(slug),
    );
    expectBrushClaims(products[0]!);
  });
});
