import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/index.ts';
import { clientWith, json, USER_ID, signedInClientWith } from './fake-fetch.ts';

/*
 * Every domain call validates its input before anything is sent: each case below must reject
 * with 'validation_failed' naming the offending field, and the injected fetch must never run.
 */
type Case = [label: string, call: (api: ApiClient) => Promise<unknown>, field: string];

const longText = 'x'.repeat(5001);

const cases: Case[] = [
  [
    'links.create with a bad code',
    (api) => api.links.create({ code: 'no spaces', destination_url: 'https://x.test' }),
    'code',
  ],
  [
    'links.create with a javascript: URL',
    (api) => api.links.create({ code: 'good-code', destination_url: 'javascript:alert(1)' }),
    'destination_url',
  ],
  ['links.update with nothing to change', (api) => api.links.update(USER_ID, {}), 'link'],
  [
    'links.dailyClicks with a bad date',
    (api) => api.links.dailyClicks(USER_ID, { from: 'yesterday' }),
    'from',
  ],
  ['links.listMine with a huge page', (api) => api.links.listMine({ pageSize: 1000 }), 'pageSize'],
  [
    'programs.create with a percent over 100 %',
    (api) =>
      api.programs.create({ name: 'P', commission_type: 'percent', commission_rate_bps: 10_001 }),
    'commission_rate_bps',
  ],
  [
    'programs.create with fractional cents',
    (api) =>
      api.programs.create({ name: 'P', commission_type: 'flat', commission_flat_cents: 9.5 }),
    'commission_flat_cents',
  ],
  [
    'programs.create with an unknown commission type',
    (api) => api.programs.create({ name: 'P', commission_type: 'tiered' } as never),
    'commission_type',
  ],
  [
    'programs.update with a cookie window of 0 days',
    (api) => api.programs.update(USER_ID, { cookie_window_days: 0 }),
    'program.cookie_window_days',
  ],
  [
    'memberships.apply to a non-UUID program',
    (api) => api.memberships.apply('program-1'),
    'programId',
  ],
  [
    'memberships.decide with pending',
    (api) => api.memberships.decide(USER_ID, 'pending' as never),
    'decision',
  ],
  [
    'products.create with a negative price',
    (api) => api.products.create({ name: 'P', slug: 'good-slug', price_cents: -1 }),
    'product.price_cents',
  ],
  [
    // Above 999,999.99: the most Stripe charges in one payment.
    'products.create with a price above the limit',
    (api) => api.products.create({ name: 'P', slug: 'good-slug', price_cents: 100_000_000 }),
    'product.price_cents',
  ],
  [
    'products.update with a stock above the limit',
    (api) => api.products.update(USER_ID, { stock: 1_000_000_001 }),
    'product.stock',
  ],
  [
    'products.create with a bad slug',
    (api) => api.products.create({ name: 'P', slug: 'Bad_Slug', price_cents: 100 }),
    'product.slug',
  ],
  [
    'products.create approving itself',
    (api) =>
      api.products.create({
        name: 'P',
        slug: 'good-slug',
        price_cents: 100,
        status: 'approved' as never,
      }),
    'product.status',
  ],
  [
    'products.create with an unknown attribute',
    (api) =>
      api.products.create({
        name: 'P',
        slug: 'good-slug',
        price_cents: 100,
        sustainability_attributes: ['green' as never],
      }),
    'product.sustainability_attributes[0]',
  ],
  [
    'products.create without a name',
    (api) => api.products.create({ slug: 'good-slug', price_cents: 100 } as never),
    'product.name',
  ],
  [
    'products.list with an unknown category',
    (api) => api.products.list({ category: 'toys' as never }),
    'category',
  ],
  ['orders.get with a bad id', (api) => api.orders.get('42'), 'id'],
  ['orders.paymentStatus with a bad id', (api) => api.orders.paymentStatus('42'), 'id'],
  [
    'orders.revenueTransparency over 120 months',
    (api) => api.orders.revenueTransparency(500),
    'months',
  ],
  [
    'commissions.listMine with an unknown status',
    (api) => api.commissions.listMine({ status: 'lost' as never }),
    'status',
  ],
  [
    'storefronts.create with an empty title',
    (api) => api.storefronts.create({ slug: 'good-slug', title: '<b></b>' }),
    'storefront.title',
  ],
  [
    'storefronts.addItem with a negative position',
    (api) => api.storefronts.addItem(USER_ID, { product_id: USER_ID, position: -1 }),
    'position',
  ],
  [
    'linkPages.addItem of a link without a URL',
    (api) => api.linkPages.addItem(USER_ID, { kind: 'link', label: 'x' } as never),
    'url',
  ],
  [
    'linkPages.addItem of an unknown kind',
    (api) => api.linkPages.addItem(USER_ID, { kind: 'video' } as never),
    'kind',
  ],
  [
    'linkPages.getByUsername with a path',
    (api) => api.linkPages.getByUsername('../admin'),
    'username',
  ],
  ['courses.getBySlug with spaces', (api) => api.courses.getBySlug('green basics'), 'slug'],
  [
    'courses.verifyCertificate with a malformed code',
    (api) => api.courses.verifyCertificate('ABC'),
    'code',
  ],
  [
    'community.createPost with a two-letter title',
    (api) => api.community.createPost({ title: 'Hi', body: 'text' }),
    'post.title',
  ],
  [
    'community.comment that sanitises to nothing',
    (api) => api.community.comment(USER_ID, '<script>x</script>'),
    'body',
  ],
  [
    'community.react to both a post and a comment',
    (api) => api.community.react({ postId: USER_ID, commentId: USER_ID }, 'like'),
    'target',
  ],
  [
    'community.report with an unknown reason',
    (api) => api.community.report({ postId: USER_ID }, 'rude' as never),
    'reason',
  ],
  ['messages.send of a too long body', (api) => api.messages.send(USER_ID, longText), 'body'],
  [
    'messages.open with a bad counterpart',
    (api) => api.messages.open({ counterpartId: 'me' }),
    'counterpartId',
  ],
  [
    'messages.start with an empty first message',
    (api) => api.messages.start({ counterpartId: USER_ID, body: ' ' }),
    'body',
  ],
  [
    'messages.start with a bad counterpart',
    (api) => api.messages.start({ counterpartId: 'them', body: 'Hello' }),
    'counterpartId',
  ],
  [
    'admin.reviewProduct with a draft decision',
    (api) => api.admin.reviewProduct(USER_ID, 'draft' as never),
    'decision',
  ],
  [
    'admin.setCommissionStatus back to pending',
    (api) => api.admin.setCommissionStatus(USER_ID, 'pending' as never),
    'status',
  ],
  [
    'admin.listProfiles with an unknown role',
    (api) => api.admin.listProfiles({ role: 'owner' as never }),
    'role',
  ],
];

describe('domain modules validate input before any request', () => {
  it.each(cases)('%s', async (_label, call, field) => {
    const { api, mock } = clientWith([]);
    await expect(call(api)).rejects.toMatchObject({
      name: 'ApiError',
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('domain calls that need a session', () => {
  it('fail with unauthorized and send nothing when nobody is signed in', async () => {
    const { api, mock } = clientWith([]);
    await expect(api.links.listMine()).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(api.courses.enroll(USER_ID)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('commissions.totals', () => {
  it('reads every page of commissions and sums per currency and status', async () => {
    const page = (n: number, status: string, amount: number) =>
      Array.from({ length: n }, () => ({ amount_cents: amount, currency: 'USD', status }));
    const { api, requests } = signedInClientWith([
      json([
        ...page(999, 'approved', 10),
        { amount_cents: -5, currency: 'USD', status: 'approved' },
      ]),
      json(page(2, 'paid', 7)),
    ]);
    await expect(api.commissions.totals()).resolves.toEqual({ USD: { approved: 9985, paid: 14 } });
    expect(requests.map((r) => new URL(r.url).searchParams.get('offset'))).toEqual(['0', '1000']);
  });
});
