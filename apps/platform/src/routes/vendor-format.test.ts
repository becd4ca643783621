import { describe, expect, it } from 'vitest';
import { formatCount, formatDate } from './vendor-format.ts';

describe('formatCount', () => {
  it('writes whole numbers as English does, without setting up Intl', () => {
    const english = new Intl.NumberFormat('en');
    for (const value of [
      0, 7, 42, 999, 1000, 12_480, 100_000, 1_234_567, 9_007_199_254_740_991, -1234,
    ]) {
      expect(formatCount(value)).toBe(english.format(value));
    }
  });

  it('leaves fractions to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as that day, whatever the reader’s time zone', () => {
    expect(formatDate('2027-09-28')).toBe('Sep 28, 2027');
  });
});
