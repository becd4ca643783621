import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { validateOrderCheckout } from '../../src/modules/checkout.ts';
import { clientWith } from './fake-fetch.ts';

const PRODUCT = '5b1f3c2e-8a4d-4f6b-9c7e-2d1a0b9c8e7f';

describe('money input checks (before any request)', () => {
  it('accepts a clean cart and lower-cases ids', () => {
    expect(
      validateOrderCheckout({ items: [{ productId: PRODUCT.toUpperCase(), quantity: 3 }] }),
    ).toEqual({ items: [{ productId: PRODUCT, quantity: 3 }] });
  });

  it.each([
    ['no items', { items: [] }],
    [
      'too many items',
      { items: Array.from({ length: 51 }, () => ({ productId: PRODUCT, quantity: 1 })) },
    ],
    ['a price from the client', { items: [{ productId: PRODUCT, quantity: 1, unitPrice: 1 }] }],
    ['zero', { items: [{ productId: PRODUCT, quantity: 0 }] }],
    ['too many units', { items: [{ productId: PRODUCT, quantity: 101 }] }],
    ['a fraction', { items: [{ productId: PRODUCT, quantity: 1.5 }] }],
    ['a bad id', { items: [{ productId: 'x', quantity: 1 }] }],
    ['a bad click id', { items: [{ productId: PRODUCT, quantity: 1 }], clickId: 'abc' }],
  ])('refuses %s', (_name, input) => {
    expect(() => validateOrderCheckout(input)).toThrow(ApiError);
  });

  it('never calls the network for bad input', async () => {
    const { api, mock } = clientWith([]);
    await expect(
      api.checkout.createOrderCheckout({ items: [{ productId: PRODUCT, quantity: -1 }] }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    for (const idempotencyKey of ['short', 'k'.repeat(129), 'a key with spaces!', 42])
      await expect(
        api.checkout.createOrderCheckout(
          { items: [{ productId: PRODUCT, quantity: 1 }] },
          { idempotencyKey: idempotencyKey as string },
        ),
      ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'idempotencyKey' } });
    for (const replaces of ['short', 'k'.repeat(129), 'a key with spaces!', 42])
      await expect(
        api.checkout.createOrderCheckout(
          { items: [{ productId: PRODUCT, quantity: 1 }] },
          { replaces: replaces as string },
        ),
      ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'replaces' } });
    await expect(api.subscriptions.createCheckout('gold' as never)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    for (const tier of ['gold', 'free', '', undefined, 3])
      await expect(api.subscriptions.changePlan(tier as never)).rejects.toMatchObject({
        code: 'validation_failed',
        details: { field: 'tier' },
      });
    await expect(api.payouts.run({ minimumCents: -5 })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(api.tracking.getRevenueTransparency(0)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect(mock).not.toHaveBeenCalled();
  });
});
