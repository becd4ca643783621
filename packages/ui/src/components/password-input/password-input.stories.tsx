import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Field } from '../field/index.ts';
import { PasswordInput } from './password-input.tsx';

const meta = {
  title: 'Forms/PasswordInput',
  component: PasswordInput,
  args: { showStrength: true },
  render: (args) => (
    <Field label="Password" style={{ maxWidth: 360 }}>
      <PasswordInput {...args} />
    </Field>
  ),
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = (canvasElement: HTMLElement) => canvasElement.querySelector('input')!;
const meter = (canvas: { getByRole: (role: string, o?: object) => HTMLElement }) =>
  canvas.getByRole('meter', { name: 'Password strength' });

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(meter(canvas)).toHaveAttribute('aria-valuenow', '0');
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'No password yet');
  },
};

export const Weak: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(input(canvasElement), 'password');
    // validatePassword: length ≥ 8 and lowercase (2 points), weak pattern (−2) → 0, weak.
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Weak');
    await expect(canvas.getByText('Password contains common weak patterns')).toBeVisible();
    await expect(
      canvas.getByText('Password must contain at least one uppercase letter'),
    ).toBeVisible();
  },
};

export const Strong: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(input(canvasElement), 'Green-Links-2026');
    await expect(meter(canvas)).toHaveAttribute('aria-valuenow', '6');
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Strong');
    await expect(canvas.queryByRole('listitem')).toBeNull();
    await expect(input(canvasElement)).toHaveAccessibleDescription(/Strength: Strong/);
  },
};

export const ToggleVisibility: Story = {
  args: { defaultValue: 'Sup3r-secret', showStrength: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(input(canvasElement)).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input(canvasElement)).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input(canvasElement)).toHaveAttribute('type', 'password');
  },
};

export const SignIn: Story = {
  name: 'Sign-in (no meter)',
  args: { showStrength: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('meter')).toBeNull();
    await expect(input(canvasElement)).toHaveAttribute('autocomplete', 'current-password');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Sup3r-secret', showStrength: false },
  play: async ({ canvasElement }) => {
    await expect(input(canvasElement)).toBeDisabled();
  },
};

export const NarrowViewport: Story = {
  args: { defaultValue: 'abc' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
