const DAY_MS = 86_400_000;

/** The UTC dates (`2026-01-05`) of the `count` days up to and including `now`'s, oldest first. */
export function lastDays(count: number, now = Date.now()): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * One point per day of `days` for a chart, a day without a row reading as zero: a line chart
 * drawn from the stored rows alone joins the days either side of a gap as if there were clicks
 * in between, and draws a single day's clicks as a lone dot.
 */
export function clicksPerDay(
  days: readonly string[],
  rows: readonly { day: string; clicks: number; unique_clicks: number }[],
): { date: string; clicks: number; unique: number }[] {
  const byDay = new Map(rows.map((row) => [row.day.slice(0, 10), row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return { date: day, clicks: row?.clicks ?? 0, unique: row?.unique_clicks ?? 0 };
  });
}
