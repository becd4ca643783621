import type { PublicProgramTerms } from '@verdant/api-client';

const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : integer.format(value);
}

/** Basis points as a percentage: 1250 → "12.5 %". */
export function formatBps(bps: number | null | undefined): string {
  if (bps === null || bps === undefined) return '—';
  const percent = bps / 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)} %`;
}

export function formatMoney(cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    // Whole units from 1,000 up: summaries read better without cents.
    maximumFractionDigits: cents % 100 === 0 || Math.abs(cents) >= 100_000 ? 0 : 2,
  }).format(cents / 100);
}

export function formatCommission(program: PublicProgramTerms): string {
  return program.commission_type === 'percent'
    ? `${formatBps(program.commission_rate_bps)} of each order`
    : `${formatMoney(program.commission_flat_cents ?? 0, program.currency)} per item sold`;
}

export function formatDate(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatDateTime(date: Date | string): string {
  return `${new Date(date).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}

export function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}
