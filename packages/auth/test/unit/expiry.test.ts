import { describe, expect, it } from 'vitest';
import { expiryStatus, warningWindow } from '../../src/index.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('expiry status', () => {
  it('uses a 5 minute window, or 24 h with remember-me', () => {
    expect(warningWindow(false)).toBe(5 * MIN);
    expect(warningWindow(true)).toBe(24 * HOUR);
  });

  it.each([
    [false, 5 * MIN + 1, 'active'],
    [false, 5 * MIN, 'warning'],
    [false, 1, 'warning'],
    [false, 0, 'expired'],
    [false, -1, 'expired'],
    [true, 24 * HOUR + 1, 'active'],
    [true, 24 * HOUR, 'warning'],
    [true, 0, 'expired'],
  ] as const)('rememberMe=%s, %i ms left → %s', (rememberMe, left, kind) => {
    expect(expiryStatus(1_000_000 + left, rememberMe, 1_000_000).kind).toBe(kind);
  });

  it('reports the time left in the warning', () => {
    expect(expiryStatus(10 * MIN, false, 7 * MIN)).toEqual({
      kind: 'warning',
      remainingMs: 3 * MIN,
    });
  });
});
