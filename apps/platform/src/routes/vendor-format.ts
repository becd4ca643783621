/** Formatting shared by the merchant and admin pages (amounts are integer cents). */
export const formatMoney = (cents: number, currency = 'USD') =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);

/**
 * A count with thousands separators, as English writes it (12,480). Whole numbers, the usual case,
 * skip `Intl.NumberFormat`: the first number format on a page sets up the browser's locale data, a
 * slice of a slow phone's main thread that a page with only counts to show need not pay for.
 */
export const formatCount = (value: number): string =>
  Number.isSafeInteger(value)
    ? String(value).replace(/\B(?=(\d{3})+$)/g, ',')
    : new Intl.NumberFormat('en').format(value);

export const formatPercent = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '–';

/** A timestamp's day in the reader's time zone; a calendar date (`2027-09-28`) as that day. */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    ...(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? { timeZone: 'UTC' } : {}),
  }).format(new Date(iso));

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The dashboards' ranges, as the period control offers them. */
export const RANGE_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
] as const;
export type RangeValue = (typeof RANGE_OPTIONS)[number]['value'];

export { errorMessage } from '../lib/error-message.ts';
