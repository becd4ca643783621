import { describe, expect, it } from 'vitest';
import {
  dateRangePresets,
  formatDateRange,
  previousPeriod,
  rangeLength,
  sameRange,
} from './date-range.ts';

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day);

describe('previousPeriod', () => {
  it('is the same number of days just before the range', () => {
    const previous = previousPeriod({ from: d(2026, 11, 1), to: d(2026, 11, 30) });
    expect(previous).toEqual({ from: d(2026, 10, 2), to: d(2026, 10, 31) });
    expect(rangeLength(previous)).toBe(30);
  });

  it('handles a single day and a year boundary', () => {
    expect(previousPeriod({ from: d(2026, 1, 1), to: d(2026, 1, 1) })).toEqual({
      from: d(2025, 12, 31),
      to: d(2025, 12, 31),
    });
    expect(previousPeriod({ from: d(2026, 1, 1), to: d(2026, 1, 7) })).toEqual({
      from: d(2025, 12, 25),
      to: d(2025, 12, 31),
    });
  });
});

describe('dateRangePresets', () => {
  it('are relative to today', () => {
    const presets = Object.fromEntries(
      dateRangePresets(d(2026, 3, 15)).map((preset) => [preset.id, preset.range]),
    );
    expect(presets['last-7-days']).toEqual({ from: d(2026, 3, 9), to: d(2026, 3, 15) });
    expect(rangeLength(presets['last-30-days']!)).toBe(30);
    expect(presets['this-month']).toEqual({ from: d(2026, 3, 1), to: d(2026, 3, 15) });
    expect(presets['last-month']).toEqual({ from: d(2026, 2, 1), to: d(2026, 2, 28) });
    expect(presets['year-to-date']).toEqual({ from: d(2026, 1, 1), to: d(2026, 3, 15) });
  });
});

describe('formatDateRange', () => {
  it('writes the year once when both ends share it', () => {
    expect(formatDateRange({ from: d(2026, 11, 1), to: d(2026, 11, 30) }, 'en-GB')).toBe(
      '1 Nov – 30 Nov 2026',
    );
    expect(formatDateRange({ from: d(2025, 12, 20), to: d(2026, 1, 5) }, 'en-GB')).toBe(
      '20 Dec 2025 – 5 Jan 2026',
    );
    expect(formatDateRange({ from: d(2026, 5, 2), to: d(2026, 5, 2) }, 'en-GB')).toBe('2 May 2026');
  });

  it('compares ranges by day', () => {
    expect(
      sameRange(
        { from: d(2026, 1, 1), to: d(2026, 1, 2) },
        { from: new Date(2026, 0, 1, 13), to: d(2026, 1, 2) },
      ),
    ).toBe(true);
    expect(sameRange(undefined, undefined)).toBe(true);
  });
});
