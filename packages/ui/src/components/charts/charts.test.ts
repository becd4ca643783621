import { describe, expect, it } from 'vitest';
import {
  assignAxes,
  axisWholeNumbers,
  axisWidth,
  compactCurrencyTick,
  dateLabelWidth,
  dateTickIndices,
  dateTickLayout,
  defaultFormatDate,
  defaultFormatTick,
  seriesColor,
  summariseSeries,
  valueOf,
} from './time-series.ts';

const fmt = {
  formatValue: (n: number) => new Intl.NumberFormat('en-US').format(n),
  formatDate: (d: Date) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d),
};

const data = [
  { date: '2026-01-01', clicks: 10, sales: 1 },
  { date: '2026-01-02', clicks: 40, sales: 3 },
  { date: '2026-01-03', clicks: 2, sales: null as unknown as number },
  { date: '2026-01-04', clicks: 15, sales: 2 },
];

describe('summariseSeries', () => {
  it('describes range, total, extremes and latest value of each series', () => {
    expect(summariseSeries('Clicks per day', data, [{ key: 'clicks', label: 'Clicks' }], fmt)).toBe(
      'Clicks per day from Jan 1 to Jan 4. Clicks: total 67, highest 40 on Jan 2, lowest 2 on Jan 3, latest 15.',
    );
  });

  it('skips gaps instead of counting them as zero', () => {
    expect(summariseSeries('Sales', data, [{ key: 'sales', label: 'Sales' }], fmt)).toContain(
      'Sales: total 6, highest 3 on Jan 2, lowest 1 on Jan 1, latest 2.',
    );
  });

  it('covers several series', () => {
    const text = summariseSeries(
      'Both',
      data,
      [
        { key: 'clicks', label: 'Clicks' },
        { key: 'sales', label: 'Sales' },
      ],
      fmt,
    );
    expect(text.indexOf('Clicks:')).toBeLessThan(text.indexOf('Sales:'));
  });

  it('says when there is no data', () => {
    expect(summariseSeries('Clicks', [], [{ key: 'clicks', label: 'Clicks' }], fmt)).toBe(
      'Clicks: no data.',
    );
    expect(
      summariseSeries(
        'Sales',
        [{ date: '2026-01-01', sales: null as unknown as number }],
        [{ key: 'sales', label: 'Sales' }],
        fmt,
      ),
    ).toBe('Sales on Jan 1. Sales: no data.');
  });
});

describe('valueOf', () => {
  it('reads numbers and numeric strings, and gaps as null', () => {
    const d = { date: 1, a: 3, b: '4.5', c: undefined, d: 'n/a', e: Number.NaN };
    expect(valueOf(d, 'a')).toBe(3);
    expect(valueOf(d, 'b')).toBe(4.5);
    expect(valueOf(d, 'c')).toBeNull();
    expect(valueOf(d, 'd')).toBeNull();
    expect(valueOf(d, 'e')).toBeNull();
  });
});

describe('defaults', () => {
  it('formats date-only strings in UTC so the day never shifts', () => {
    expect(defaultFormatDate(new Date('2026-01-05'))).toMatch(/5/);
  });

  it('cycles through the palette and honours an explicit colour', () => {
    expect(seriesColor({ key: 'date', label: 'x' }, 0)).toBe('var(--vd-green)');
    expect(seriesColor({ key: 'date', label: 'x', color: 'red' }, 0)).toBe('red');
  });
});

describe('axis ticks', () => {
  it('formats money compactly and without cents', () => {
    const tick = compactCurrencyTick('USD');
    expect([0, 500, 1000, 1500, 12_000, 1_200_000].map(tick)).toEqual([
      '$0',
      '$500',
      '$1K',
      '$1.5K',
      '$12K',
      '$1.2M',
    ]);
  });

  it('formats plain numbers compactly', () => {
    expect([0, 250, 1500, 12_000].map(defaultFormatTick)).toEqual(['0', '250', '1.5K', '12K']);
  });

  it('gives an axis room for its longest label', () => {
    const tick = compactCurrencyTick('USD');
    expect(axisWidth(1500, tick)).toBeGreaterThan(axisWidth(5, tick));
    expect(axisWidth(1500, tick)).toBeGreaterThanOrEqual('$1.5K'.length * 7);
  });
});

