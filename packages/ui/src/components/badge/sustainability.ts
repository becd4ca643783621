export type ClaimStatus = 'valid' | 'expiring' | 'expired';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A claim whose certificate ends within this many days is shown as expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * Whether a sustainability claim's evidence is still valid at `now`. A claim without an expiry date
 * (`null` or `undefined`: the certificate does not end) stays valid.
 */
export function claimStatus(
  expiresAt: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
): ClaimStatus {
  if (expiresAt == null) return 'valid';
  const remaining = toDate(expiresAt).getTime() - toDate(now).getTime();
  if (Number.isNaN(remaining) || remaining <= 0) return 'expired';
  return remaining <= EXPIRING_WITHIN_DAYS * DAY_MS ? 'expiring' : 'valid';
}

/** The expiry line of the evidence panel, e.g. "Valid until 3 March 2027" or "Expired on …". */
export function describeExpiry(
  expiresAt: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
  locale?: string,
): string {
  if (expiresAt == null) return 'No expiry date';
  const date = toDate(expiresAt);
  if (Number.isNaN(date.getTime())) return 'Expiry date unknown';
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    date,
  );
  return claimStatus(date, now) === 'expired'
    ? `Expired on ${formatted}`
    : `Valid until ${formatted}`;
}
