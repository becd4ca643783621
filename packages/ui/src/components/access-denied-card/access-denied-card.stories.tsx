import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AccessDeniedCard } from './access-denied-card.tsx';

const meta = {
  title: 'Feedback/AccessDeniedCard',
  component: AccessDeniedCard,
  args: { roles: ['admin', 'affiliate', 'merchant'], onTryAgain: fn() },
} satisfies Meta<typeof AccessDeniedCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const card = canvas.getByRole('alert', { name: 'Something went wrong' });
    await expect(card).toHaveTextContent(
      'Access denied. This feature requires one of the following roles: admin, affiliate, merchant',
    );
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // The permission state carries the logomark with a lock.
    await expect(
      canvasElement.querySelector('[data-slot="error-card-icon"] [data-slot="logomark"]'),
    ).not.toBeNull();
  },
};

export const TryAgain: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onTryAgain).toHaveBeenCalledTimes(1);
  },
};

export const SingleRole: Story = {
  args: { roles: ['merchant'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Access denied. This feature requires one of the following roles: merchant',
    );
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
