export type ChartDate = string | number | Date;

/** One point in time; every series reads its value from a numeric field of the point. */
export type ChartDatum = { date: ChartDate };

export interface ChartSeries<T extends ChartDatum> {
  /** The numeric field of each datum this series plots. */
  key: Extract<keyof T, string>;
  /** Name in the legend, tooltip, table and summary, e.g. "Clicks". */
  label: string;
  /** Any CSS colour; defaults to the brand palette. */
  color?: string;
  /**
   * The y axis this series reads against. Without it, a series much smaller than the largest one
   * (under a fifth of its peak) moves to the right axis, so it does not flatten along the bottom.
   */
  axis?: 'left' | 'right';
  /** The previous period for comparison: drawn dashed and muted, behind the current series. */
  previous?: boolean;
}

export interface ChartFormatters {
  formatValue: (value: number) => string;
  formatDate: (date: Date) => string;
  /** Y-axis tick labels; compact (see `compactCurrencyTick` for money). */
  formatTick: (value: number) => string;
}

/** Series colours from the theme tokens: brand green, brand blue, then Radix scales that read on dark. */
export const chartPalette = [
  'var(--vd-green)',
  'var(--vd-blue)',
  'var(--amber-9)',
  'var(--purple-9)',
  'var(--crimson-9)',
];

export function seriesColor<T extends ChartDatum>(series: ChartSeries<T>, index: number): string {
  if (series.color) return series.color;
  // The previous period reads as context: a muted gray.
  if (series.previous) return 'var(--gray-10)';
  return chartPalette[index % chartPalette.length] ?? 'var(--accent-9)';
}

export function toDate(value: ChartDate): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The series value of a datum; missing or non-numeric values read as null (a gap, not a zero). */
export function valueOf<T extends ChartDatum>(
  datum: T,
  key: Extract<keyof T, string>,
): number | null {
  const raw = datum[key];
  if (raw === null || raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Dates as "Jan 5" in UTC, so a date-only string like "2026-01-05" is never shown as the 4th. */
export const defaultFormatDate = (date: Date): string =>
  new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );

export const defaultFormatValue = (value: number): string => new Intl.NumberFormat().format(value);

/** Axis ticks as compact numbers without decimals below a thousand: 0, 250, 1.5K, 12K, 1.2M. */
export const defaultFormatTick = (value: number): string =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/**
 * Axis ticks for money: compact and without cents ("$0", "$500", "$1K", "$1.5K", "$12M"). The
 * tooltip, table and summary keep the full amount from `formatValue`.
 */
export function compactCurrencyTick(currency: string, locale = 'en-US'): (value: number) => string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return (value) => format.format(value);
}

/** Peak absolute value of a series (0 when it has no values). */
function peakOf<T extends ChartDatum>(data: readonly T[], key: Extract<keyof T, string>): number {
  let peak = 0;
  for (const d of data) {
    const v = valueOf(d, key);
    if (v !== null) peak = Math.max(peak, Math.abs(v));
  }
  return peak;
}

/** Room, in pixels, that a date label of `length` characters takes on the x axis, with its gap. */
export function dateLabelWidth(length: number): number {
  // About 7 px per character at the 12 px tick size, and 16 px between labels.
  return Math.ceil(length * 7) + 16;
}

/**
 * Which of `count` dates (evenly spaced across `width` pixels, each at the middle of its slot)
 * are labelled when a label needs `labelWidth` pixels: every n-th counted back from the last (the
 * latest date is always named), with the same n throughout, so the labels are evenly spaced; among
 * the n that fit, one that lands on the first date too is taken when it is not much larger than
 * the smallest.
 */
export function dateTickIndices(count: number, width: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const slot = width / count;
  const smallest = Math.max(1, Math.ceil(labelWidth / Math.max(slot, 1e-6)));
  if (smallest >= count) return [count - 1];
  let step = smallest;
  for (let candidate = smallest; candidate <= Math.ceil(smallest * 1.5); candidate++) {
    if ((count - 1) % candidate === 0) {
      step = candidate;
      break;
    }
  }
  const indices: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) indices.unshift(i);
  return indices;
}

/**
 * Where a plot puts its dates along the x axis: `band` at the middle of equal slots (bars), `point`
 * from the plot's left edge to its right edge (lines and areas: the first and last points sit on
 * the edges).
 */
export type DatePlacement = 'band' | 'point';

export interface DateTickLayout {
  /** Indexes of the dates that are labelled (see `dateTickIndices`). */
  indices: number[];
  /**
   * The first label (of the date at `indices[0]`) starts at its point, as centring it would reach
   * past the chart's left edge.
   */
  firstStarts: boolean;
  /** The last label ends at its point, as centring it would reach past the chart's right edge. */
  lastEnds: boolean;
}

/**
 * The x-axis labels of `count` dates placed across a plot `width` pixels wide, when the widest label
 * is `textWidth` pixels: which dates are labelled (every n-th back from the last, see
 * `dateTickIndices`), and whether the first and last labels, centred on their points, would reach
 * past the chart's edges, which are `roomLeft` and `roomRight` pixels beyond the plot's. Such a label
 * starts (first) or ends (last) at its point instead, and the labels keep half a label more room
 * between them, so it never touches the one beside it. A label wider than the plot itself may still
 * overflow: no anchoring can fit it.
 */
