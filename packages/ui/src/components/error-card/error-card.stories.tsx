import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ErrorCard } from './error-card.tsx';

const meta = {
  title: 'Feedback/ErrorCard',
  component: ErrorCard,
  args: {
    message: 'We could not load your links. Check your connection and try again.',
    onRetry: fn(),
  },
} satisfies Meta<typeof ErrorCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert', { name: 'Something went wrong' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const RetryClicked: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const WithoutRetry: Story = {
  args: {
    onRetry: undefined,
    title: 'Payouts unavailable',
    message: 'Payouts are paused while we verify your bank details.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const StartAligned: Story = { args: { align: 'start' } };

export const LongContent: Story = {
  args: {
    title: 'The commission report for the spring sustainability collection could not be generated',
    message:
      'The report covers 1,284 attributed orders across 37 storefronts. One of the payment provider exports timed out while we were reconciling refunds, so nothing was changed. Try again in a minute; if it keeps failing, contact support with the reference VX-2041.',
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
