import { describe, expect, it } from 'vitest';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklinePaths } from './sparkline.ts';
import { describeDelta, formatDelta, trendOf } from './stat-delta.ts';

describe('trendOf', () => {
  it('reads the direction of a change', () => {
    expect(trendOf(0.2)).toBe('up');
    expect(trendOf(-0.2)).toBe('down');
  });

  it('treats tiny and non-finite changes as flat', () => {
    expect(trendOf(0)).toBe('flat');
    expect(trendOf(0.0001)).toBe('flat');
    expect(trendOf(Number.NaN)).toBe('flat');
    expect(trendOf(Number.POSITIVE_INFINITY)).toBe('flat');
  });
});

describe('formatDelta', () => {
  it('signs the percentage with a true minus', () => {
    expect(formatDelta(0.125, 'en-US')).toBe('+12.5%');
    expect(formatDelta(-0.03, 'en-US')).toBe('\u22123%');
    expect(formatDelta(0, 'en-US')).toBe('0%');
    expect(formatDelta(2, 'en-US')).toBe('+200%');
  });
});

describe('describeDelta', () => {
  it('says the change in words', () => {
    expect(describeDelta(0.125, 'vs last month', 'en-US')).toBe('Up 12.5% vs last month');
    expect(describeDelta(-0.5, undefined, 'en-US')).toBe('Down 50%');
    expect(describeDelta(0, 'vs last week', 'en-US')).toBe('No change vs last week');
  });
});

describe('sparklinePaths', () => {
  it('spans the box: the lowest value at the bottom, the highest at the top', () => {
    const paths = sparklinePaths([10, 30, 20]);
    expect(paths?.line).toBe(`M0 ${SPARKLINE_HEIGHT - 2}L60 2L${SPARKLINE_WIDTH} 16`);
    expect(paths?.area).toBe(
      `${paths?.line}L${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}L0 ${SPARKLINE_HEIGHT}Z`,
    );
  });

  it('draws a flat series in the middle and nothing for fewer than two values', () => {
    expect(sparklinePaths([5, 5])?.line).toBe(
      `M0 ${SPARKLINE_HEIGHT / 2}L${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT / 2}`,
    );
    expect(sparklinePaths([5])).toBeNull();
    expect(sparklinePaths([5, Number.NaN])).toBeNull();
  });
});
