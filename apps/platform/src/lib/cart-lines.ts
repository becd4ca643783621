import { lineTotal, type CartLine } from './cart.ts';

/*
 * What the cart page makes of the cart's lines: one checkout per merchant, and the check of a typed
 * quantity. Apart from ./cart.ts, so the pages that only show the cart's count load less.
 */

export interface MerchantGroup {
  merchantId: string;
  merchantName: string;
  currency: string;
  lines: CartLine[];
  totalCents: number;
}

/** The cart split into one group per merchant and currency, each one checkout. */
export function groupByMerchant(cart: readonly CartLine[]): MerchantGroup[] {
  const groups = new Map<string, MerchantGroup>();
  for (const line of cart) {
    const key = `${line.merchantId}:${line.currency}`;
    const group = groups.get(key) ?? {
      merchantId: line.merchantId,
      merchantName: line.merchantName,
      currency: line.currency,
      lines: [],
      totalCents: 0,
    };
    group.lines.push(line);
    group.totalCents += lineTotal(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Why a typed quantity cannot be the line's (empty, not whole, under 1), if it cannot. */
export function quantityProblem(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return 'Enter a quantity, or use Remove to take the product out.';
  if (!/^-?\d+$/.test(typed)) return 'Enter a whole number of items.';
  if (Number(typed) < 1) return 'At least 1: use Remove to take the product out.';
  return undefined;
}
