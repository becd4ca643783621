import { beforeEach, describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  MAX_QUANTITY,
  addToCart,
  checkoutItems,
  createCartStore,
  itemCount,
  parseCart,
  removeFromCart,
  restoreLine,
  setQuantity,
  type CartProduct,
} from './cart.ts';
import { groupByMerchant, quantityProblem } from './cart-lines.ts';

const soap: CartProduct = {
  productId: '11111111-1111-4111-8111-111111111111',
  slug: 'olive-soap',
  name: 'Olive soap',
  merchantId: 'm1',
  merchantName: 'Tidewater',
  priceCents: 700,
  currency: 'USD',
};
const brush: CartProduct = {
  ...soap,
  productId: '2222',
  slug: 'brush',
  name: 'Brush',
  priceCents: 450,
};
const mug: CartProduct = {
  ...soap,
  productId: '3333',
  slug: 'mug',
  name: 'Mug',
  merchantId: 'm2',
  merchantName: 'Kiln',
  priceCents: 1800,
};

describe('cart logic', () => {
  it('adds products, merging repeated adds into one line', () => {
    let cart = addToCart([], soap);
    cart = addToCart(cart, soap, 2);
    cart = addToCart(cart, brush);
    expect(cart.map((l) => [l.slug, l.quantity])).toEqual([
      ['olive-soap', 3],
      ['brush', 1],
    ]);
    expect(itemCount(cart)).toBe(4);
  });

  it('caps quantities at the checkout limit and removes lines set to zero', () => {
    let cart = addToCart([], soap, MAX_QUANTITY + 5);
    expect(cart[0]!.quantity).toBe(MAX_QUANTITY);
    cart = setQuantity(cart, soap.productId, 2.7);
    expect(cart[0]!.quantity).toBe(2);
    expect(setQuantity(cart, soap.productId, 0)).toEqual([]);
    expect(removeFromCart(cart, soap.productId)).toEqual([]);
    expect(addToCart([], soap, 0)).toEqual([]);
  });

  it('puts a removed line back in its place, once', () => {
    const cart = addToCart(addToCart(addToCart([], soap, 2), brush), mug);
    const removed = cart[1]!;
    const without = removeFromCart(cart, brush.productId);
    expect(restoreLine(without, removed, 1)).toEqual(cart);
    // Already back (a second Undo, or added again meanwhile): nothing doubles.
    expect(restoreLine(cart, removed, 1)).toEqual(cart);
    // A place past the end is the end.
    expect(restoreLine([], removed, 5)).toEqual([removed]);
  });

  it('groups lines by merchant, one checkout each, with totals and checkout items', () => {
    const cart = addToCart(addToCart(addToCart([], soap, 2), mug), brush);
    const groups = groupByMerchant(cart);
    expect(groups.map((g) => [g.merchantName, g.totalCents])).toEqual([
      ['Tidewater', 1850],
      ['Kiln', 1800],
    ]);
    expect(checkoutItems(groups[0]!.lines)).toEqual([
      { productId: soap.productId, quantity: 2 },
      { productId: '2222', quantity: 1 },
    ]);
  });

  it('drops malformed stored data instead of trusting it', () => {
    expect(parseCart('not json')).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    const stored = JSON.stringify([
      { ...soap, quantity: 1 },
      { ...soap, quantity: 4 },
      { ...brush, quantity: -1 },
      { ...mug, quantity: 1, priceCents: 'free' },
    ]);
    expect(parseCart(stored)).toEqual([{ ...soap, quantity: 1 }]);
  });
});

