export interface DateRange {
  from: Date;
  to: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (local time) of a date. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Number of calendar days in a range, both ends included. */
export function rangeLength(range: DateRange): number {
  return (
    Math.round((startOfDay(range.to).getTime() - startOfDay(range.from).getTime()) / DAY_MS) + 1
  );
}

/**
 * The period a range is compared with: the same number of days, ending the day before it starts
 * (1–30 Nov → 2–31 Oct).
 */
export function previousPeriod(range: DateRange): DateRange {
  const length = rangeLength(range);
  const to = addDays(startOfDay(range.from), -1);
  return { from: addDays(to, -(length - 1)), to };
}

export type DateRangePresetId =
  'last-7-days' | 'last-30-days' | 'this-month' | 'last-month' | 'year-to-date';

export interface DateRangePreset {
  id: DateRangePresetId;
  label: string;
  range: DateRange;
}

/** The quick choices of the picker, relative to `today`. */
export function dateRangePresets(today: Date): DateRangePreset[] {
  const day = startOfDay(today);
  const year = day.getFullYear();
  const month = day.getMonth();
  return [
    { id: 'last-7-days', label: 'Last 7 days', range: { from: addDays(day, -6), to: day } },
    { id: 'last-30-days', label: 'Last 30 days', range: { from: addDays(day, -29), to: day } },
    { id: 'this-month', label: 'This month', range: { from: new Date(year, month, 1), to: day } },
    {
      id: 'last-month',
      label: 'Last month',
      range: { from: new Date(year, month - 1, 1), to: new Date(year, month, 0) },
    },
    { id: 'year-to-date', label: 'Year to date', range: { from: new Date(year, 0, 1), to: day } },
  ];
}

export function sameDay(a: Date, b: Date): boolean {
  return startOfDay(a).getTime() === startOfDay(b).getTime();
}

export function sameRange(a: DateRange | undefined, b: DateRange | undefined): boolean {
  if (!a || !b) return a === b;
  return sameDay(a.from, b.from) && sameDay(a.to, b.to);
}

/** "3 Nov – 30 Nov 2026" style text in the given locale; one year shown when both ends share it. */
export function formatDateRange(range: DateRange, locale?: string): string {
  const sameYear = range.from.getFullYear() === range.to.getFullYear();
  const full = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  if (sameDay(range.from, range.to)) return full.format(range.from);
  return `${(sameYear ? short : full).format(range.from)} – ${full.format(range.to)}`;
}
