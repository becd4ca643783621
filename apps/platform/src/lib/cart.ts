import { useSyncExternalStore } from 'react';
import { CART_CHANGED, CART_STORAGE_KEY } from './cart-count.ts';

/**
 * The shopper's cart, kept in this browser (localStorage) so it survives reloads. Prices here are
 * only for display: the checkout sends product ids and quantities, and the database prices them.
 * A checkout holds the products of one merchant, so the cart is checked out merchant by merchant.
 */

export { CART_STORAGE_KEY };
/** The lines of the checkouts started from this browser, by order id (for the receipt page). */
export const CHECKOUTS_STORAGE_KEY = 'verdant.checkouts';
/** The idempotency keys of the checkouts this browser has started, by cart (see `checkoutKey`). */
export const CHECKOUT_KEYS_STORAGE_KEY = 'verdant.checkout-keys';
export const MAX_QUANTITY = 100;
export const MAX_LINES = 50;
const MAX_REMEMBERED_CHECKOUTS = 10;
/** A checkout's session lasts an hour; after that a key would only name a closed checkout. */
const CHECKOUT_KEY_LIFETIME_MS = 60 * 60 * 1000;

export interface CartLine {
  productId: string;
  slug: string;
  name: string;
  merchantId: string;
  merchantName: string;
  priceCents: number;
  currency: string;
  imageSrc?: string;
  quantity: number;
}

export type CartProduct = Omit<CartLine, 'quantity'>;

export interface CheckoutRecord {
  orderId: string;
  lines: CartLine[];
  startedAt: number;
}

const clampQuantity = (quantity: number) =>
  Math.min(MAX_QUANTITY, Math.max(0, Math.floor(Number.isFinite(quantity) ? quantity : 0)));

/** Adds `quantity` of a product (capped at the checkout's limit per product). */
export function addToCart(
  cart: readonly CartLine[],
  product: CartProduct,
  quantity = 1,
): CartLine[] {
  const existing = cart.find((line) => line.productId === product.productId);
  if (existing) return setQuantity(cart, product.productId, existing.quantity + quantity);
  const clean = clampQuantity(quantity);
  if (clean === 0 || cart.length >= MAX_LINES) return [...cart];
  return [...cart, { ...product, quantity: clean }];
}

/** Sets a line's quantity; zero (or less) removes it. */
export function setQuantity(
  cart: readonly CartLine[],
  productId: string,
  quantity: number,
): CartLine[] {
  const clean = clampQuantity(quantity);
  return cart.flatMap((line) =>
    line.productId !== productId ? [line] : clean === 0 ? [] : [{ ...line, quantity: clean }],
  );
}

export function removeFromCart(cart: readonly CartLine[], productId: string): CartLine[] {
  return cart.filter((line) => line.productId !== productId);
}

/**
 * Puts a removed line back at `index` (its place before the removal), unless the cart has that
 * product again meanwhile or is full.
 */
export function restoreLine(cart: readonly CartLine[], line: CartLine, index: number): CartLine[] {
  if (cart.some((held) => held.productId === line.productId) || cart.length >= MAX_LINES)
    return [...cart];
  const at = Math.max(0, Math.min(index, cart.length));
  return [...cart.slice(0, at), line, ...cart.slice(at)];
}

/** Removes the lines of a finished checkout (the rest of the cart stays). */
export function removeLines(cart: readonly CartLine[], paid: readonly CartLine[]): CartLine[] {
  const ids = new Set(paid.map((line) => line.productId));
  return cart.filter((line) => !ids.has(line.productId));
}

export function itemCount(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function lineTotal(line: CartLine): number {
  return line.priceCents * line.quantity;
}

/** The checkout request's items for a group of lines. */
export function checkoutItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
}

/** The same text for the same products and quantities, in any order. */
function cartSignature(lines: readonly CartLine[]): string {
  return checkoutItems(lines)
    .map((item) => `${item.productId}:${item.quantity}`)
    .sort()
    .join(',');
}

interface CheckoutKey {
  cart: string;
  key: string;
  createdAt: number;
  /** The merchant whose products the checkout holds (absent in keys kept by older versions). */
  merchantId?: string;
  /** The checkout opened (its order was made): its units of stock are held for it. */
  opened?: boolean;
}

