import { describe, expect, it } from 'vitest';
import { formatRemaining } from './format-remaining.ts';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatRemaining', () => {
  it.each([
    [2 * d + 3 * h + 59 * m, '2 days and 3 hours'],
    [1 * d, '1 day and 0 hours'],
    [29 * d + 23 * h, '29 days and 23 hours'],
    [d - 1, '23 hours and 59 minutes'],
    [1 * h + 1 * m, '1 hour and 1 minute'],
    [5 * h, '5 hours and 0 minutes'],
    [h - 1, '59 minutes'],
    [5 * m, '5 minutes'],
    [4 * m + 59 * s, '4 minutes'],
    [1 * m, '1 minute'],
    [30 * s, '1 minute'],
    [0, '0 minutes'],
    [-5 * m, '0 minutes'],
    [Number.NaN, '0 minutes'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});
