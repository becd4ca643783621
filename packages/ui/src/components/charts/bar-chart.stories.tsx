import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BarChart } from './bar-chart.tsx';
import {
  RESIZED_CHARTS_LABEL,
  RESIZED_CHARTS_STYLE,
  daysUpTo,
  expectDashboardRangesLabelled,
} from './date-label-checks.ts';
import { preloadCharts } from './index.ts';
import { compactCurrencyTick } from './time-series.ts';

interface MonthlyFigures {
  date: string;
  sales: number;
  earnings: number;
  /** The same month of the previous period, for comparison. */
  previousSales?: number;
}

const months: MonthlyFigures[] = [
  { date: '2025-08-01', sales: 42, earnings: 310.5 },
  { date: '2025-09-01', sales: 55, earnings: 402.25 },
  { date: '2025-10-01', sales: 61, earnings: 455 },
  { date: '2025-11-01', sales: 97, earnings: 731.8 },
  { date: '2025-12-01', sales: 128, earnings: 990.4 },
  { date: '2026-01-01', sales: 74, earnings: 540 },
];

const monthName = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const meta = {
  title: 'Charts/BarChart',
  component: BarChart<MonthlyFigures>,
  // The plot's code loads on first use; loaded first, each story draws its plot at once.
  loaders: [() => preloadCharts()],
  args: {
    title: 'Sales per month',
    data: months,
    series: [{ key: 'sales', label: 'Sales' }],
    formatDate: monthName,
    animate: false,
  },
} satisfies Meta<typeof BarChart<MonthlyFigures>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sales: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(
      'Sales per month from Aug 2025 to Jan 2026. Sales: total 457, highest 128 on Dec 2025, lowest 42 on Aug 2025, latest 74.',
    );
    const table = canvas.getByRole('table', { name: 'Sales per month' });
    await expect(within(table).getByRole('row', { name: 'Dec 2025 128' })).toBeInTheDocument();
  },
};

export const Earnings: Story = {
  args: {
    title: 'Earnings per month',
    series: [{ key: 'earnings', label: 'Earnings', color: 'var(--vd-blue)' }],
    formatValue: (v: number) => usd.format(v),
    formatTick: compactCurrencyTick('USD'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(/Earnings: total \$3,429\.95/);
    // Compact money ticks: "$1K", no cents, and none clipped by the axis.
    const plot = canvas.getByRole('img');
    // The plot draws once its container has been measured.
    await waitFor(() =>
      expect(plot.querySelectorAll('.recharts-cartesian-axis-tick-value').length).toBeGreaterThan(
        2,
      ),
    );
    // The y-axis ticks are the money ones (the x axis shows months).
    const ticks = Array.from(plot.querySelectorAll('.recharts-cartesian-axis-tick-value')).filter(
      (t) => t.textContent?.startsWith('$'),
    );
    const labels = ticks.map((t) => t.textContent ?? '');
    await expect(labels).toContain('$1K');
    await expect(labels.some((l) => l.includes('.00'))).toBe(false);
    const box = plot.getBoundingClientRect();
    for (const tick of ticks) {
      await expect(tick.getBoundingClientRect().left).toBeGreaterThanOrEqual(box.left);
    }
  },
};

export const ShowTable: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show table' }));
    await expect(canvas.getByRole('table')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Hide table' }));
    await expect(canvas.getByRole('button', { name: 'Show table' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

/** Sales are far smaller than earnings, so they read against a second axis on the right. */
export const SalesAndEarnings: Story = {
  args: {
    title: 'Sales and earnings',
    series: [
      { key: 'sales', label: 'Sales' },
      { key: 'earnings', label: 'Earnings' },
    ],
  },
  play: async ({ canvas }) => {
    const plot = canvas.getByRole('img');
    await expect(plot.querySelectorAll('.recharts-yAxis')).toHaveLength(2);
    await expect(canvas.getByText('Sales (right axis)')).toBeInTheDocument();
  },
};

const withPrevious = months.map((m, i) => ({
  ...m,
  previousSales: Math.round(m.sales * (0.7 + (i % 3) * 0.12)),
}));

/** The previous period as dashed outlines beside this period's bars. */
export const ComparedWithPreviousPeriod: Story = {
  args: {
    title: 'Sales per month',
    data: withPrevious,
    series: [
      { key: 'sales', label: 'Sales' },
      { key: 'previousSales', label: 'Previous period', previous: true },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(/Previous period: total/);
    const dashed = canvas
      .getByRole('img')
      .querySelectorAll('.recharts-bar-rectangle path[stroke-dasharray]');
    await expect(dashed.length).toBeGreaterThan(0);
  },
};

export const SinglePeriod: Story = {
  args: { data: months.slice(-1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(/^Sales per month on Jan 2026\./);
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No data yet' })).toBeInTheDocument();
  },
};

export const NarrowViewport: Story = {
  args: { surface: 'card' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** The dashboard's earnings over its 7-, 30- and 90-day ranges, each up to Nov 29. */
const dashboardRanges = [7, 30, 90].map((count) =>
  daysUpTo(count).map((date, i) => ({
    date,
    sales: 0,
    earnings: 20 + Math.round(15 * Math.sin(i / 2) * 100) / 100 + (i % 5) * 4,
  })),
);

/**
 * The 7-, 30- and 90-day ranges at every width from a phone to a wide card: the last date is always
 * named, and no date label reaches past the edge of the chart or runs into its neighbour.
 */
export const DateLabelsAtEveryWidth: Story = {
  args: {
    surface: 'card',
    height: 160,
    series: [{ key: 'earnings', label: 'Earnings' }],
    formatDate: undefined,
    formatTick: compactCurrencyTick('USD'),
  },
  render: (args) => (
    <div role="group" aria-label={RESIZED_CHARTS_LABEL} style={RESIZED_CHARTS_STYLE}>
      {dashboardRanges.map((data) => (
        <BarChart
          key={data.length}
          {...args}
          title={`Earnings per day, ${data.length} days`}
          description={`The last ${data.length} days`}
          data={data}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => expectDashboardRangesLabelled(canvas),
};
