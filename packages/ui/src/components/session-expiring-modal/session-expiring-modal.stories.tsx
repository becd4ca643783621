import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { SessionExpiringModal } from './session-expiring-modal.tsx';

const meta = {
  title: 'Overlays/SessionExpiringModal',
  component: SessionExpiringModal,
  // Docs render each story in its own frame, so open overlays do not cover the docs page.
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  args: {
    open: true,
    remainingMs: 4 * 60_000 + 30_000,
    onStaySignedIn: fn(),
    onSignOut: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof SessionExpiringModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Minutes: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Session Expiring Soon' });
    await expect(dialog).toHaveAccessibleDescription(
      'Your session will expire in 4 minutes. Would you like to stay signed in?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stay Signed In' }));
    await expect(args.onStaySignedIn).toHaveBeenCalledTimes(1);
    await expect(args.onSignOut).not.toHaveBeenCalled();
  },
};

export const HoursAndMinutes: Story = {
  args: { remainingMs: 3 * 3_600_000 + 12 * 60_000 },
  play: async () => {
    await expect(await screen.findByRole('dialog')).toHaveTextContent(
      'expire in 3 hours and 12 minutes.',
    );
  },
};

export const DaysAndHours: Story = {
  name: 'Days and hours (remember me)',
  args: { remainingMs: 2 * 86_400_000 + 5 * 3_600_000 },
  play: async () => {
    await expect(await screen.findByRole('dialog')).toHaveTextContent(
      'expire in 2 days and 5 hours.',
    );
  },
};

export const SignOut: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const Extending: Story = {
  args: { extending: true },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Stay Signed In' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const OutsideClickKeepsItOpen: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    // The overlay's scroll area surrounds the panel: a click there is a click outside.
    await userEvent.click(document.querySelector<HTMLElement>('.rt-DialogScroll')!, {
      pointerEventsCheck: 0,
    });
    await expect(screen.getByRole('dialog')).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