/** The products and quantities of a cart signature ("id:2,id:1"). */
function signatureUnits(cart: string): [string, number][] {
  return cart.split(',').flatMap((part) => {
    const at = part.lastIndexOf(':');
    const quantity = Number(part.slice(at + 1));
    return at > 0 && Number.isInteger(quantity) && quantity > 0
      ? [[part.slice(0, at), quantity] as [string, number]]
      : [];
  });
}

function parseCheckoutKeys(raw: string | null): CheckoutKey[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is CheckoutKey =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as CheckoutKey).cart === 'string' &&
            typeof (entry as CheckoutKey).key === 'string' &&
            typeof (entry as CheckoutKey).createdAt === 'number' &&
            ['string', 'undefined'].includes(typeof (entry as CheckoutKey).merchantId) &&
            ['boolean', 'undefined'].includes(typeof (entry as CheckoutKey).opened),
        )
      : [];
  } catch {
    return [];
  }
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    typeof v.slug === 'string' &&
    typeof v.name === 'string' &&
    typeof v.merchantId === 'string' &&
    typeof v.merchantName === 'string' &&
    typeof v.currency === 'string' &&
    Number.isInteger(v.priceCents) &&
    (v.priceCents as number) >= 0 &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) >= 1 &&
    (v.quantity as number) <= MAX_QUANTITY &&
    (v.imageSrc === undefined || typeof v.imageSrc === 'string')
  );
}

/** Reads a stored cart; anything malformed is dropped rather than trusted. */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const seen = new Set<string>();
    return value
      .filter((line): line is CartLine => {
        if (!isLine(line) || seen.has(line.productId)) return false;
        seen.add(line.productId);
        return true;
      })
      .slice(0, MAX_LINES);
  } catch {
    return [];
  }
}

export function parseCheckouts(raw: string | null): CheckoutRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (entry): entry is CheckoutRecord =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as CheckoutRecord).orderId === 'string' &&
          typeof (entry as CheckoutRecord).startedAt === 'number' &&
          Array.isArray((entry as CheckoutRecord).lines),
      )
      .map((entry) => ({ ...entry, lines: parseCart(JSON.stringify(entry.lines)) }));
  } catch {
    return [];
  }
}

