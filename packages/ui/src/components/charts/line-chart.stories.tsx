import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '@radix-ui/themes';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/index.ts';
import { EmptyState } from '../empty-state/index.ts';
import { LineChart } from './line-chart.tsx';
import {
  RESIZED_CHARTS_LABEL,
  RESIZED_CHARTS_STYLE,
  daysUpTo,
  expectDashboardRangesLabelled,
} from './date-label-checks.ts';
import { preloadCharts } from './index.ts';
import { compactCurrencyTick } from './time-series.ts';

interface DailyFigures {
  date: string;
  clicks: number;
  sales: number;
  /** The same day of the previous period, for comparison. */
  previousClicks?: number;
  uniqueClicks?: number;
  earnings: number;
}

/** Deterministic daily figures for January 2026. */
const january: DailyFigures[] = Array.from({ length: 31 }, (_, i) => {
  const clicks = 120 + Math.round(60 * Math.sin(i / 3)) + i * 4;
  const sales = Math.round(clicks / 18);
  return {
    date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    clicks,
    sales,
    earnings: Math.round(sales * 7.35 * 100) / 100,
  };
});

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const meta = {
  title: 'Charts/LineChart',
  component: LineChart<DailyFigures>,
  // The plot's code loads on first use; loaded first, each story draws its plot at once.
  loaders: [() => preloadCharts()],
  args: {
    title: 'Clicks per day',
    description: 'January 2026',
    data: january,
    series: [{ key: 'clicks', label: 'Clicks' }],
    animate: false,
  },
} satisfies Meta<typeof LineChart<DailyFigures>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Clicks: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole('figure', { name: 'Clicks per day' });
    const plot = within(figure).getByRole('img');
    await expect(plot).toHaveAccessibleName(
      /^Clicks per day from Jan 1 to Jan 31\. Clicks: total [\d,]+, highest \d+ on Jan \d+/,
    );
    // The numbers behind the picture are in a table for screen readers.
    const table = within(figure).getByRole('table', { name: 'Clicks per day' });
    await expect(within(table).getAllByRole('row')).toHaveLength(32);
    await expect(within(table).getByRole('rowheader', { name: 'Jan 1' })).toBeInTheDocument();
  },
};

export const ShowTable: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Show table' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('table')).toBeVisible();
  },
};

export const KeyboardShowTable: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Show table' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

export const Earnings: Story = {
  args: {
    title: 'Earnings per day',
    series: [{ key: 'earnings', label: 'Earnings' }],
    formatValue: (value: number) => usd.format(value),
    formatTick: compactCurrencyTick('USD'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(/Earnings: total \$[\d,]+/);
  },
};

/** Sales are a small fraction of clicks: they read against the right axis instead of flattening. */
export const ClicksAndSales: Story = {
  args: {
    title: 'Clicks and sales',
    series: [
      { key: 'clicks', label: 'Clicks' },
      { key: 'sales', label: 'Sales' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img').querySelectorAll('.recharts-yAxis')).toHaveLength(2);
    await expect(canvas.getByRole('img')).toHaveAccessibleName(/Clicks: total .* Sales: total/);
    await expect(canvas.getByRole('columnheader', { name: 'Sales' })).toBeInTheDocument();
  },
};

/** A few sales a day against dozens of clicks: both axes tick in whole numbers (no "0.8 sales"). */
export const FewSales: Story = {
  args: {
    title: 'Clicks and sales',
    data: january.slice(0, 14).map((d, i) => ({
      ...d,
      clicks: 30 + (i % 5) * 4,
      sales: i % 4 === 0 ? 2 : i % 3 === 0 ? 1 : 0,
    })),
    series: [
      { key: 'clicks', label: 'Clicks' },
      { key: 'sales', label: 'Sales' },
    ],
  },
  play: async ({ canvas }) => {
    // Counts tick in whole numbers: no "0.8 sales" on either axis (the x axis shows dates).
    const plot = canvas.getByRole('img');
    const valueTicks = () =>
      Array.from(plot.querySelectorAll('.recharts-cartesian-axis-tick-value'), (tick) =>
        (tick.textContent ?? '').trim(),
      ).filter((text) => /^[\d.,]+$/.test(text));
    await waitFor(() => expect(valueTicks().length).toBeGreaterThan(2));
    const ticks = valueTicks();
    await expect(ticks.filter((tick) => !/^\d+$/.test(tick))).toEqual([]);
  },
};

export const WithGaps: Story = {
  args: {
    data: january.slice(0, 10).map((d, i) => (i === 4 ? { ...d, clicks: Number.NaN } : d)),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('cell', { name: '—' })).toBeInTheDocument();
  },
};

/** Days with data between empty days: each shows as a dot, since no line reaches it. */
export const IsolatedDays: Story = {
  args: {
    data: january
      .slice(0, 10)
      .map((d, i) => ((i % 2 === 1 && i < 7) || i >= 8 ? d : { ...d, clicks: Number.NaN })),
  },
  play: async ({ canvas }) => {
    const plot = canvas.getByRole('img');
    // Days 2, 4 and 6 stand alone; days 9 and 10 are joined by a line.
    await waitFor(() => expect(plot.querySelectorAll('.vd-chart__isolated-dot')).toHaveLength(3));
  },
};

export const OnACard: Story = {
  render: (args) => (
    <Card>
      <LineChart {...args} />
    </Card>
  ),
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Clicks per day');
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No data yet' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Show table' })).toBeNull();
  },
};

