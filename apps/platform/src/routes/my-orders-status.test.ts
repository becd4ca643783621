import { PURCHASE_STATUSES } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import {
  PURCHASE_STATUS_WORDING,
  awaitingConfirmation,
  orderReference,
  purchaseDate,
  purchaseStatus,
} from './my-orders-status.ts';

describe('purchaseStatus', () => {
  const NOW = Date.parse('2026-11-29T12:00:00Z');
  /** An order placed ten minutes before NOW. */
  const placed = (status: string) => ({ status, created_at: '2026-11-29T11:50:00Z' });

  it.each([
    ['paid', 'Paid', 'success'],
    ['partially_refunded', 'Partially refunded', 'warning'],
    ['refunded', 'Refunded', 'neutral'],
    ['pending', 'Awaiting payment', 'info'],
    ['canceled', 'Not completed', 'neutral'],
    ['failed', 'Payment failed', 'danger'],
  ])('words %s as “%s” (%s)', (status, label, tone) => {
    expect(purchaseStatus(placed(status), NOW)).toMatchObject({ label, tone });
  });

  it('words a pending order past its checkout’s hour as not completed: it can no longer be paid', () => {
    const stale = { status: 'pending', created_at: '2026-11-29T10:59:59Z' };
    expect(purchaseStatus(stale, NOW)).toEqual({
      label: 'Not completed',
      tone: 'neutral',
      note: 'The checkout ran out of time. Nothing was charged.',
    });
    expect(purchaseStatus({ ...stale, created_at: '2026-11-29T11:00:01Z' }, NOW).label).toBe(
      'Awaiting payment',
    );
  });

  it('words every status an order can have, and tells the unpaid ones nothing was charged', () => {
    expect(Object.keys(PURCHASE_STATUS_WORDING).sort()).toEqual([...PURCHASE_STATUSES].sort());
    for (const status of ['pending', 'canceled', 'failed'] as const)
      expect(PURCHASE_STATUS_WORDING[status].note).toMatch(/nothing (is|was) charged/i);
  });

  it('shows a status it does not know in plain words, neutral', () => {
    expect(purchaseStatus(placed('on_hold'), NOW)).toEqual({ label: 'On hold', tone: 'neutral' });
    expect(purchaseStatus(placed('toString'), NOW)).toEqual({
      label: 'ToString',
      tone: 'neutral',
    });
  });
});

describe('purchaseDate', () => {
  it('is the payment’s date once paid, the order’s own before', () => {
    const created_at = '2026-11-29T10:00:00Z';
    expect(purchaseDate({ created_at, paid_at: '2026-11-29T10:02:00Z' })).toEqual({
      label: 'Paid',
      iso: '2026-11-29T10:02:00Z',
    });
    expect(purchaseDate({ created_at, paid_at: null })).toEqual({
      label: 'Placed',
      iso: created_at,
    });
  });
});

describe('orderReference', () => {
  it('is the first eight characters of the id, in capitals', () => {
    expect(orderReference('3f2a9c1b-0000-4000-8000-000000000000')).toBe('3F2A9C1B');
  });
});

describe('awaitingConfirmation', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('holds while a pending order is within its checkout’s hour', () => {
    expect(
      awaitingConfirmation(
        [
          { status: 'paid', created_at: '2026-11-29T11:59:00Z' },
          { status: 'pending', created_at: '2026-11-29T11:30:00Z' },
        ],
        now,
      ),
    ).toBe(true);
  });

  it('does not for older pending orders, other statuses or no orders', () => {
    expect(
      awaitingConfirmation([{ status: 'pending', created_at: '2026-11-29T10:59:00Z' }], now),
    ).toBe(false);
    expect(
      awaitingConfirmation([{ status: 'canceled', created_at: '2026-11-29T11:59:00Z' }], now),
    ).toBe(false);
    expect(awaitingConfirmation([], now)).toBe(false);
  });
});
