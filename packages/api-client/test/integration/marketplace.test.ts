import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AffiliateLink,
  AffiliateProgram,
  Product,
  ProgramMembership,
} from '../../src/index.ts';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let merchant: Actor;
let otherMerchant: Actor;
let affiliateA: Actor;
let affiliateB: Actor;
let program: AffiliateProgram;
let product: Product;
let membership: ProgramMembership;
let link: AffiliateLink;

beforeAll(async () => {
  [admin, merchant, otherMerchant, affiliateA, affiliateB] = await Promise.all([
    w.actor('admin'),
    w.approvedMerchant('Fern Market'),
    w.approvedMerchant('Other Goods'),
    w.actor('affiliate', 'Affiliate A'),
    w.actor('affiliate', 'Affiliate B'),
  ]);
});

describe('programs', () => {
  it('a merchant creates a percent program; affiliates browse it', async () => {
    program = await merchant.api.programs.create({
      name: 'Zero-waste kitchen',
      commission_type: 'percent',
      commission_rate_bps: 1200,
      cookie_window_days: 45,
      holding_days: 14,
    });
    expect(program).toMatchObject({
      merchant_id: merchant.id,
      commission_rate_bps: 1200,
      commission_flat_cents: null,
      status: 'active',
    });
    const browse = await affiliateA.api.programs.list();
    expect(browse.rows.map((p) => p.id)).toContain(program.id);
    await expect(merchant.api.programs.listMine()).resolves.toMatchObject({ total: 1 });
  });

  it('an affiliate cannot create a program (forbidden by row-level security)', async () => {
    await expect(
      affiliateA.api.programs.create({
        name: 'Sneaky',
        commission_type: 'flat',
        commission_flat_cents: 500,
      }),
    ).rejects.toMatchObject({ code: 'forbidden', upstreamCode: '42501' });
  });

  it('another merchant cannot change or delete the program (not_found: it is not theirs)', async () => {
    await expect(
      otherMerchant.api.programs.update(program.id, { name: 'Mine now' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(otherMerchant.api.programs.remove(program.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      merchant.api.programs.update(program.id, { holding_days: 30 }),
    ).resolves.toMatchObject({ holding_days: 30 });
  });

  it('anonymous visitors see no programs', async () => {
    await expect(w.anon.programs.list()).resolves.toEqual({ rows: [], total: 0 });
  });
});

describe('memberships', () => {
  it('an affiliate applies and the merchant approves', async () => {
    membership = await affiliateA.api.memberships.apply(program.id, 'I review refill shops');
    expect(membership).toMatchObject({ status: 'pending', affiliate_id: affiliateA.id });
    await expect(merchant.api.memberships.listForProgram(program.id)).resolves.toMatchObject({
      total: 1,
    });
    await expect(
      affiliateA.api.memberships.decide(membership.id, 'approved'),
    ).rejects.toMatchObject({ code: 'not_found' });
    membership = await merchant.api.memberships.decide(membership.id, 'approved');
    expect(membership).toMatchObject({ status: 'approved', decided_by: merchant.id });
    await expect(affiliateA.api.memberships.listMine()).resolves.toMatchObject({ total: 1 });
  });

  it("another affiliate neither sees nor decides someone else's membership", async () => {
    await expect(affiliateB.api.memberships.listForProgram(program.id)).resolves.toEqual({
      rows: [],
      total: 0,
    });
    await expect(affiliateB.api.memberships.leave(membership.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('applying twice is a conflict', async () => {
    await expect(affiliateA.api.memberships.apply(program.id)).rejects.toMatchObject({
      code: 'conflict',
      upstreamCode: '23505',
    });
  });
});

describe('products', () => {
  it('a merchant lists a draft, submits it, an admin approves it, then it is public', async () => {
    const slug = `bamboo-brush-${unique()}`;
    product = await merchant.api.products.create({
      name: 'Bamboo toothbrush',
      slug,
      price_cents: 450,
      sustainability_attributes: ['plastic-free', 'biodegradable'],
      co2e_grams: 120,
      co2e_source: 'Supplier life-cycle assessment 2025',
      images: ['/images/products/bamboo-brush.svg'],
    });
    expect(product).toMatchObject({ status: 'draft', price_cents: 450, currency: 'USD' });
    await expect(w.anon.products.getBySlug(slug)).rejects.toMatchObject({ code: 'not_found' });
    await merchant.api.products.submitForReview(product.id);
    await expect(merchant.api.admin.reviewProduct(product.id, 'approved')).rejects.toMatchObject({
      code: 'forbidden',
    });
    product = await admin.api.admin.reviewProduct(product.id, 'approved');
    expect(product).toMatchObject({ status: 'approved', reviewed_by: admin.id });
    await expect(w.anon.products.getBySlug(slug)).resolves.toMatchObject({ id: product.id });
    const listed = await w.anon.products.list({ category: 'other' });
    expect(listed.rows.map((p) => p.id)).toContain(product.id);
  });

  it('affiliates cannot add products and other merchants cannot edit them', async () => {
    await expect(
      affiliateA.api.products.create({ name: 'Fake', slug: `fake-${unique()}`, price_cents: 100 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      otherMerchant.api.products.update(product.id, { price_cents: 100 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a merchant searches its own products by name or slug and status, and no one else’s', async () => {
    const tag = unique();
    const draft = await merchant.api.products.create({
      name: `Refill pouch ${tag}`,
      slug: `pouch-${tag}`,
      price_cents: 900,
    });
    await otherMerchant.api.products.create({
      name: `Refill pouch ${tag} (other)`,
      slug: `other-pouch-${tag}`,
      price_cents: 900,
    });
    const byName = await merchant.api.products.listMine({ search: `POUCH ${tag}` });
    expect(byName).toMatchObject({ total: 1, rows: [{ id: draft.id }] });
    await expect(merchant.api.products.listMine({ search: `pouch-${tag}` })).resolves.toMatchObject(
      { total: 1 },
    );
    // Each word on its own, in any order.
    await expect(
      merchant.api.products.listMine({ search: `${tag} refill` }),
    ).resolves.toMatchObject({ total: 1, rows: [{ id: draft.id }] });
    await expect(
      merchant.api.products.listMine({ search: `refill ${tag} bottle` }),
    ).resolves.toMatchObject({ total: 0 });
    const drafts = await merchant.api.products.listMine({ search: tag, status: 'draft' });
    expect(drafts.rows.map((p) => p.id)).toEqual([draft.id]);
    await expect(
      merchant.api.products.listMine({ search: tag, status: 'approved' }),
    ).resolves.toMatchObject({ total: 0, rows: [] });
    const approved = await merchant.api.products.listMine({ status: 'approved' });
    expect(approved.rows.every((p) => p.status === 'approved')).toBe(true);
    expect(approved.rows.map((p) => p.id)).toContain(product.id);
    // The filter syntax cannot be smuggled in: it is matched as plain words.
    await expect(
      merchant.api.products.listMine({ search: `${tag}*,merchant_id.neq.x` }),
    ).resolves.toMatchObject({ total: 0 });
    await expect(
      merchant.api.products.listMine({ status: 'sold' as 'draft' }),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'status' } });
    await expect(merchant.api.products.listMine({ search: 'x'.repeat(101) })).rejects.toMatchObject(
      { code: 'validation_failed', details: { field: 'search' } },
    );
  });
});

describe('links', () => {
  it('an approved member creates a program link; others cannot see or change it', async () => {
    const code = `eco${unique()}`;
    link = await affiliateA.api.links.create({
      code,
      destination_url: 'https://example.com/shop',
      program_id: program.id,
      product_id: product.id,
      title: 'Bamboo brush',
    });
    expect(link).toMatchObject({ code, affiliate_id: affiliateA.id, is_active: true });
    await expect(affiliateA.api.links.listMine()).resolves.toMatchObject({ total: 1 });
    await expect(affiliateB.api.links.listMine()).resolves.toEqual({ rows: [], total: 0 });
    await expect(affiliateB.api.links.update(link.id, { is_active: false })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(affiliateB.api.links.remove(link.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(affiliateA.api.links.update(link.id, { title: 'Brush' })).resolves.toMatchObject({
      title: 'Brush',
    });
  });

  it('a non-member cannot link into the program, and codes are unique', async () => {
    await expect(
      affiliateB.api.links.create({
        code: `b${unique()}`,
        destination_url: 'https://example.com',
        program_id: program.id,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      affiliateB.api.links.create({ code: link.code, destination_url: 'https://example.com' }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('daily roll-ups follow recorded clicks', async () => {
    await must(
      w.service.from('link_clicks').insert([
        { link_id: link.id, visitor_hash: 'visitor-aaaaaaaaaaaa' },
        { link_id: link.id, visitor_hash: 'visitor-aaaaaaaaaaaa' },
        { link_id: link.id, visitor_hash: 'visitor-bbbbbbbbbbbb' },
      ]),
    );
    const days = await affiliateA.api.links.dailyClicks(link.id);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ clicks: 3, unique_clicks: 2 });
    await expect(merchant.api.links.dailyClicks(link.id)).resolves.toHaveLength(1);
    await expect(affiliateB.api.links.dailyClicks(link.id)).resolves.toEqual([]);
  });
});

describe('orders and commissions', () => {
  let orderId: string;
  let commissionId: string;
  let buyer: Actor;

  beforeAll(async () => {
    buyer = await w.actor('affiliate', 'Buyer');
    const paidAt = new Date().toISOString();
    const order = await must(
      w.service
        .from('orders')
        .insert({
          buyer_id: buyer.id,
          merchant_id: merchant.id,
          status: 'paid',
          subtotal_cents: 900,
          total_cents: 900,
          merchant_amount_cents: 700,
          affiliate_amount_cents: 108,
          platform_fee_cents: 60,
          payment_fee_cents: 32,
          affiliate_link_id: link.id,
          attributed_affiliate_id: affiliateA.id,
          paid_at: paidAt,
        })
        .select('id')
        .single(),
    );
    orderId = order.id;
    await must(
      w.service.from('order_items').insert({
        order_id: orderId,
        product_id: product.id,
        product_name: product.name,
        unit_price_cents: 450,
        quantity: 2,
        line_total_cents: 900,
        currency: 'USD',
      }),
    );
    const commission = await must(
      w.service
        .from('commissions')
        .insert({
          affiliate_id: affiliateA.id,
          merchant_id: merchant.id,
          program_id: program.id,
          order_id: orderId,
          link_id: link.id,
          amount_cents: 108,
          available_at: paidAt,
        })
        .select('id')
        .single(),
    );
    commissionId = commission.id;
  });

  it('the buyer and the merchant see the order with its items; others do not', async () => {
    await expect(buyer.api.orders.listMine()).resolves.toMatchObject({ total: 1 });
    await expect(merchant.api.orders.listSales()).resolves.toMatchObject({ total: 1 });
    const order = await buyer.api.orders.get(orderId);
    expect(order.order_items).toHaveLength(1);
    expect(order.order_items[0]).toMatchObject({ quantity: 2, line_total_cents: 900 });
    await expect(otherMerchant.api.orders.get(orderId)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(affiliateB.api.orders.get(orderId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('anyone holding the order id learns its status, and only that', async () => {
    await expect(w.anon.orders.paymentStatus(orderId)).resolves.toBe('paid');
    await expect(affiliateB.api.orders.paymentStatus(orderId)).resolves.toBe('paid');
    await expect(
      w.anon.orders.paymentStatus('00000000-0000-4000-8000-00000000ffff'),
    ).resolves.toBeNull();
  });

  it('the affiliate sees its commission and totals; another affiliate sees nothing', async () => {
    await expect(affiliateA.api.commissions.listMine()).resolves.toMatchObject({ total: 1 });
    await expect(affiliateA.api.commissions.totals()).resolves.toEqual({ USD: { pending: 108 } });
    await expect(
      merchant.api.commissions.listForMerchant({ status: 'pending' }),
    ).resolves.toMatchObject({ total: 1 });
    await expect(affiliateB.api.commissions.listMine()).resolves.toEqual({ rows: [], total: 0 });
  });

  it('only an admin moves a commission along its lifecycle, and only forwards', async () => {
    await expect(
      affiliateA.api.admin.setCommissionStatus(commissionId, 'approved'),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      admin.api.admin.setCommissionStatus(commissionId, 'approved'),
    ).resolves.toMatchObject({ status: 'approved' });
    await expect(
      admin.api.admin.setCommissionStatus(commissionId, 'reversed'),
    ).resolves.toMatchObject({ status: 'reversed' });
    await expect(admin.api.admin.setCommissionStatus(commissionId, 'paid')).rejects.toMatchObject({
      code: 'validation_failed',
      upstreamCode: '23514',
    });
  });

  it('an admin releases due commissions, bundles them into a payout and marks it paid', async () => {
    const paidAt = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const order = await must(
      w.service
        .from('orders')
        .insert({
          buyer_id: buyer.id,
          merchant_id: merchant.id,
          status: 'paid',
          subtotal_cents: 2000,
          total_cents: 2000,
          merchant_amount_cents: 1600,
          affiliate_amount_cents: 240,
          platform_fee_cents: 100,
          payment_fee_cents: 60,
          attributed_affiliate_id: affiliateA.id,
          paid_at: paidAt,
        })
        .select('id')
        .single(),
    );
    const due = await must(
      w.service
        .from('commissions')
        .insert({
          affiliate_id: affiliateA.id,
          merchant_id: merchant.id,
          program_id: program.id,
          order_id: order.id,
          amount_cents: 240,
          available_at: paidAt,
        })
        .select('id')
        .single(),
    );

    await expect(affiliateA.api.admin.releaseDueCommissions()).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can release commissions',
    });
    await expect(admin.api.admin.releaseDueCommissions()).resolves.toBeGreaterThanOrEqual(1);
    await expect(affiliateA.api.admin.createPayout(affiliateA.id)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can create payouts',
    });
    const payout = await admin.api.admin.createPayout(affiliateA.id);
    expect(payout).toMatchObject({
      affiliate_id: affiliateA.id,
      amount_cents: 240,
      status: 'processing',
    });
    await expect(admin.api.admin.createPayout(affiliateA.id)).resolves.toBeNull();

    const paid = await admin.api.admin.markPayoutPaid(payout!.id, 'tr_test_123');
    expect(paid).toMatchObject({ status: 'paid', stripe_transfer_id: 'tr_test_123' });
    const mine = await affiliateA.api.commissions.listMine({ status: 'paid' });
    expect(mine.rows.map((c) => c.id)).toEqual([due.id]);
    await expect(affiliateA.api.commissions.listPayouts()).resolves.toMatchObject({ total: 1 });
    await expect(affiliateB.api.commissions.listPayouts()).resolves.toEqual({ rows: [], total: 0 });
  });

  it('revenue transparency is public and reveals only months with at least three sales', async () => {
    await expect(w.anon.orders.revenueTransparency()).resolves.toEqual([]);
  });
});

describe('storefronts', () => {
  it('an affiliate builds and publishes a storefront that anyone can open', async () => {
    const slug = `green-picks-${unique()}`;
    const storefront = await affiliateA.api.storefronts.create({ slug, title: 'Green picks' });
    await expect(w.anon.storefronts.getBySlug(slug)).rejects.toMatchObject({ code: 'not_found' });
    await affiliateA.api.storefronts.addItem(storefront.id, {
      product_id: product.id,
      affiliate_link_id: link.id,
      note: 'Daily use',
    });
    await expect(w.anon.storefronts.listPublicItems(slug)).resolves.toEqual([]);
    await expect(w.anon.storefronts.getPublicPage(slug)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(affiliateA.api.storefronts.getPublicPage(slug)).resolves.toMatchObject({
      storefront: { id: storefront.id, is_published: false },
      items: [],
      products: [{ id: product.id }],
    });
    await affiliateA.api.storefronts.update(storefront.id, { is_published: true });
    await expect(w.anon.storefronts.listPublicItems(slug)).resolves.toEqual([
      {
        id: expect.any(String),
        product_id: product.id,
        note: 'Daily use',
        link_code: link.code,
        item_position: 0,
      },
    ]);
    await expect(w.anon.storefronts.listPublicItems('Not A Slug')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    const shown = await w.anon.storefronts.getBySlug(slug);
    expect(shown.storefront_items.map((i) => i.product_id)).toEqual([product.id]);
    const products = await w.anon.storefronts.listProducts(shown);
    expect(products.map((p) => [p.id, p.name])).toEqual([[product.id, product.name]]);
    expect(
      [...products[0]!.product_claims, ...products[0]!.merchant_claims].every(
        (c) => typeof c.claim === 'string',
      ),
    ).toBe(true);
    await expect(w.anon.storefronts.listProducts({ storefront_items: [] })).resolves.toEqual([]);
    // The owner's public face: name, username and picture (none uploaded here).
    const owner = await w.anon.storefronts.getOwner(shown);
    expect(owner).toMatchObject({ id: affiliateA.id, profile_image: null });
    expect(Object.keys(owner ?? {}).sort()).toEqual(['id', 'name', 'profile_image', 'username']);
    // The one-read view answers what the separate reads answer (claims in any order).
    const sorted = (claims: { id: string }[]) =>
      [...claims].sort((a, b) => a.id.localeCompare(b.id));
    const byClaimId = (
      list: { product_claims: { id: string }[]; merchant_claims: { id: string }[] }[],
    ) =>
      list.map((p) => ({
        ...p,
        product_claims: sorted(p.product_claims),
        merchant_claims: sorted(p.merchant_claims),
      }));
    const view = await w.anon.storefronts.getPublicPage(slug);
    const { storefront_items: _items, ...storefrontRow } = shown;
    expect({ ...view, products: byClaimId(view.products) }).toEqual({
      storefront: storefrontRow,
      items: await w.anon.storefronts.listPublicItems(slug),
      products: byClaimId(products),
      owner: await w.anon.storefronts.getOwner(shown),
    });
    await expect(w.anon.storefronts.getPublicPage(`${slug}-missing`)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(w.anon.storefronts.getPublicPage('Not A Slug')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      w.anon.storefronts.listProducts({
        storefront_items: [{ ...shown.storefront_items[0]!, product_id: 'not-a-uuid' }],
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      affiliateB.api.storefronts.update(storefront.id, { title: 'Taken over' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      affiliateB.api.storefronts.addItem(storefront.id, { product_id: product.id }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(affiliateB.api.storefronts.create({ slug, title: 'Copy' })).rejects.toMatchObject({
      code: 'conflict',
    });
    // The free plan includes one storefront: a second is refused and nothing is created.
    const second = `green-picks-${unique()}`;
    await expect(
      affiliateA.api.storefronts.create({ slug: second, title: 'More picks' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message:
        'The free plan includes one storefront. Affiliate Pro unlocks unlimited storefronts.',
    });
    await expect(w.anon.storefronts.getBySlug(second)).rejects.toMatchObject({ code: 'not_found' });
    const mine = await must(
      w.service.from('storefronts').select('id').eq('owner_id', affiliateA.id),
    );
    expect(mine).toHaveLength(1);
  });
});

describe('link pages', () => {
  it('an affiliate builds the /@username page; visitors see only visible items once published', async () => {
    const page = await affiliateA.api.linkPages.create({
      title: 'Affiliate A',
      bio: 'Low-waste living',
    });
    await affiliateA.api.linkPages.addItem(page.id, { kind: 'header', label: 'Favourites' });
    await affiliateA.api.linkPages.addItem(page.id, {
      kind: 'affiliate_link',
      affiliate_link_id: link.id,
      position: 1,
    });
    await affiliateA.api.linkPages.addItem(page.id, {
      kind: 'link',
      label: 'Blog',
      url: 'https://example.com/blog',
      position: 2,
      is_visible: false,
    });
    const { username } = (await affiliateA.api.profiles.fetchProfile(affiliateA.id))!;
    // The owner's preview has every item, hidden ones too, with the addresses visitors will get.
    await expect(affiliateA.api.linkPages.listPreviewItems()).resolves.toMatchObject([
      { kind: 'header', label: 'Favourites', link_code: null, is_visible: true },
      { kind: 'affiliate_link', link_code: link.code, is_visible: true },
      { kind: 'link', url: 'https://example.com/blog', is_visible: false },
    ]);
    await expect(affiliateB.api.linkPages.listPreviewItems()).resolves.toEqual([]);
    await expect(w.anon.linkPages.listPreviewItems()).resolves.toEqual([]);
    await expect(w.anon.linkPages.getByUsername(username)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(w.anon.linkPages.listPublicItems(username)).resolves.toEqual([]);
    // The one-read view: a visitor gets nothing before publishing; the owner gets the draft,
    // without public items.
    await expect(w.anon.linkPages.getPublicPage(username)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(affiliateA.api.linkPages.getPublicPage(username)).resolves.toMatchObject({
      page: { id: page.id, is_published: false },
      items: [],
    });
    await affiliateA.api.linkPages.update(page.id, { is_published: true });
    const shown = await w.anon.linkPages.getByUsername(username);
    expect(shown.link_page_items.map((i) => i.kind)).toEqual(['header', 'affiliate_link']);
    const visible = await w.anon.linkPages.listPublicItems(username);
    expect(visible.map((i) => [i.kind, i.label, i.link_code])).toEqual([
      ['header', 'Favourites', null],
      ['affiliate_link', null, link.code],
    ]);
    // Published, the view is what the separate reads answer, in one request.
    const view = await w.anon.linkPages.getPublicPage(username);
    const { link_page_items: _items, ...pageRow } = shown;
    expect(view).toEqual({
      page: pageRow,
      items: visible,
      profile: await w.anon.account.publicProfile(username),
    });
    expect(JSON.stringify(view)).not.toContain('example.com/shop');
    await expect(w.anon.linkPages.getPublicPage('nobody-has-this-name')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(w.anon.linkPages.getPublicPage('../admin')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect(JSON.stringify(visible)).not.toContain('example.com/shop');
    // A disabled link takes its item off the public page; enabling it brings the item back.
    await affiliateA.api.links.update(link.id, { is_active: false });
    await expect(w.anon.linkPages.listPublicItems(username)).resolves.toMatchObject([
      { kind: 'header' },
    ]);
    const previewOff = await affiliateA.api.linkPages.listPreviewItems();
    expect(previewOff.find((i) => i.kind === 'affiliate_link')?.link_code).toBeNull();
    await affiliateA.api.links.update(link.id, { is_active: true });
    await expect(w.anon.linkPages.listPublicItems('x')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(affiliateA.api.linkPages.getMine()).resolves.toMatchObject({ id: page.id });
    await expect(affiliateB.api.linkPages.getMine()).resolves.toBeNull();
    await expect(
      affiliateB.api.linkPages.addItem(page.id, { kind: 'header', label: 'Hijack' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(affiliateA.api.linkPages.create({ title: 'Second page' })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('the owner edits an item; others cannot, and bad input changes nothing', async () => {
    const page = (await affiliateA.api.linkPages.getMine())!;
    const blog = page.link_page_items.find((i) => i.kind === 'link')!;
    const edited = await affiliateA.api.linkPages.updateItem(blog.id, {
      label: 'My blog',
      url: 'https://example.com/journal',
      is_visible: true,
    });
    expect(edited).toMatchObject({ label: 'My blog', url: 'https://example.com/journal' });
    await expect(
      affiliateA.api.linkPages.updateItem(blog.id, { url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(affiliateA.api.linkPages.updateItem(blog.id, {})).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      affiliateB.api.linkPages.updateItem(blog.id, { label: 'Hijacked' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const after = (await affiliateA.api.linkPages.getMine())!;
    expect(after.link_page_items.find((i) => i.id === blog.id)).toMatchObject({
      label: 'My blog',
      url: 'https://example.com/journal',
    });
  });
});
