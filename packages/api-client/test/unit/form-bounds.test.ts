import { RESERVED_USERNAMES } from '@verdant/validation';
import { describe, expect, it } from 'vitest';
import { clientWith, json, USER_ID } from './fake-fetch.ts';

/*
 * The bounds the merchant's forms and the profile form share with the database: a product's price
 * from 0.50 (the least a card payment may be), a flat commission of at most 10,000.00 per item sold,
 * a CO2e estimate of at most 1,000,000 kg, and no reserved username. Each is refused before any
 * request, naming the field; the bounds themselves pass.
 */

const product = { id: USER_ID, name: 'P', slug: 'good-slug', price_cents: 50 };
const program = { id: USER_ID, name: 'P', commission_type: 'flat', commission_flat_cents: 1 };

describe('product prices', () => {
  it.each([0, 1, 49, 0.5, 100_000_000])('refuses %d cents before any request', async (price) => {
    const { api, mock } = clientWith([]);
    await expect(
      api.products.create({ name: 'P', slug: 'good-slug', price_cents: price }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: {
        field: 'product.price_cents',
        reason: 'must be whole cents from 50 to 99999999 (0.50 to 999,999.99)',
      },
    });
    await expect(api.products.update(USER_ID, { price_cents: price })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'product.price_cents' },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it.each([50, 99_999_999])('sends %d cents', async (price) => {
    const { api, requests } = clientWith([json({ ...product, price_cents: price })]);
    await api.products.update(USER_ID, { price_cents: price });
    expect(await requests[0]!.json()).toEqual({ price_cents: price });
  });
});

describe('CO2e estimates', () => {
  it('refuses more than 1,000,000 kg (in grams) and sends the limit', async () => {
    const { api, mock, requests } = clientWith([json(product)]);
    await expect(
      api.products.update(USER_ID, { co2e_grams: 1_000_000_001, co2e_source: 'LCA study' }),
    ).rejects.toMatchObject({ details: { field: 'product.co2e_grams' } });
    expect(mock).not.toHaveBeenCalled();
    await api.products.update(USER_ID, { co2e_grams: 1_000_000_000, co2e_source: 'LCA study' });
    expect(await requests[0]!.json()).toMatchObject({ co2e_grams: 1_000_000_000 });
  });
});

describe('flat commissions', () => {
  it.each([
    0,
    1_000_001,
    25_000_000,
    // What the review's "99999999999999999" dollars come to in cents: past any safe integer.
    Math.round(Number('99999999999999999') * 100),
    4.5,
  ])('refuses %d cents per item sold before any request', async (cents) => {
    const { api, mock } = clientWith([]);
    const flat = { commission_type: 'flat' as const, commission_flat_cents: cents };
    await expect(api.programs.create({ name: 'P', ...flat })).rejects.toMatchObject({
      code: 'validation_failed',
      details: {
        field: 'commission_flat_cents',
        reason: 'must be whole cents from 1 to 1000000 (0.01 to 10,000.00)',
      },
    });
    await expect(api.programs.setCommission(USER_ID, flat)).rejects.toMatchObject({
      details: { field: 'commission_flat_cents' },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it.each([1, 1_000_000])('sends %d cents per item sold', async (cents) => {
    const { api, requests } = clientWith([json({ ...program, commission_flat_cents: cents })]);
    await api.programs.setCommission(USER_ID, {
      commission_type: 'flat',
      commission_flat_cents: cents,
    });
    expect(await requests[0]!.json()).toEqual({
      commission_type: 'flat',
      commission_flat_cents: cents,
      commission_rate_bps: null,
    });
  });
});

describe('reserved usernames', () => {
  it.each(['admin', 'verdant', 'support', 'administrator', 'login', 'shop', 'verdant-team'])(
    'profiles.update refuses %j before any request, in words',
    async (username) => {
      const { api, mock } = clientWith([]);
      await expect(api.profiles.update(USER_ID, { username })).rejects.toMatchObject({
        name: 'ApiError',
        code: 'validation_failed',
        message: 'That username is reserved. Choose another.',
        details: { field: 'profile.username', reason: 'is reserved. Choose another.' },
      });
      expect(mock).not.toHaveBeenCalled();
    },
  );

  it('refuses every reserved name a username could be', async () => {
    const { api, mock } = clientWith([]);
    for (const username of RESERVED_USERNAMES.filter((name) => name.length >= 3))
      await expect(api.profiles.update(USER_ID, { username })).rejects.toMatchObject({
        message: 'That username is reserved. Choose another.',
      });
    expect(mock).not.toHaveBeenCalled();
  });

  it('sends a free username, and still looks reserved names up (a page that exists is shown)', async () => {
    const { api, requests } = clientWith([
      json({ id: USER_ID, username: 'admins-fan' }),
      json(null),
    ]);
    await api.profiles.update(USER_ID, { username: 'admins-fan' });
    expect(await requests[0]!.json()).toEqual({ username: 'admins-fan' });
    await api.linkPages.getPublicPage('admin').catch(() => undefined);
    expect(requests).toHaveLength(2);
  });
});
