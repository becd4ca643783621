import type { Meta, StoryObj } from '@storybook/react-vite';
import { PASSWORD_RULES } from '@verdant/validation';
import { expect, userEvent, within } from 'storybook/test';
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

const rules = (canvas: { getByRole: (role: string, o?: object) => HTMLElement }) =>
  within(canvas.getByRole('list', { name: 'Your password needs:' }));
const rule = (canvas: { getByRole: (role: string, o?: object) => HTMLElement }, text: RegExp) =>
  rules(canvas)
    .getAllByRole('listitem')
    .find((item) => text.test(item.textContent ?? ''))!;

export const Weak: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(input(canvasElement), 'password');
    // validatePassword: length ≥ 8 and lowercase (2 points), weak pattern (−2) → 0, weak.
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Weak');
    // Every rule stated once; the ones met ticked off, the others still to do.
    await expect(rules(canvas).getAllByRole('listitem')).toHaveLength(PASSWORD_RULES.length);
    await expect(rule(canvas, /8 characters/)).toHaveTextContent(/^✓Met:/);
    await expect(rule(canvas, /uppercase/)).toHaveTextContent(/^•Not met:/);
    await expect(rule(canvas, /common patterns/)).toHaveTextContent(/“password”/);
    await expect(input(canvasElement)).toHaveAccessibleDescription(/Not met: An uppercase letter/);
  },
};

export const RuleFailures: Story = {
  args: { showRuleFailures: true },
  play: async ({ canvas, canvasElement }) => {
    // "Password1!" meets every rule but one: that one is marked as broken, once.
    await userEvent.type(input(canvasElement), 'Password1!');
    await expect(rule(canvas, /common patterns/)).toHaveTextContent(/^✕Not met:/);
    await expect(rule(canvas, /common patterns/)).toHaveAttribute('data-state', 'failed');
    await expect(rules(canvas).getAllByText(/^✕$/)).toHaveLength(1);
  },
};

export const Strong: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(input(canvasElement), 'Green-Links-2026');
    await expect(meter(canvas)).toHaveAttribute('aria-valuenow', '6');
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Strong');
    for (const item of rules(canvas).getAllByRole('listitem'))
      await expect(item).toHaveAttribute('data-state', 'met');
    await expect(input(canvasElement)).toHaveAccessibleDescription(/Strength: Strong/);
  },
};

/**
 * Over the auth server's 72 bytes: the limit joins the list, broken at once, while it is, and the
 * meter says "Too long" at its lowest instead of the strength the rules alone would give.
 */
export const OverTheLimit: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(rules(canvas).queryByText(/At most 72/)).toBeNull();
    // 36 characters of two bytes each and a few more: 73 characters would do too.
    await userEvent.type(input(canvasElement), `Gr${'é'.repeat(36)}n-Links-2026`);
    await expect(rules(canvas).getAllByRole('listitem')).toHaveLength(PASSWORD_RULES.length + 1);
    await expect(rule(canvas, /At most 72/)).toHaveAttribute('data-state', 'failed');
    await expect(rule(canvas, /At most 72/)).toHaveTextContent(/^✕Not met:/);
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Too long');
    await expect(meter(canvas)).toHaveAttribute('aria-valuenow', '0');
    await expect(input(canvasElement)).toHaveAccessibleDescription(/Strength: Too long/);
    await userEvent.clear(input(canvasElement));
    await userEvent.type(input(canvasElement), 'Green-Links-2026');
    await expect(rules(canvas).queryByText(/At most 72/)).toBeNull();
    await expect(meter(canvas)).toHaveAttribute('aria-valuetext', 'Strong');
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
