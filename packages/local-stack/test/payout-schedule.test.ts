import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PayoutTimeError,
  nextPayoutRun,
  parsePayoutTime,
  schedulePayouts,
} from '../src/payout-schedule.ts';

describe('payout time', () => {
  it('takes HH:MM in UTC, "off", or the default 06:00', () => {
    expect(parsePayoutTime(undefined)).toBe('06:00');
    expect(parsePayoutTime(' 23:59 ')).toBe('23:59');
    expect(parsePayoutTime('00:00')).toBe('00:00');
    expect(parsePayoutTime('OFF')).toBeNull();
    for (const bad of ['24:00', '6:00', '06:60', '06:00Z', 'daily', ''])
      expect(() => parsePayoutTime(bad)).toThrow(PayoutTimeError);
  });

  it('runs next at that time today if it is still ahead, else tomorrow', () => {
    const at = (iso: string) => new Date(iso);
    expect(nextPayoutRun('06:00', at('2026-11-26T05:59:59Z')).toISOString()).toBe(
      '2026-11-26T06:00:00.000Z',
    );
    // Exactly at the time: that run is the one happening now; the next is tomorrow.
    expect(nextPayoutRun('06:00', at('2026-11-26T06:00:00Z')).toISOString()).toBe(
      '2026-11-27T06:00:00.000Z',
    );
    expect(nextPayoutRun('00:30', at('2026-12-31T23:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:30:00.000Z',
    );
  });
});

describe('schedulePayouts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every day at the time, goes on after a failed run, and stops', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T05:00:00Z'));
    const lines: string[] = [];
    const runs: string[] = [];
    let fail = false;
    const schedule = schedulePayouts({
      time: '06:00',
      run: async () => {
        runs.push(new Date().toISOString());
        if (fail) throw new Error('database unreachable');
        return 2;
      },
      log: (line) => lines.push(line),
    });

    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['2026-11-26T06:00:00.000Z']);
    expect(lines).toEqual(['[payouts] scheduled run at 06:00 UTC: 2 payouts made']);

    fail = true;
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(runs.at(-1)).toBe('2026-11-27T06:00:00.000Z');
    expect(lines.at(-1)).toBe(
      '[payouts] scheduled run at 06:00 UTC failed: Error: database unreachable',
    );

    fail = false;
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(runs).toHaveLength(3);

    schedule.stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 3_600_000);
    expect(runs).toHaveLength(3);
  });
});