describe('assignAxes', () => {
  const data = [
    { date: '2026-01-01', clicks: 400, sales: 20, earnings: 300 },
    { date: '2026-01-02', clicks: 500, sales: 30, earnings: 350 },
  ];

  it('moves a series under a fifth of the largest to the right axis', () => {
    expect(
      assignAxes(data, [
        { key: 'clicks', label: 'Clicks' },
        { key: 'sales', label: 'Sales' },
      ]),
    ).toEqual(['left', 'right']);
  });

  it('keeps series of similar size on one axis', () => {
    expect(
      assignAxes(data, [
        { key: 'clicks', label: 'Clicks' },
        { key: 'earnings', label: 'Earnings' },
      ]),
    ).toEqual(['left', 'left']);
  });

  it('keeps a single series on the left and honours an explicit axis', () => {
    expect(assignAxes(data, [{ key: 'sales', label: 'Sales' }])).toEqual(['left']);
    expect(
      assignAxes(data, [
        { key: 'clicks', label: 'Clicks', axis: 'right' },
        { key: 'sales', label: 'Sales', axis: 'left' },
      ]),
    ).toEqual(['right', 'left']);
  });

  it('draws the previous period in a muted gray unless given a colour', () => {
    expect(seriesColor({ key: 'date', label: 'x', previous: true }, 0)).toBe('var(--gray-10)');
  });
});

describe('axisWholeNumbers', () => {
  it('keeps an axis of counts to whole-number ticks, and one with fractions free', () => {
    const data = [
      { date: '2026-01-01', clicks: 40, sales: 1, earnings: 12.5 },
      { date: '2026-01-02', clicks: 52, sales: 2, earnings: 8 },
    ];
    const counts = [
      { key: 'clicks' as const, label: 'Clicks' },
      { key: 'sales' as const, label: 'Sales' },
    ];
    expect(axisWholeNumbers(data, counts, ['left', 'right'])).toEqual({ left: true, right: true });
    const money = [
      { key: 'clicks' as const, label: 'Clicks' },
      { key: 'earnings' as const, label: 'Earnings' },
    ];
    expect(axisWholeNumbers(data, money, ['left', 'right'])).toEqual({ left: true, right: false });
  });
});

