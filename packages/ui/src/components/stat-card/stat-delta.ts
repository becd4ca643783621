export type Trend = 'up' | 'down' | 'flat';

/** The direction of a change; changes smaller than `epsilon` count as flat. */
export function trendOf(delta: number, epsilon = 0.0005): Trend {
  if (!Number.isFinite(delta) || Math.abs(delta) < epsilon) return 'flat';
  return delta > 0 ? 'up' : 'down';
}

/** A relative change (0.125 = 12.5 %) as signed percent text, e.g. "+12.5%", "−3%", "0%". */
export function formatDelta(delta: number, locale?: string): string {
  const trend = trendOf(delta);
  if (trend === 'flat') return '0%';
  const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    Math.abs(delta),
  );
  return `${trend === 'up' ? '+' : '\u2212'}${text}`;
}

/** What a screen reader hears for a change: "Up 12.5% vs last month". */
export function describeDelta(delta: number, comparison?: string, locale?: string): string {
  const trend = trendOf(delta);
  const magnitude = formatDelta(Math.abs(delta), locale).replace('+', '');
  const head = trend === 'flat' ? 'No change' : `${trend === 'up' ? 'Up' : 'Down'} ${magnitude}`;
  return comparison ? `${head} ${comparison}` : head;
}
