/*
 * How many items this browser's cart holds, for the top bar on every page: read straight from the
 * cart's storage, so the app's entry does not carry the cart module (./cart.ts, with the lines'
 * checks and the checkout records), which loads with the shop's pages.
 */
import { useSyncExternalStore } from 'react';

/** Where the cart is kept (./cart.ts reads and writes it). */
export const CART_STORAGE_KEY = 'verdant.cart';

/** Sent on `window` when this tab's cart changes (another tab's change is a `storage` event). */
export const CART_CHANGED = 'verdant:cart-changed';

let raw: string | null = null;
let count = 0;

/** The items in the stored cart: the sum of its lines' whole, positive quantities; 0 if unreadable. */
export function cartCount(stored: string | null): number {
  try {
    const lines: unknown = JSON.parse(stored ?? '[]');
    if (!Array.isArray(lines)) return 0;
    let total = 0;
    for (const line of lines) {
      const quantity = (line as { quantity?: unknown } | null)?.quantity;
      if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0)
        total += quantity;
    }
    return total;
  } catch {
    return 0;
  }
}

function read(): number {
  const next = window.localStorage.getItem(CART_STORAGE_KEY);
  if (next !== raw) {
    raw = next;
    count = cartCount(next);
  }
  return count;
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED, listener);
  };
}

/**
 * The cart's item count, following every change. A page drawn at build time has an empty cart,
 * and so has the first render of such a page in the browser, which must match it.
 */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, read, () => 0);
}
