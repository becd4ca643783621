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
}

export interface ChartFormatters {
  formatValue: (value: number) => string;
  formatDate: (date: Date) => string;
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
  return series.color ?? chartPalette[index % chartPalette.length] ?? 'var(--accent-9)';
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

/**
 * The text alternative of a time-series chart, e.g.
 * "Clicks from Jan 1 to Jan 7. Clicks: total 120, highest 40 on Jan 3, lowest 2 on Jan 6, latest 15."
 */
export function summariseSeries<T extends ChartDatum>(
  title: string,
  data: readonly T[],
  series: readonly ChartSeries<T>[],
  { formatValue, formatDate }: ChartFormatters,
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
