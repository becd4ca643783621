import { describe, expect, it } from 'vitest';
import { sampleSeries } from './demo-storage.ts';

describe('sampleSeries', () => {
  it('ends today and gives the same figures on every visit', () => {
    const now = Date.parse('2026-11-28T15:30:00Z');
    const series = sampleSeries(30, 7, now);
    expect(series).toHaveLength(30);
    expect(series.at(-1)?.date).toBe('2026-11-28');
    expect(series[0]?.date).toBe('2026-10-30');
    expect(sampleSeries(30, 7, now + 60_000)).toEqual(series);
    for (const day of series) expect(Number.isInteger(day.sales)).toBe(true);
  });
});
