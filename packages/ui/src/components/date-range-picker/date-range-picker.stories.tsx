import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DateRangePicker } from './date-range-picker.tsx';

const today = new Date(2026, 10, 23);
const november = { from: new Date(2026, 10, 1), to: new Date(2026, 10, 23) };

const meta = {
  title: 'Forms/DateRangePicker',
  component: DateRangePicker,
  args: {
    today,
    locale: 'en-GB',
    defaultValue: { range: november, compare: false },
    onValueChange: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Date range: 1 Nov – 23 Nov 2026' }),
    ).toBeVisible();
  },
};

/** Stays open so designers and the screenshot see the calendar. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    await expect(within(panel).getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(panel).getAllByRole('grid')).toHaveLength(2);
  },
};

export const PresetWithCompare: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(
      within(panel).getByRole('switch', { name: 'Compare to previous period' }),
    );
    await expect(within(panel).getByText('10 Nov – 16 Nov 2026')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await expect(args.onValueChange).toHaveBeenCalledWith({
      range: { from: new Date(2026, 10, 17), to: new Date(2026, 10, 23) },
      compare: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(
      canvas.getByRole('button', {
        name: 'Date range: 17 Nov – 23 Nov 2026 vs previous period',
      }),
    ).toBeVisible();
  },
};

export const PicksDaysOnTheCalendar: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    // A click on a day after a complete range starts a new one.
    await userEvent.click(
      within(panel).getByRole('button', { name: /^Tuesday,? 3 November 2026/ }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: /^Monday,? 9 November 2026/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      range: { from: new Date(2026, 10, 3), to: new Date(2026, 10, 9) },
      compare: false,
    });
  },
};

export const CancelKeepsTheValue: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Year to date' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(
      canvas.getByRole('button', { name: 'Date range: 1 Nov – 23 Nov 2026' }),
    ).toBeVisible();
  },
};

export const FutureDaysDisabled: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    const future = within(panel).getByRole('button', { name: /^Tuesday,? 24 November 2026/ });
    await expect(future).toBeDisabled();
  },
};
