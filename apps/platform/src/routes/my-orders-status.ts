import type { Purchase, PurchaseStatus } from '@verdant/api-client';
import { valueLabel } from '../lib/labels.ts';

/** How a buyer's order list words an order's status: a badge and, where it helps, a sentence. */
export interface PurchaseStatusWording {
  label: string;
  tone: 'success' | 'warning' | 'info' | 'neutral' | 'danger';
  /** What the status means for the buyer; absent where the badge says it all (paid). */
  note?: string;
}

/** Every status of `orders.status` in the buyer's words. */
export const PURCHASE_STATUS_WORDING = {
  paid: { label: 'Paid', tone: 'success' },
  partially_refunded: {
    label: 'Partially refunded',
    tone: 'warning',
    note: 'Part of the payment was returned to your card.',
  },
  refunded: {
    label: 'Refunded',
    tone: 'neutral',
    note: 'The payment was returned to your card.',
  },
  pending: {
    label: 'Awaiting payment',
    tone: 'info',
    note: 'The card payment has not been confirmed yet. A checkout left unpaid closes within the hour, and nothing is charged for it.',
  },
  canceled: {
    label: 'Not completed',
    tone: 'neutral',
    note: 'The checkout was left or ran out of time. Nothing was charged.',
  },
  failed: {
    label: 'Payment failed',
    tone: 'danger',
    note: 'The card payment did not go through. Nothing was charged.',
  },
} as const satisfies Record<PurchaseStatus, PurchaseStatusWording>;

/** A pending order whose checkout's hour is over: it can no longer be paid. */
const CHECKOUT_RAN_OUT: PurchaseStatusWording = {
  label: 'Not completed',
  tone: 'neutral',
  note: 'The checkout ran out of time. Nothing was charged.',
};

/**
 * An order's status in words; one this app does not know yet is shown in plain words, neutral. A
 * pending order placed more than the checkout's hour ago can no longer be paid (its session has
 * expired, and the order is closed as soon as the payment provider says so): not completed.
 */
export function purchaseStatus(
  order: Pick<Purchase, 'created_at'> & { status: string },
  now = Date.now(),
): PurchaseStatusWording {
  const { status } = order;
  if (status === 'pending' && !withinCheckoutWindow(order, now)) return CHECKOUT_RAN_OUT;
  return Object.hasOwn(PURCHASE_STATUS_WORDING, status)
    ? PURCHASE_STATUS_WORDING[status as PurchaseStatus]
    : { label: valueLabel(status), tone: 'neutral' };
}

/** The date an order is listed by: the day it was paid, or the day it was placed if never paid. */
export function purchaseDate(order: Pick<Purchase, 'paid_at' | 'created_at'>): {
  label: 'Paid' | 'Placed';
  iso: string;
} {
  return order.paid_at
    ? { label: 'Paid', iso: order.paid_at }
    : { label: 'Placed', iso: order.created_at };
}

/** The short reference the buyer sees on the payment-success page ("3F2A9C1B"). */
export const orderReference = (id: string): string => id.slice(0, 8).toUpperCase();

/** How long a checkout can stay payable: create-checkout gives its session one hour. */
const CHECKOUT_WINDOW_MS = 60 * 60 * 1000;

function withinCheckoutWindow(order: Pick<Purchase, 'created_at'>, now: number): boolean {
  return now - Date.parse(order.created_at) < CHECKOUT_WINDOW_MS;
}

/**
 * Whether a listed order's payment may still be confirmed any moment: pending and placed within
 * the checkout's hour (the list asks again while one is).
 */
export function awaitingConfirmation(
  orders: readonly Pick<Purchase, 'status' | 'created_at'>[],
  now = Date.now(),
): boolean {
  return orders.some((order) => order.status === 'pending' && withinCheckoutWindow(order, now));
}