/** A cart kept in a Storage, with change notifications (for `useSyncExternalStore`). */
export function createCartStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) {
  const listeners = new Set<() => void>();
  let raw: string | null = null;
  let cached: CartLine[] = [];
  const read = (): CartLine[] => {
    const next = storage.getItem(CART_STORAGE_KEY);
    if (next !== raw) {
      raw = next;
      cached = parseCart(next);
    }
    return cached;
  };
  const write = (cart: CartLine[]) => {
    if (cart.length === 0) storage.removeItem(CART_STORAGE_KEY);
    else storage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    for (const listener of listeners) listener();
  };
  const checkout = (orderId: string): CheckoutRecord | undefined =>
    parseCheckouts(storage.getItem(CHECKOUTS_STORAGE_KEY)).find(
      (entry) => entry.orderId === orderId,
    );
  /** Drops the key for these lines: the next checkout of them is a new one. */
  const forgetCheckoutKey = (lines: readonly CartLine[]) => {
    const cart = cartSignature(lines);
    const rest = parseCheckoutKeys(storage.getItem(CHECKOUT_KEYS_STORAGE_KEY)).filter(
      (entry) => entry.cart !== cart,
    );
    storage.setItem(CHECKOUT_KEYS_STORAGE_KEY, JSON.stringify(rest));
  };
  return {
    get: read,
    update(change: (cart: CartLine[]) => CartLine[]) {
      write(change(read()));
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed the cart. */
    notify() {
      for (const listener of listeners) listener();
    },
    /**
     * Remembers which lines an order was started with. The merchant's other checkout keys are
     * dropped: that checkout took their place (see `replacedCheckoutKey`).
     */
    rememberCheckout(orderId: string, lines: CartLine[], now = Date.now()) {
      const cart = cartSignature(lines);
      const merchantId = lines[0]?.merchantId;
      const keys = parseCheckoutKeys(storage.getItem(CHECKOUT_KEYS_STORAGE_KEY))
        .filter((entry) => entry.cart === cart || entry.merchantId !== merchantId)
        .map((entry) => (entry.cart === cart ? { ...entry, opened: true } : entry));
      storage.setItem(CHECKOUT_KEYS_STORAGE_KEY, JSON.stringify(keys));
      const others = parseCheckouts(storage.getItem(CHECKOUTS_STORAGE_KEY)).filter(
        (entry) => entry.orderId !== orderId,
      );
      const next = [{ orderId, lines, startedAt: now }, ...others].slice(
        0,
        MAX_REMEMBERED_CHECKOUTS,
      );
      storage.setItem(CHECKOUTS_STORAGE_KEY, JSON.stringify(next));
    },
    checkout,
    /**
     * The idempotency key for checking out these lines: the same for the same products and
     * quantities (across reloads, the Back button and other tabs) for an hour, so a repeated
     * checkout reopens the order it started instead of placing another; a new key otherwise.
     */
    checkoutKey(lines: readonly CartLine[], now = Date.now()): string {
      const cart = cartSignature(lines);
      const live = parseCheckoutKeys(storage.getItem(CHECKOUT_KEYS_STORAGE_KEY)).filter(
        (entry) => now - entry.createdAt < CHECKOUT_KEY_LIFETIME_MS,
      );
      const known = live.find((entry) => entry.cart === cart);
      if (known) return known.key;
      const key = crypto.randomUUID();
      const entry: CheckoutKey = { cart, key, createdAt: now, merchantId: lines[0]?.merchantId };
      storage.setItem(
        CHECKOUT_KEYS_STORAGE_KEY,
        JSON.stringify([entry, ...live].slice(0, MAX_REMEMBERED_CHECKOUTS)),
      );
      return key;
    },
    /**
     * The key of the newest checkout this browser opened within the hour for the same merchant
     * but other products or quantities: the cart changed after that checkout was opened, and the
     * new checkout takes its place (the server closes it, so its units of stock go back).
     */
    replacedCheckoutKey(lines: readonly CartLine[], now = Date.now()): string | undefined {
      const cart = cartSignature(lines);
      const merchantId = lines[0]?.merchantId;
      return parseCheckoutKeys(storage.getItem(CHECKOUT_KEYS_STORAGE_KEY))
        .filter(
          (entry) =>
            entry.merchantId === merchantId &&
            entry.cart !== cart &&
            now - entry.createdAt < CHECKOUT_KEY_LIFETIME_MS,
        )
        .sort((a, b) => b.createdAt - a.createdAt)[0]?.key;
    },
    /**
     * The units of stock that this browser's open checkouts hold, by product: the newest opened
     * checkout within the hour of each merchant. Those units are the shopper's own while it lasts
     * (checking out again reopens or replaces it), so the cart counts them as available.
     */
    heldUnits(now = Date.now()): Map<string, number> {
      const newest = new Map<string, CheckoutKey>();
      for (const entry of parseCheckoutKeys(storage.getItem(CHECKOUT_KEYS_STORAGE_KEY))) {
        if (!entry.opened || !entry.merchantId || now - entry.createdAt >= CHECKOUT_KEY_LIFETIME_MS)
          continue;
        const known = newest.get(entry.merchantId);
        if (!known || entry.createdAt > known.createdAt) newest.set(entry.merchantId, entry);
      }
      const held = new Map<string, number>();
      for (const entry of newest.values())
        for (const [productId, quantity] of signatureUnits(entry.cart))
          held.set(productId, (held.get(productId) ?? 0) + quantity);
      return held;
    },
    forgetCheckoutKey,
    /** After payment: the order's lines leave the cart. Returns whether it knew the order. */
    completeCheckout(orderId: string): boolean {
      const record = checkout(orderId);
      if (!record) return false;
      forgetCheckoutKey(record.lines);
      write(removeLines(read(), record.lines));
      return true;
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** This browser's cart. */
export const cartStore: CartStore = createCartStore(window.localStorage);

window.addEventListener('storage', (event) => {
  if (event.key === CART_STORAGE_KEY) cartStore.notify();
});

// The top bar's count (./cart-count.ts) reads the storage itself: it hears of this tab's changes.
cartStore.subscribe(() => window.dispatchEvent(new Event(CART_CHANGED)));

/** The cart, re-rendering on every change (also from other tabs). */
export function useCart(): CartLine[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get);
}
