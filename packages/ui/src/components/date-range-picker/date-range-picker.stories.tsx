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

/** A phone of 360 × 740 px (Storybook's own phones are 320 px and 414 px wide). */
const phone = {
  phone360: {
    name: 'Phone (360 × 740)',
    styles: { width: '360px', height: '740px' },
    type: 'mobile',
  },
};

/**
 * On a phone the panel is no wider than the screen: the presets wrap above the calendar, the two
 * months stack, and what is taller than the screen scrolls within the panel.
 */
export const NarrowViewport: Story = {
  args: { defaultOpen: true },
  parameters: { viewport: { options: phone } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement, step }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    const root = canvasElement.ownerDocument.documentElement;
    // The width the page is drawn in: the viewport's, less a vertical scrollbar's.
    const width = root.clientWidth;
    const panel = await screen.findByRole('dialog', { name: 'Choose date range' });
    const inside = async (element: Element, name: string) => {
      const box = element.getBoundingClientRect();
      await expect(box.left, `${name}: left edge`).toBeGreaterThanOrEqual(0);
      await expect(box.right, `${name}: right edge`).toBeLessThanOrEqual(width);
    };
    await step('the panel fits the screen, and nothing in it scrolls sideways', async () => {
      await expect(view.innerWidth).toBe(360);
      await inside(panel, 'the panel');
      await expect(panel.getBoundingClientRect().bottom).toBeLessThanOrEqual(view.innerHeight);
      await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
      await expect(root.scrollWidth).toBeLessThanOrEqual(view.innerWidth);
    });
    await step('every preset, both months and the actions are inside it', async () => {
      const presets = within(within(panel).getByRole('list', { name: 'Presets' })).getAllByRole(
        'button',
      );
      await expect(presets.length).toBeGreaterThan(0);
      for (const preset of presets) await inside(preset, preset.textContent ?? 'a preset');
      const months = within(panel).getAllByRole('grid');
      await expect(months).toHaveLength(2);
      for (const month of months)
        await inside(month, month.getAttribute('aria-label') ?? 'a month');
      await inside(within(panel).getByRole('button', { name: 'Apply' }), 'Apply');
    });
  },
};