export function dateTickLayout({
  count,
  width,
  textWidth,
  placement,
  roomLeft,
  roomRight,
}: {
  count: number;
  width: number;
  textWidth: number;
  placement: DatePlacement;
  roomLeft: number;
  roomRight: number;
}): DateTickLayout {
  if (count <= 0) return { indices: [], firstStarts: false, lastEnds: false };
  // Where each date's point sits, from the plot's left edge: in the middle of its slot for bars; on
  // the edges and evenly between for lines (a single point sits in the middle).
  const at = (i: number) =>
    placement === 'band' || count === 1 ? ((i + 0.5) * width) / count : (i * width) / (count - 1);
  const half = textWidth / 2;
  const lastEnds = half > width - at(count - 1) + roomRight;
  // Any label near the first date might start at its point: which one is first labelled depends
  // on the spacing, so the spacing allows for it whenever the first point has too little room.
  const firstMayStart = half > at(0) + roomLeft;
  // Half a label more room for each label moved inwards (a full one when both are, for the case
  // where they are side by side).
  const labelWidth =
    dateLabelWidth(0) + textWidth + (lastEnds ? half : 0) + (firstMayStart ? half : 0);
  const indices = dateTickIndices(count, width, labelWidth);
  const first = indices[0] ?? 0;
  const firstStarts = half > at(first) + roomLeft;
  // A single label too wide for the chart either way stays centred: it overflows least so.
  const neither = indices.length === 1 && lastEnds && firstStarts;
  return { indices, firstStarts: firstStarts && !neither, lastEnds: lastEnds && !neither };
}

/** How much smaller than the largest series a series must be to get the right axis. */
export const SECOND_AXIS_RATIO = 5;

/**
 * The y axis of each series: its own `axis` when given; otherwise the left one, unless its peak is
 * under 1/5 of the largest peak, when it reads against the right axis.
 */
export function assignAxes<T extends ChartDatum>(
  data: readonly T[],
  series: readonly ChartSeries<T>[],
): ('left' | 'right')[] {
  const peaks = series.map((s) => peakOf(data, s.key));
  const largest = Math.max(0, ...peaks);
  return series.map((s, i) => {
    if (s.axis) return s.axis;
    const peak = peaks[i] ?? 0;
    return series.length > 1 && largest > 0 && peak > 0 && peak * SECOND_AXIS_RATIO <= largest
      ? 'right'
      : 'left';
  });
}

/** Room, in pixels, for the longest tick label of an axis whose values reach `peak`. */
export function axisWidth(peak: number, formatTick: (value: number) => string): number {
  const longest = Math.max(formatTick(peak).length, formatTick(0).length, formatTick(-peak).length);
  // About 7 px per character at the 12 px tick size, plus the gap to the plot.
  return Math.max(32, Math.ceil(longest * 7.2) + 12);
}

/** Peaks per axis, for sizing each axis. */
export function axisPeaks<T extends ChartDatum>(
  data: readonly T[],
  series: readonly ChartSeries<T>[],
  axes: readonly ('left' | 'right')[],
): { left: number; right: number } {
  const result = { left: 0, right: 0 };
  series.forEach((s, i) => {
    const side = axes[i] ?? 'left';
    result[side] = Math.max(result[side], peakOf(data, s.key));
  });
  return result;
}

/**
 * Per y axis, whether every value its series plot is a whole number (counts such as clicks or
 * sales): such an axis gets whole-number ticks only, never "0.8 sales".
 */
export function axisWholeNumbers<T extends ChartDatum>(
  data: readonly T[],
  series: readonly ChartSeries<T>[],
  axes: readonly ('left' | 'right')[],
): { left: boolean; right: boolean } {
  const result = { left: true, right: true };
  series.forEach((s, i) => {
    const side = axes[i] ?? 'left';
    for (const d of data) {
      const v = valueOf(d, s.key);
      if (v !== null && !Number.isInteger(v)) result[side] = false;
    }
  });
  return result;
}

/**
 * The text alternative of a time-series chart, e.g.
 * "Clicks from Jan 1 to Jan 7. Clicks: total 120, highest 40 on Jan 3, lowest 2 on Jan 6, latest 15."
 */
export function summariseSeries<T extends ChartDatum>(
  title: string,
  data: readonly T[],
  series: readonly ChartSeries<T>[],
  { formatValue, formatDate }: Pick<ChartFormatters, 'formatValue' | 'formatDate'>,
): string {
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last) return `${title}: no data.`;
  const span =
    data.length === 1
      ? `${title} on ${formatDate(toDate(first.date))}.`
      : `${title} from ${formatDate(toDate(first.date))} to ${formatDate(toDate(last.date))}.`;
  const parts = series.map((s) => {
    const points = data
      .map((d) => ({ date: toDate(d.date), value: valueOf(d, s.key) }))
      .filter((p): p is { date: Date; value: number } => p.value !== null);
    const head = points[0];
    if (!head) return `${s.label}: no data.`;
    let high = head;
    let low = head;
    let total = 0;
    for (const p of points) {
      total += p.value;
      if (p.value > high.value) high = p;
      if (p.value < low.value) low = p;
    }
    const latest = points[points.length - 1] ?? head;
    return (
      `${s.label}: total ${formatValue(total)}, highest ${formatValue(high.value)} on ${formatDate(high.date)}, ` +
      `lowest ${formatValue(low.value)} on ${formatDate(low.date)}, latest ${formatValue(latest.value)}.`
    );
  });
  return [span, ...parts].join(' ');
}
