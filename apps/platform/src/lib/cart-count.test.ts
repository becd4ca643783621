import { describe, expect, it } from 'vitest';
import { cartCount } from './cart-count.ts';

describe('cartCount', () => {
  it("sums the lines' quantities", () => {
    expect(
      cartCount(
        JSON.stringify([
          { productId: 'a', quantity: 2 },
          { productId: 'b', quantity: 3 },
        ]),
      ),
    ).toBe(5);
  });

  it('counts nothing it cannot read as a whole, positive quantity', () => {
    expect(cartCount(null)).toBe(0);
    expect(cartCount('not json')).toBe(0);
    expect(cartCount('{"quantity":4}')).toBe(0);
    expect(
      cartCount(JSON.stringify([null, { quantity: -1 }, { quantity: 1.5 }, { quantity: '2' }, {}])),
    ).toBe(0);
  });
});
