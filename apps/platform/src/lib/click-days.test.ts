import { describe, expect, it } from 'vitest';
import { clicksPerDay, lastDays } from './click-days.ts';

describe('lastDays', () => {
  it('counts back from today in UTC, today last', () => {
    const days = lastDays(30, Date.parse('2026-03-01T23:30:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
  });
});

describe('clicksPerDay', () => {
  it('gives every day a point, zero where no row was stored', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03'];
    expect(clicksPerDay(days, [{ day: '2026-01-02', clicks: 1, unique_clicks: 1 }])).toEqual([
      { date: '2026-01-01', clicks: 0, unique: 0 },
      { date: '2026-01-02', clicks: 1, unique: 1 },
      { date: '2026-01-03', clicks: 0, unique: 0 },
    ]);
  });

  it('leaves out rows outside the days', () => {
    expect(
      clicksPerDay(['2026-01-02'], [{ day: '2025-12-31', clicks: 4, unique_clicks: 2 }]),
    ).toEqual([{ date: '2026-01-02', clicks: 0, unique: 0 }]);
  });
});
