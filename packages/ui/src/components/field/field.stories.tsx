import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TextInput } from '../text-input/index.ts';
import { Field } from './field.tsx';

const meta = {
  title: 'Forms/Field',
  component: Field,
  args: {
    label: 'Email',
    description: 'We send payout notices here.',
    children: <TextInput type="email" placeholder="you@example.com" />,
    style: { maxWidth: 360 },
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('We send payout notices here.');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const WithError: Story = {
  args: {
    error: 'Please enter a valid email address',
    children: <TextInput type="email" defaultValue="ana@@example" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'We send payout notices here. Please enter a valid email address',
    );
  },
};

export const Required: Story = {
  args: { required: true, description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

export const LongContent: Story = {
  args: {
    label: 'Website of the company that manufactures the products you want to list on Verdant',
    description:
      'Shoppers see this link next to your sustainability evidence. Use the page that lists your certificates, audits and lifecycle assessments, not your home page.',
    error: 'The address must start with https:// and point to a page on your company’s own domain',
    children: <TextInput type="url" defaultValue="http://example" />,
  },
};

export const NarrowViewport: Story = {
  args: { style: undefined },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
