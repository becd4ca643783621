import type { Meta, StoryObj } from '@storybook/react-vite';
import { Grid } from '@radix-ui/themes';
import { BackpackIcon, CursorArrowIcon, ResetIcon, TokensIcon } from '@radix-ui/react-icons';
import { expect } from 'storybook/test';
import { StatCard } from './stat-card.tsx';

const meta = {
  title: 'Data display/StatCard',
  component: StatCard,
  args: {
    label: 'Clicks',
    value: '12,480',
    delta: 0.125,
    deltaLabel: 'vs last month',
    icon: <CursorArrowIcon />,
  },
  decorators: [
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters as { cardWidth?: number | string }).cardWidth ?? 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Increase: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Clicks' });
    await expect(card).toHaveTextContent('12,480');
    await expect(card).toHaveTextContent('Up 12.5% vs last month');
    await expect(card.querySelector('[data-slot="stat-card-delta"]')).toHaveAttribute(
      'data-trend',
      'up',
    );
  },
};

export const Decrease: Story = {
  args: { label: 'Sales', value: '318', delta: -0.034, icon: <BackpackIcon /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Sales' })).toHaveTextContent(
      'Down 3.4% vs last month',
    );
  },
};

export const LowerIsBetter: Story = {
  args: { label: 'Refunds', value: '4', delta: -0.5, lowerIsBetter: true, icon: <ResetIcon /> },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="stat-card-delta"]')).toHaveClass(
      'vd-stat-card__delta--positive',
    );
  },
};

export const NoChange: Story = {
  args: { label: 'Earnings', value: '$1,204.50', delta: 0, icon: <TokensIcon /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Earnings' })).toHaveTextContent(
      'No change vs last month',
    );
  },
};

export const WithoutDelta: Story = { args: { delta: undefined, deltaLabel: undefined } };

export const WithDetail: Story = {
  args: { delta: undefined, deltaLabel: undefined, detail: '9,870 unique' },
  play: async ({ canvas, canvasElement }) => {
    // The detail shows without a delta, under the figure.
    await expect(canvas.getByRole('group', { name: 'Clicks' })).toHaveTextContent(
      '12,4809,870 unique',
    );
    await expect(canvas.getByText('9,870 unique')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="stat-card-delta"]')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('group', { name: 'Clicks' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card).not.toHaveTextContent('12,480');
  },
};

export const LongContent: Story = {
  args: {
    label: 'Earnings from storefront placements this quarter',
    value: '$1,204,908,331.75',
    delta: 12.4,
  },
};

export const Small: Story = { args: { size: '1' } };

export const Dashboard: Story = {
  parameters: { cardWidth: 'none' },
  render: () => (
    <Grid columns={{ initial: '1', sm: '3' }} gap="3">
      <StatCard
        label="Clicks"
        value="12,480"
        delta={0.125}
        deltaLabel="vs last month"
        icon={<CursorArrowIcon />}
        sparkline={[310, 340, 332, 380, 365, 402, 398, 441, 430, 472]}
      />
      <StatCard
        label="Sales"
        value="318"
        delta={-0.034}
        deltaLabel="vs last month"
        icon={<BackpackIcon />}
        sparkline={[36, 34, 35, 31, 33, 30, 32, 29, 31, 30]}
      />
      <StatCard
        label="Earnings"
        value="$1,204.50"
        delta={0.41}
        deltaLabel="vs last month"
        icon={<TokensIcon />}
        sparkline={[62, 70, 68, 85, 90, 88, 104, 112, 121, 138]}
      />
    </Grid>
  ),
};

/** Recent values as a sparkline in the delta's colour. */
export const WithSparkline: Story = {
  args: { sparkline: [310, 340, 332, 380, 365, 402, 398, 441, 430, 472] },
  play: async ({ canvasElement }) => {
    const spark = canvasElement.querySelector('[data-slot="stat-card-sparkline"]');
    await expect(spark).toHaveAttribute('data-sentiment', 'positive');
    await expect(spark).toHaveAttribute('aria-hidden', 'true');
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
