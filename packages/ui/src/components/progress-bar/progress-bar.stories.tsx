import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { ProgressBar } from './progress-bar.tsx';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Profile completeness', value: 60 },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Profile completeness' });
    await expect(bar).toHaveAttribute('aria-valuenow', '60');
    await expect(bar).toHaveAttribute('aria-valuetext', '60%');
    await expect(canvas.getByText('60%')).toBeVisible();
  },
};

export const Tones: Story = {
  render: (args) => (
    <Flex direction="column" gap="4">
      <ProgressBar {...args} label="Brand" value={72} />
      <ProgressBar {...args} label="Course complete" tone="success" value={100} />
      <ProgressBar {...args} label="Storage used" tone="warning" value={84} />
      <ProgressBar {...args} label="Monthly link quota" tone="danger" value={98} />
    </Flex>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <Flex direction="column" gap="4">
      <ProgressBar {...args} size="sm" label="Small" />
      <ProgressBar {...args} size="md" label="Medium" />
      <ProgressBar {...args} size="lg" label="Large" />
    </Flex>
  ),
};

export const CustomValue: Story = {
  args: {
    label: 'Modules completed',
    value: 3,
    max: 8,
    formatValue: (value, max) => `${value} of ${max}`,
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Modules completed' });
    await expect(bar).toHaveAttribute('aria-valuetext', '3 of 8');
    await expect(bar).toHaveAttribute('aria-valuemax', '8');
  },
};

export const OutOfRangeIsClamped: Story = {
  args: { label: 'Upload', value: 140 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Upload' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  },
};

export const Indeterminate: Story = {
  args: { label: 'Preparing your export', value: null },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Preparing your export' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('data-state', 'indeterminate');
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true, label: 'Checkout progress', value: 33 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('progressbar', { name: 'Checkout progress' }),
    ).toBeInTheDocument();
  },
};
