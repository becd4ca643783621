import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from '../../src/index.ts';
import { USER_ID, clientWith, json, signedInClientWith } from './fake-fetch.ts';

const ADDRESS = {
  name: 'Gwen Buyer',
  line1: '12 Fern Street',
  line2: null,
  city: 'Bristol',
  postal_code: 'BS1 4DJ',
  state: null,
  country: 'GB',
};

const ROW = {
  id: '0d6f0a4e-3b7c-4f2e-9a1d-5c8b7e6f4a3b',
  created_at: '2026-11-29T10:00:00Z',
  paid_at: '2026-11-29T10:01:00Z',
  status: 'paid',
  currency: 'USD',
  total_cents: 4000,
  refunded_cents: 0,
  shipping_address: ADDRESS,
  merchant: { company_name: 'Fern & Loom' },
  order_items: [
    {
      product_name: 'Linen bag',
      quantity: 2,
      unit_price_cents: 2000,
      line_total_cents: 4000,
      product: { slug: 'linen-bag' },
    },
  ],
};

function withCount(body: unknown, total: number) {
  const response = json(body);
  response.headers.set('content-range', `0-0/${total}`);
  return response;
}

describe('orders.listPurchases', () => {
  it.each([
    ['a negative page', { page: -1 }, 'page'],
    ['a fractional page', { page: 1.5 }, 'page'],
    ['a page size of 0', { pageSize: 0 }, 'pageSize'],
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['a flag that is no boolean', { includeNotCompleted: 'yes' }, 'includeNotCompleted'],
    ['an unknown field', { buyer: USER_ID }, 'input.buyer'],
    ['no object', 'all', 'input'],
  ])('refuses %s before any request', async (_name, input, field) => {
    const { api, mock } = signedInClientWith([]);
    await expect(api.orders.listPurchases(input as never)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it('refuses a caller without a session, sending nothing', async () => {
    const { api, mock } = clientWith([]);
    await expect(api.orders.listPurchases()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(mock).not.toHaveBeenCalled();
  });

  it('asks for the buyer’s placed orders, newest first, one page, and flattens the embeds', async () => {
    const { api, requests } = signedInClientWith([withCount([ROW], 41)]);
    const page = await api.orders.listPurchases({ page: 2, pageSize: 20 });
    expect(page).toEqual({
      total: 41,
      rows: [
        {
          id: ROW.id,
          created_at: ROW.created_at,
          paid_at: ROW.paid_at,
          status: 'paid',
          currency: 'USD',
          total_cents: 4000,
          refunded_cents: 0,
          merchant_name: 'Fern & Loom',
          shipping_address: ADDRESS,
          items: [
            {
              product_name: 'Linen bag',
              quantity: 2,
              unit_price_cents: 2000,
              line_total_cents: 4000,
              product_slug: 'linen-bag',
            },
          ],
        },
      ],
    });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/rest/v1/orders');
    expect(url.searchParams.get('buyer_id')).toBe(`eq.${USER_ID}`);
    expect(url.searchParams.get('status')).toBe('in.(pending,paid,partially_refunded,refunded)');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.asc');
    expect(url.searchParams.get('offset')).toBe('40');
    expect(url.searchParams.get('limit')).toBe('20');
    const select = url.searchParams.get('select') ?? '';
    expect(select).toContain('merchant:merchant_profiles!orders_merchant_id_fkey(company_name)');
    expect(select).not.toContain('buyer_email');
    expect(select).not.toContain('fee');
  });

  it('adds the checkouts that ended unpaid when asked; a merchant and a product out of view are null', async () => {
    const { api, requests } = signedInClientWith([
      withCount(
        [
          {
            ...ROW,
            status: 'canceled',
            paid_at: null,
            shipping_address: null,
            merchant: null,
            order_items: [{ ...ROW.order_items[0], product: null }],
          },
        ],
        1,
      ),
    ]);
    const page = await api.orders.listPurchases({ includeNotCompleted: true });
    expect(new URL(requests[0]!.url).searchParams.get('status')).toBe(
      `in.(${PURCHASE_STATUSES.join(',')})`,
    );
    expect(page.rows[0]).toMatchObject({
      status: 'canceled',
      merchant_name: null,
      shipping_address: null,
      items: [{ product_name: 'Linen bag', product_slug: null }],
    });
  });
});
