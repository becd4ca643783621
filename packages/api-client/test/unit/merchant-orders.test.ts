import { describe, expect, it } from 'vitest';
import { MERCHANT_ORDER_STATUSES, shippingAddressOf } from '../../src/index.ts';
import { USER_ID, clientWith, json, signedInClientWith } from './fake-fetch.ts';

const ADDRESS = {
  name: 'Gwen Guest',
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
  buyer_email: 'gwen@example.test',
  shipping_address: ADDRESS,
  order_items: [
    { product_name: 'Linen bag', quantity: 2, unit_price_cents: 2000, line_total_cents: 4000 },
  ],
};

function withCount(body: unknown, total: number) {
  const response = json(body);
  response.headers.set('content-range', `0-0/${total}`);
  return response;
}

describe('orders.listForMerchant', () => {
  it.each([
    ['a negative page', { page: -1 }, 'page'],
    ['a fractional page', { page: 1.5 }, 'page'],
    ['a page size of 0', { pageSize: 0 }, 'pageSize'],
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['a pending status', { status: 'pending' }, 'status'],
    ['a canceled status', { status: 'canceled' }, 'status'],
    ['an unknown field', { merchant: USER_ID }, 'input.merchant'],
  ])('refuses %s before any request', async (_name, input, field) => {
    const { api, mock } = signedInClientWith([]);
    await expect(api.orders.listForMerchant(input as never)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it('refuses a caller without a session, sending nothing', async () => {
    const { api, mock } = clientWith([]);
    await expect(api.orders.listForMerchant()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(mock).not.toHaveBeenCalled();
  });

  it('asks for the merchant’s paid and refunded orders, newest payment first, one page', async () => {
    const { api, requests } = signedInClientWith([withCount([ROW], 41)]);
    const page = await api.orders.listForMerchant({ page: 2, pageSize: 20 });
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
          buyer_email: 'gwen@example.test',
          shipping_address: ADDRESS,
          items: ROW.order_items,
        },
      ],
    });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/rest/v1/orders');
    expect(url.searchParams.get('merchant_id')).toBe(`eq.${USER_ID}`);
    expect(url.searchParams.get('status')).toBe(`in.(${MERCHANT_ORDER_STATUSES.join(',')})`);
    expect(url.searchParams.get('order')).toBe('paid_at.desc.nullslast,created_at.desc,id.asc');
    expect(url.searchParams.get('offset')).toBe('40');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('select')).toContain('shipping_address');
    expect(url.searchParams.get('select')).toContain(
      'order_items(product_name,quantity,unit_price_cents,line_total_cents)',
    );
  });

  it('narrows to one status', async () => {
    const { api, requests } = signedInClientWith([withCount([], 0)]);
    await expect(api.orders.listForMerchant({ status: 'refunded' })).resolves.toEqual({
      total: 0,
      rows: [],
    });
    expect(new URL(requests[0]!.url).searchParams.get('status')).toBe('in.(refunded)');
  });
});

describe('shippingAddressOf', () => {
  it('keeps a stored address and fills absent optional fields with null', () => {
    expect(shippingAddressOf(ADDRESS)).toEqual(ADDRESS);
    expect(shippingAddressOf({ name: 'A', line1: 'B', country: 'US' })).toEqual({
      name: 'A',
      line1: 'B',
      line2: null,
      city: null,
      postal_code: null,
      state: null,
      country: 'US',
    });
  });

  it.each([
    ['null', null],
    ['a string', 'Bristol'],
    ['a list', [ADDRESS]],
    ['no name', { ...ADDRESS, name: null }],
    ['no country', { ...ADDRESS, country: '' }],
    ['a number for a field', { ...ADDRESS, city: 5 }],
  ])('reads %s as no address', (_name, value) => {
    expect(shippingAddressOf(value as never)).toBeNull();
  });
});

describe('orders.shippingDestination', () => {
  it('refuses an id that is no UUID before any request', async () => {
    const { api, mock } = clientWith([]);
    await expect(api.orders.shippingDestination('nope')).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'id' },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it('reads the town and country, and null for an order without an address', async () => {
    const { api, requests } = clientWith([
      json({ city: 'Bristol', country: 'GB' }),
      json(null),
      json({ city: null, country: 'NZ' }),
    ]);
    await expect(api.orders.shippingDestination(ROW.id)).resolves.toEqual({
      city: 'Bristol',
      country: 'GB',
    });
    expect(new URL(requests[0]!.url).pathname).toBe('/rest/v1/rpc/order_shipping_destination');
    await expect(api.orders.shippingDestination(ROW.id)).resolves.toBeNull();
    await expect(api.orders.shippingDestination(ROW.id)).resolves.toEqual({
      city: null,
      country: 'NZ',
    });
  });
});
