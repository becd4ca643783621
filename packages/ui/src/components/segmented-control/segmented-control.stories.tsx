import type { Meta, StoryObj } from '@storybook/react-vite';
import { DashboardIcon, ListBulletIcon } from '@radix-ui/react-icons';
import { expect, fn, userEvent } from 'storybook/test';
import { SegmentedControl } from './segmented-control.tsx';

const periods = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];

const meta = {
  title: 'Forms/SegmentedControl',
  component: SegmentedControl,
  args: { options: periods, defaultValue: 'week', 'aria-label': 'Chart period' },
} satisfies Meta<typeof SegmentedControl>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Chart period' });
    await expect(group).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Week' })).toBeChecked();
  },
};

const onValueChange = fn();

export const ChangesWithPointerAndKeys: Story = {
  args: { onValueChange },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Month' }));
    await expect(onValueChange).toHaveBeenLastCalledWith('month');
    await expect(canvas.getByRole('radio', { name: 'Month' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Year' })).toHaveFocus();
    // A radio group: moving with the arrow keys chooses, as with a pointer.
    await expect(canvas.getByRole('radio', { name: 'Year' })).toBeChecked();
    await expect(onValueChange).toHaveBeenLastCalledWith('year');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('radio', { name: 'Day' })).toBeChecked();
    // Choosing the chosen option again keeps it chosen.
    await userEvent.click(canvas.getByRole('radio', { name: 'Day' }));
    await expect(canvas.getByRole('radio', { name: 'Day' })).toBeChecked();
  },
};

export const WithIcons: Story = {
  args: {
    options: [
      { value: 'grid', label: 'Grid', icon: <DashboardIcon /> },
      { value: 'list', label: 'List', icon: <ListBulletIcon /> },
    ],
    defaultValue: 'grid',
    'aria-label': 'Layout',
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <SegmentedControl {...args} size="sm" aria-label="Small" />
      <SegmentedControl {...args} size="md" aria-label="Medium" />
      <SegmentedControl {...args} size="lg" aria-label="Large" />
    </div>
  ),
};

export const FullWidth: Story = { args: { fullWidth: true } };
