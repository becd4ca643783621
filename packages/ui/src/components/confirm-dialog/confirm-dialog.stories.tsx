import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/index.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Delete this link?',
    description:
      'The link stops working immediately. Clicks and earnings already recorded are kept.',
    confirmLabel: 'Delete link',
    tone: 'danger',
    trigger: <Button variant="danger">Delete link</Button>,
    onConfirm: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Delete link' }));
  return screen.findByRole('alertdialog', { name: 'Delete this link?' });
};

export const Destructive: Story = {
  play: async ({ canvas, args }) => {
    const dialog = await open(canvas);
    await expect(dialog).toHaveAccessibleDescription(/stops working immediately/);
    await expect(dialog.closest('.radix-themes')).toHaveClass('dark');
    // Focus starts on the safe choice.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const CancelWithEscape: Story = {
  play: async ({ canvas, args }) => {
    await open(canvas);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(canvas.getByRole('button', { name: 'Delete link' })).toHaveFocus();
  },
};

export const KeyboardConfirm: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete link' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Delete link' })).toHaveFocus());
  },
};

let release: () => void = () => {};

export const AsyncConfirm: Story = {
  args: {
    onConfirm: fn(() => new Promise<void>((resolve) => (release = resolve))),
  },
  play: async ({ canvas, args }) => {
    const dialog = await open(canvas);
    const confirm = within(dialog).getByRole('button', { name: 'Delete link' });
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    // While the deletion runs, the dialog stays open and cannot be dismissed.
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    // Busy, it keeps the focus but confirms only once.
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const AsyncError: Story = {
  args: {
    onConfirm: fn(() =>
      Promise.reject(
        new Error('The link could not be deleted. Check your connection and try again.'),
      ),
    ),
  },
  play: async ({ canvas }) => {
    const dialog = await open(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete link' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'could not be deleted',
    );
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Delete link' })).toBeEnabled();
  },
};

export const Neutral: Story = {
  args: {
    title: 'Publish storefront?',
    description: 'Your storefront becomes visible to everyone with its link.',
    confirmLabel: 'Publish',
    tone: 'default',
    trigger: <Button>Publish storefront</Button>,
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Publish storefront' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish storefront?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const OpenLongContent: Story = {
  // Renders open: kept off the docs page, where it would cover the other stories.
  tags: ['!autodocs'],
  args: {
    defaultOpen: true,
    title: 'Remove Refill Republic’s zero-waste household essentials program from your storefront?',
    description:
      'Products from this program disappear from your storefront and link pages. Your links keep redirecting for 30 days so that customers who saved them are not stranded, and commission on orders placed in that time is still paid.',
    confirmLabel: 'Remove program',
  },
  play: async () => {
    await expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  },
};

export const NarrowViewport: Story = {
  tags: ['!autodocs'],
  args: { defaultOpen: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  },
};

export const LongWordOnAPhone: Story = {
  tags: ['!autodocs'],
  args: {
    defaultOpen: true,
    title: `Approve ${'Supercalifragilisticexpialidocious'.repeat(4)} Goods?`,
    description: `Their shop opens at https://www.${'averyveryverylongdomainname'.repeat(3)}.example/shop for every shopper.`,
    confirmLabel: 'Approve',
    tone: 'default',
  },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    // The long words break: the dialog stays within the phone's width.
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
