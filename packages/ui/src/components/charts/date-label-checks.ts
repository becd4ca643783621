// Story checks for the charts' x-axis date labels: used by the line and bar chart stories.
import { expect, waitFor } from 'storybook/test';

/** Days from `count - 1` days before Nov 29, 2025 to that day, as on the dashboard's date ranges. */
export function daysUpTo(count: number, last = '2025-11-29'): string[] {
  const end = Date.parse(last);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/**
 * Resizes `frame` to each of `widths` and checks every chart inside it: its x axis names its last
 * date, and each date label lies wholly inside the chart's svg (none clipped at an edge) and clear
 * of the label beside it. `lastLabels` are the expected last labels, one per chart in order.
 */
export async function expectDateLabelsInside(
  frame: HTMLElement,
  widths: readonly number[],
  lastLabels: readonly string[],
): Promise<void> {
  const failures: string[] = [];
  for (const width of widths) {
    frame.style.width = `${width}px`;
    const plots = Array.from(frame.querySelectorAll<HTMLElement>('[data-slot="chart-plot"]'));
    await expect(plots).toHaveLength(lastLabels.length);
    // Each plot redraws once its container has been measured at the new width.
    await waitFor(() => {
      for (const plot of plots) {
        const svg = plot.querySelector('.recharts-wrapper > svg.recharts-surface');
        if (!svg) throw new Error('no plot yet');
        if (Math.abs(svg.getBoundingClientRect().width - plot.clientWidth) > 0.5) {
          throw new Error(`plot not yet ${plot.clientWidth}px wide`);
        }
        if (
          plot.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
            .length === 0
        ) {
          throw new Error('no date labels yet');
        }
      }
    });
    await nextFrame();
    await nextFrame();
    plots.forEach((plot, index) => {
      const svg = plot
        .querySelector('.recharts-wrapper > svg.recharts-surface')!
        .getBoundingClientRect();
      const labels = Array.from(
        plot.querySelectorAll<SVGTextElement>(
          '.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value',
        ),
        (text) => ({ text: (text.textContent ?? '').trim(), box: text.getBoundingClientRect() }),
      ).sort((a, b) => a.box.left - b.box.left);
      const where = `chart ${index + 1} at ${width}px`;
      if (labels.at(-1)?.text !== lastLabels[index]) {
        failures.push(`${where}: last label "${labels.at(-1)?.text}", not "${lastLabels[index]}"`);
      }
      labels.forEach(({ text, box }, i) => {
        if (box.left < svg.left - 0.5 || box.right > svg.right + 0.5) {
          failures.push(
            `${where}: "${text}" spans ${box.left.toFixed(1)}–${box.right.toFixed(1)}, outside the svg's ${svg.left.toFixed(1)}–${svg.right.toFixed(1)}`,
          );
        }
        const next = labels[i + 1];
        if (next && box.right > next.box.left + 0.5) {
          failures.push(`${where}: "${text}" overlaps "${next.text}"`);
        }
      });
    });
  }
  await expect(failures).toEqual([]);
}

/** The name of the group of charts that `expectDashboardRangesLabelled` resizes. */
export const RESIZED_CHARTS_LABEL = 'Charts at one width';

/** That group's style: one column of charts, 480 px wide until the check resizes it. */
export const RESIZED_CHARTS_STYLE = {
  width: 480,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 16,
} as const;

/**
 * Resizes the group named `RESIZED_CHARTS_LABEL` (the 7-, 30- and 90-day ranges up to Nov 29) from
 * a phone's width to a wide card's and back, checking its charts' date labels at each width.
 */
export async function expectDashboardRangesLabelled(canvas: {
  getByRole: (role: 'group', options: { name: string }) => HTMLElement;
}): Promise<void> {
  const widths = Array.from({ length: 8 }, (_, i) => 240 + i * 96);
  await expectDateLabelsInside(
    canvas.getByRole('group', { name: RESIZED_CHARTS_LABEL }),
    [...widths, 480],
    ['Nov 29', 'Nov 29', 'Nov 29'],
  );
}