describe('cart store', () => {
  beforeEach(() => window.localStorage.clear());

  it('persists the cart in storage, so a new store (a reload) sees it', () => {
    const first = createCartStore(window.localStorage);
    let changes = 0;
    first.subscribe(() => changes++);
    first.update((cart) => addToCart(cart, soap, 2));
    expect(changes).toBe(1);
    const reloaded = createCartStore(window.localStorage);
    expect(reloaded.get()).toEqual([{ ...soap, quantity: 2 }]);
    expect(reloaded.get()).toBe(reloaded.get());
    reloaded.update(() => []);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('keeps one checkout key per cart for an hour, across reloads, until it is forgotten', () => {
    const store = createCartStore(window.localStorage);
    store.update((cart) => addToCart(addToCart(cart, soap, 2), mug));
    const lines = store.get();
    const key = store.checkoutKey(lines, 0);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The same products and quantities, in any order, after a reload: the same key.
    const reloaded = createCartStore(window.localStorage);
    expect(reloaded.checkoutKey([...lines].reverse(), 59 * 60_000)).toBe(key);
    // Another quantity is another cart; that cart's key stays its own.
    const more = setQuantity(lines, soap.productId, 3);
    const other = reloaded.checkoutKey(more, 60_000);
    expect(other).not.toBe(key);
    expect(reloaded.checkoutKey(lines, 60_000)).toBe(key);
    // An hour on, the first checkout has closed: a new key.
    const later = reloaded.checkoutKey(lines, 60 * 60_000);
    expect(later).not.toBe(key);
    reloaded.forgetCheckoutKey(lines);
    expect(reloaded.checkoutKey(lines, 60 * 60_000)).not.toBe(later);
    expect(reloaded.checkoutKey(more, 60 * 60_000)).toBe(other);
  });

  it('names the merchant’s earlier checkout of other quantities as the one a changed cart replaces', () => {
    const store = createCartStore(window.localStorage);
    const two = addToCart([], soap, 2);
    const three = setQuantity(two, soap.productId, 3);
    const kiln = addToCart([], mug);
    expect(store.replacedCheckoutKey(two, 0)).toBeUndefined();
    const first = store.checkoutKey(two, 0);
    store.checkoutKey(kiln, 0);
    store.rememberCheckout('order-1', two, 0);
    // Back from the checkout with one more: the earlier checkout of Tidewater's, not Kiln's.
    expect(store.replacedCheckoutKey(three, 60_000)).toBe(first);
    expect(store.replacedCheckoutKey(two, 60_000)).toBeUndefined();
    const second = store.checkoutKey(three, 60_000);
    store.rememberCheckout('order-2', three, 60_000);
    // That checkout took the earlier one's place: its key is gone, and the same cart as before
    // is a new checkout replacing the second.
    expect(store.replacedCheckoutKey(three, 120_000)).toBeUndefined();
    expect(store.replacedCheckoutKey(two, 120_000)).toBe(second);
    expect(store.checkoutKey(two, 120_000)).not.toBe(first);
    expect(store.replacedCheckoutKey(kiln, 120_000)).toBeUndefined();
    // A checkout over an hour old has closed by itself: nothing to replace.
    expect(store.replacedCheckoutKey(two, 60_000 + 60 * 60_000)).toBeUndefined();
  });

  it('counts the units an open checkout holds, newest per merchant, until it is paid or an hour old', () => {
    const store = createCartStore(window.localStorage);
    const two = addToCart(addToCart([], soap, 2), brush);
    const kiln = addToCart([], mug, 4);
    // A key alone (the checkout did not open) holds nothing.
    store.checkoutKey(two, 0);
    expect(store.heldUnits(0)).toEqual(new Map());
    store.rememberCheckout('order-1', two, 0);
    store.checkoutKey(kiln, 0);
    store.rememberCheckout('order-2', kiln, 0);
    expect(store.heldUnits(1000)).toEqual(
      new Map([
        [soap.productId, 2],
        [brush.productId, 1],
        [mug.productId, 4],
      ]),
    );
    // The cart changed and checked out again: the new checkout is what is held for Tidewater.
    const three = setQuantity(two, soap.productId, 3);
    store.checkoutKey(three, 60_000);
    store.rememberCheckout('order-3', three, 60_000);
    expect(store.heldUnits(60_000).get(soap.productId)).toBe(3);
    // Paid: held no more.
    store.update(() => [...three, ...kiln]);
    store.completeCheckout('order-3');
    expect([...store.heldUnits(60_000).keys()]).toEqual([mug.productId]);
    // An hour after it opened, a checkout has closed by itself.
    expect(store.heldUnits(60 * 60_000)).toEqual(new Map());
  });

  it('forgets a paid checkout’s key, so buying the same again is a new checkout', () => {
    const store = createCartStore(window.localStorage);
    store.update((cart) => addToCart(cart, soap));
    const lines = store.get();
    const key = store.checkoutKey(lines);
    store.rememberCheckout('order-2', lines);
    store.completeCheckout('order-2');
    expect(store.checkoutKey(lines)).not.toBe(key);
  });

  it('after a paid checkout removes only that order’s lines', () => {
    const store = createCartStore(window.localStorage);
    store.update((cart) => addToCart(addToCart(cart, soap), mug));
    const tidewater = groupByMerchant(store.get())[0]!;
    store.rememberCheckout('order-1', tidewater.lines);
    expect(store.checkout('order-1')?.lines).toEqual(tidewater.lines);
    expect(store.completeCheckout('unknown')).toBe(false);
    expect(store.completeCheckout('order-1')).toBe(true);
    expect(store.get().map((l) => l.slug)).toEqual(['mug']);
  });
});

describe('quantityProblem', () => {
  it('accepts whole numbers from 1', () => {
    for (const typed of ['1', '12', ' 3 ']) expect(quantityProblem(typed), typed).toBeUndefined();
  });

  it('says why an empty, partial, negative or zero quantity is not taken', () => {
    expect(quantityProblem('')).toMatch(/Enter a quantity/);
    expect(quantityProblem('2.5')).toBe('Enter a whole number of items.');
    expect(quantityProblem('1e3')).toBe('Enter a whole number of items.');
    expect(quantityProblem('0')).toMatch(/^At least 1/);
    expect(quantityProblem('-3')).toMatch(/^At least 1/);
  });
});
