/** Width and height of the sparkline's drawing (SVG user units; the SVG scales to its box). */
export const SPARKLINE_WIDTH = 120;
export const SPARKLINE_HEIGHT = 32;

/**
 * The line and the area under it for a sparkline of `values`, oldest first, in a
 * SPARKLINE_WIDTH × SPARKLINE_HEIGHT box with 2 units of room at the top and bottom for the stroke.
 * Fewer than two finite values draw nothing; a flat series sits in the middle.
 */
export function sparklinePaths(values: readonly number[]): { line: string; area: string } | null {
  const points = values.filter((v) => Number.isFinite(v));
  if (points.length < 2) return null;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const pad = 2;
  const span = max - min;
  const step = SPARKLINE_WIDTH / (points.length - 1);
  const y = (v: number) =>
    span === 0 ? SPARKLINE_HEIGHT / 2 : pad + (1 - (v - min) / span) * (SPARKLINE_HEIGHT - pad * 2);
  const round = (n: number) => Math.round(n * 100) / 100;
  const coords = points.map((v, i) => `${round(i * step)} ${round(y(v))}`);
  const line = `M${coords.join('L')}`;
  const area = `${line}L${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}L0 ${SPARKLINE_HEIGHT}Z`;
  return { line, area };
}
