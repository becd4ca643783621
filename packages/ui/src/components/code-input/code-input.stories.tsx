import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Field } from '../field/index.ts';
import { CodeInput, type CodeInputProps } from './code-input.tsx';

function ControlledCode({
  initial = '',
  error,
  ...args
}: Partial<CodeInputProps> & { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Authentication code" required error={error} style={{ maxWidth: 240 }}>
      <CodeInput
        {...args}
        value={value}
        onValueChange={(digits) => {
          setValue(digits);
          args.onValueChange?.(digits);
        }}
      />
    </Field>
  );
}

const meta = {
  title: 'Forms/CodeInput',
  component: CodeInput,
  args: { value: '', onValueChange: fn() },
  render: ({ value, ...args }) => <ControlledCode {...args} initial={value} />,
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Authentication code/ });
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toBeRequired();
  },
};

export const TypingKeepsDigits: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: /Authentication code/ });
    await userEvent.type(input, '12a3-4');
    await expect(input).toHaveValue('1234');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1234');
  },
};

export const PastedWithSpace: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: /Authentication code/ });
    await userEvent.click(input);
    await userEvent.paste('123 456');
    // All six digits, although the pasted text has seven characters.
    await expect(input).toHaveValue('123456');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('123456');
  },
};

export const StopsAtLength: Story = {
  args: { length: 8 },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Authentication code/ });
    await userEvent.type(input, '1234567890');
    await expect(input).toHaveValue('12345678');
  },
};

export const Filled: Story = {
  args: { value: '482913' },
};

export const WithError: Story = {
  args: { value: '123456' },
  render: ({ value, ...args }) => (
    <ControlledCode {...args} initial={value} error="That code did not match. Try the next one." />
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Authentication code/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/did not match/);
  },
};

export const Disabled: Story = {
  args: { value: '482913', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Authentication code/ })).toBeDisabled();
  },
};