export const CustomEmptyState: Story = {
  args: {
    data: [],
    emptyState: (
      <EmptyState
        size="1"
        bordered
        title="No clicks yet"
        action={<Button size="sm">Share your first link</Button>}
      />
    ),
  },
};

export const LongContent: Story = {
  args: {
    title: 'Clicks per day across every storefront, link page and one-sheet QR code',
    description:
      'All programs, all countries, January 2026, including clicks later marked as invalid traffic',
    surface: 'card',
  },
};

export const NarrowViewport: Story = {
  args: { surface: 'card', height: 200 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    // Too narrow for 31 labels: every n-th day is named, evenly, back from the last day.
    const plot = canvas.getByRole('img');
    const days = () =>
      Array.from(plot.querySelectorAll('.recharts-cartesian-axis-tick-value'), (tick) =>
        (tick.textContent ?? '').trim(),
      )
        .filter((text) => /^Jan \d+$/.test(text))
        .map((text) => Number(text.slice(4)));
    await waitFor(() => expect(days().length).toBeGreaterThan(2));
    const named = days();
    await expect(named.length).toBeLessThan(31);
    await expect(named.at(-1)).toBe(31);
    const steps = new Set(named.slice(1).map((day, i) => day - named[i]!));
    await expect([...steps]).toHaveLength(1);
  },
};

/** This period over a gradient area, the previous one dashed behind it. */
export const ComparedWithPreviousPeriod: Story = {
  args: {
    title: 'Clicks, this and last month',
    data: january.map((d, i) => ({
      ...d,
      previousClicks: Math.round(d.clicks * 0.8 + (i % 4) * 6),
    })),
    series: [
      { key: 'clicks', label: 'This period' },
      { key: 'previousClicks', label: 'Previous period', previous: true },
    ],
  },
  play: async ({ canvas }) => {
    const plot = canvas.getByRole('img');
    await expect(plot.querySelector('.recharts-area-area')).not.toBeNull();
    await expect(plot.querySelector('.recharts-line-curve[stroke-dasharray="5 4"]')).not.toBeNull();
  },
};

/** The pointer over a day shows the kit's tooltip surface: the date and each series' value. */
export const Tooltip: Story = {
  args: {
    title: 'Clicks and sales',
    series: [
      { key: 'clicks', label: 'Clicks' },
      { key: 'sales', label: 'Sales' },
    ],
  },
  play: async ({ canvas }) => {
    const plot = canvas.getByRole('img');
    await waitFor(() => expect(plot.querySelector('.recharts-surface')).not.toBeNull());
    const wrapper = plot.querySelector('.recharts-wrapper') ?? plot;
    const box = wrapper.getBoundingClientRect();
    const at = { clientX: box.left + box.width * 0.5, clientY: box.top + box.height * 0.4 };
    await fireEvent.mouseMove(wrapper, at);
    const tooltip = await waitFor(() => {
      const found = plot.querySelector('[data-slot="chart-tooltip"]');
      if (!found) throw new Error('no tooltip yet');
      return found;
    });
    await expect(tooltip).toHaveClass('vd-tooltip-surface');
    await expect(tooltip).toHaveTextContent(/Jan \d+/);
    await expect(tooltip).toHaveTextContent(/Clicks\s*\d+/);
    await expect(getComputedStyle(tooltip).backgroundColor).toBe('rgb(31, 39, 36)');
  },
};

/** The dashboard's clicks over its 7-, 30- and 90-day ranges, each up to Nov 29. */
const dashboardRanges = [7, 30, 90].map((count) =>
  daysUpTo(count).map((date, i) => {
    const clicks = 40 + Math.round(25 * Math.sin(i / 2)) + (i % 7) * 3;
    return { date, clicks, uniqueClicks: Math.round(clicks * 0.7), sales: 0, earnings: 0 };
  }),
);

/**
 * The 7-, 30- and 90-day ranges at every width from a phone to a wide card: the last date is always
 * named, and no date label reaches past the edge of the chart (the line's last point sits on the
 * plot's right edge, so a label centred on it would) or runs into its neighbour.
 */
export const DateLabelsAtEveryWidth: Story = {
  args: {
    surface: 'card',
    height: 160,
    series: [
      { key: 'clicks', label: 'Clicks' },
      { key: 'uniqueClicks', label: 'Unique clicks' },
    ],
  },
  render: (args) => (
    <div role="group" aria-label={RESIZED_CHARTS_LABEL} style={RESIZED_CHARTS_STYLE}>
      {dashboardRanges.map((data) => (
        <LineChart
          key={data.length}
          {...args}
          title={`Clicks per day, ${data.length} days`}
          description={`The last ${data.length} days`}
          data={data}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => expectDashboardRangesLabelled(canvas),
};
