import type { Meta, StoryObj } from '@storybook/react-vite';
import { IconButton } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/index.ts';
import { Tooltip } from './tooltip.tsx';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Commission is paid 30 days after the sale.',
    children: (
      <IconButton variant="ghost" color="gray" aria-label="About commission">
        <InfoCircledIcon aria-hidden />
      </IconButton>
    ),
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'About commission' })).toBeVisible();
    await expect(screen.queryByRole('tooltip')).toBeNull();
  },
};

export const ShowsOnHover: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'About commission' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Commission is paid 30 days after the sale.',
    );
    // The kit's one tooltip surface, the same as the charts' tooltip.
    const surface = document.querySelector('.rt-TooltipContent.vd-tooltip');
    await expect(surface).not.toBeNull();
    await expect(getComputedStyle(surface as Element).backgroundColor).toBe('rgb(31, 39, 36)');
  },
};

export const OnFocusClosesWithEscape: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const trigger = canvas.getByRole('button', { name: 'About commission' });
    await expect(trigger).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await expect(trigger).toHaveAccessibleDescription('Commission is paid 30 days after the sale.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

export const StaysDark: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'About commission' }));
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip.closest('.radix-themes')).toHaveClass('dark');
  },
};

export const Wide: Story = {
  args: {
    wide: true,
    content:
      'Earnings become payable once the merchant’s return window has closed and the order has not been refunded or disputed.',
    children: <Button variant="secondary">Why is this pending?</Button>,
  },
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Why is this pending?' }));
    await screen.findByRole('tooltip');
  },
};
