import type { Meta, StoryObj } from '@storybook/react-vite';
import { BackpackIcon, PersonIcon } from '@radix-ui/react-icons';
import { expect, fn, userEvent } from 'storybook/test';
import { RadioCards } from './radio-cards.tsx';

const roles = [
  {
    value: 'affiliate',
    label: 'Affiliate',
    description: 'Share sustainable products and earn commission on every sale.',
    icon: <PersonIcon />,
  },
  {
    value: 'merchant',
    label: 'Merchant',
    description: 'List products, prove your claims and run an affiliate program.',
    icon: <BackpackIcon />,
  },
];

const meta = {
  title: 'Forms/RadioCards',
  component: RadioCards,
  args: { options: roles, 'aria-label': 'Account type' },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof RadioCards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Account type' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /Affiliate/ })).not.toBeChecked();
  },
};

export const Selected: Story = { args: { defaultValue: 'merchant' } };

const onValueChange = fn();

export const SelectsWithPointerAndKeys: Story = {
  args: { onValueChange },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /Affiliate/ }));
    await expect(onValueChange).toHaveBeenLastCalledWith('affiliate');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: /Merchant/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: /Merchant/ })).toBeChecked();
    await expect(onValueChange).toHaveBeenLastCalledWith('merchant');
  },
};

export const Plans: Story = {
  args: {
    'aria-label': 'Plan',
    defaultValue: 'grow',
    options: [
      { value: 'starter', label: 'Starter', description: 'Up to 25 links', aside: 'Free' },
      {
        value: 'grow',
        label: 'Grow',
        description: 'Unlimited links, storefronts',
        aside: '$12/mo',
      },
      {
        value: 'team',
        label: 'Team',
        description: 'Shared programs and reports',
        aside: '$39/mo',
        disabled: true,
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /Team/ })).toBeDisabled();
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