describe('dateTickIndices', () => {
  it('labels every date that fits', () => {
    expect(dateTickIndices(7, 560, dateLabelWidth(6))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('labels every n-th date back from the last, evenly, and the first when a step lands on it', () => {
    // 31 days in 250 px: a label needs 58 px, a day 8 px, so every 8th at least; 10 reaches day 31.
    expect(dateTickIndices(31, 250, dateLabelWidth(6))).toEqual([0, 10, 20, 30]);
    // 7 days in 300 px: a label needs 58 px, a day 43 px: every 2nd, which ends on the last.
    expect(dateTickIndices(7, 300, dateLabelWidth(6))).toEqual([0, 2, 4, 6]);
  });

  it('keeps an even step, ending on the last date, when no step near the smallest reaches the first', () => {
    // 90 days: 89 is prime, so no step but 1 or 89 reaches the first day from the last.
    const indices = dateTickIndices(90, 500, dateLabelWidth(6));
    const steps = new Set(indices.slice(1).map((value, i) => value - indices[i]!));
    expect(steps.size).toBe(1);
    expect([...steps][0]).toBe(11);
    expect(indices.at(-1)).toBe(89);
  });

  it('copes with no dates, one date and no room', () => {
    expect(dateTickIndices(0, 300, 58)).toEqual([]);
    expect(dateTickIndices(1, 300, 58)).toEqual([0]);
    expect(dateTickIndices(5, 0, 58)).toEqual([4]);
  });
});

describe('dateTickLayout', () => {
  // "Nov 29" is about 42 px wide at the tick size; the plot has 16 px of margin on its right and
  // a y axis (at least 32 px) and 4 px of margin on its left.
  const nov29 = dateLabelWidth(6) - dateLabelWidth(0);
  const room = { roomLeft: 36, roomRight: 16 };

  it("ends a line's last label at its point, which sits on the plot's right edge", () => {
    // The dashboard's 30 days in a half-width card: a bar's last point is half a slot in from the
    // edge, enough for half a label with the margin; a line's is on the edge, which is not.
    const bars = dateTickLayout({
      count: 30,
      width: 420,
      textWidth: nov29,
      placement: 'band',
      ...room,
    });
    expect(bars.lastEnds).toBe(false);
    const line = dateTickLayout({
      count: 30,
      width: 420,
      textWidth: nov29,
      placement: 'point',
      ...room,
    });
    expect(line.lastEnds).toBe(true);
    expect(line.indices.at(-1)).toBe(29);
  });

  it('centres the last label when there is room for it beyond its point', () => {
    const wide = dateTickLayout({
      count: 7,
      width: 600,
      textWidth: nov29,
      placement: 'band',
      ...room,
    });
    expect(wide).toEqual({ indices: [0, 1, 2, 3, 4, 5, 6], firstStarts: false, lastEnds: false });
    const short = dateTickLayout({
      count: 7,
      width: 600,
      textWidth: 28,
      placement: 'point',
      ...room,
    });
    expect(short.lastEnds).toBe(false);
  });

  it('keeps half a label more between labels when the last one ends at its point', () => {
    const layout = dateTickLayout({
      count: 30,
      width: 420,
      textWidth: nov29,
      placement: 'point',
      ...room,
    });
    expect(layout.indices).toEqual(dateTickIndices(30, 420, dateLabelWidth(6) + nov29 / 2));
  });

  it('starts the first label at its point when the left axis leaves too little room', () => {
    const long = 84; // e.g. "Sep 29, 2026"
    const layout = dateTickLayout({
      count: 7,
      width: 600,
      textWidth: long,
      placement: 'point',
      ...room,
    });
    expect(layout.indices[0]).toBe(0);
    expect(layout.firstStarts).toBe(true);
    // It is the first labelled date's label that moves, whichever date that is.
    const dense = dateTickLayout({
      count: 90,
      width: 382,
      textWidth: long,
      placement: 'point',
      ...room,
    });
    expect(dense.indices[0]).toBe(1);
    expect(dense.firstStarts).toBe(true);
    const roomy = dateTickLayout({
      count: 8,
      width: 600,
      textWidth: 56,
      placement: 'point',
      ...room,
    });
    expect(roomy.firstStarts).toBe(false);
  });

  it('never lets a label reach past the chart or run into its neighbour', () => {
    const failures: string[] = [];
    for (const placement of ['band', 'point'] as const) {
      for (const count of [1, 2, 7, 14, 30, 31, 90, 365]) {
        for (let width = 60; width <= 1400; width += 7) {
          for (const textWidth of [28, 35, 42, 56, 84]) {
            if (textWidth > width) continue; // no room for even one label
            for (const roomRight of [4, 16]) {
              const args = { count, width, textWidth, placement, roomLeft: 36, roomRight };
              const { indices, firstStarts, lastEnds } = dateTickLayout(args);
              const at = (i: number) =>
                placement === 'band' || count === 1
                  ? ((i + 0.5) * width) / count
                  : (i * width) / (count - 1);
              const spans = indices.map((i, k) => {
                const x = at(i);
                if (i === count - 1 && lastEnds) return [x - textWidth, x] as const;
                if (k === 0 && firstStarts) return [x, x + textWidth] as const;
                return [x - textWidth / 2, x + textWidth / 2] as const;
              });
              const where = JSON.stringify(args);
              if (indices.at(-1) !== count - 1) failures.push(`${where}: last date unnamed`);
              spans.forEach(([left, right], k) => {
                if (left < -36 - 1e-9 || right > width + roomRight + 1e-9) {
                  failures.push(`${where}: label ${indices[k]} spans ${left}–${right}`);
                }
                const next = spans[k + 1];
                if (next && next[0] - right < 16 - 1e-9) {
                  failures.push(`${where}: labels ${indices[k]} and ${indices[k + 1]} touch`);
                }
              });
            }
          }
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
