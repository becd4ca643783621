import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect, fn, userEvent } from 'storybook/test';
import { Field } from '../field/index.ts';
import { NativeSelect } from './native-select.tsx';

const categories = [
  { value: 'home', label: 'Home & living' },
  { value: 'fashion', label: 'Fashion' },
  { value: 'beauty', label: 'Beauty & care' },
  { value: 'food', label: 'Food & drink', disabled: true },
];

const meta = {
  title: 'Forms/NativeSelect',
  component: NativeSelect,
  args: { options: categories, placeholder: 'Choose a category', onChange: fn() },
  render: (args) => (
    <Field label="Category" style={{ maxWidth: 320 }}>
      <NativeSelect {...args} />
    </Field>
  ),
} satisfies Meta<typeof NativeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveValue('');
    await expect(select).toHaveDisplayValue('Choose a category');
    // The placeholder is shown but cannot be chosen; a disabled option stays unavailable.
    const placeholder = (select as HTMLSelectElement).options[0]!;
    await expect(placeholder).toHaveTextContent('Choose a category');
    await expect(placeholder).toBeDisabled();
    await expect(canvas.getByRole('option', { name: 'Food & drink' })).toBeDisabled();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ChoosesOption: Story = {
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Category' });
    await userEvent.selectOptions(select, 'Fashion');
    await expect(select).toHaveValue('fashion');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

/** Tab reaches the select (the browser's own keys then change the choice). */
export const Keyboard: Story = {
  args: { placeholder: undefined, defaultValue: 'home' },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Category' })).toHaveFocus();
  },
};

export const Controlled: Story = {
  args: { placeholder: undefined, value: 'beauty' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue(
      'Beauty & care',
    );
  },
};

export const Invalid: Story = {
  render: (args) => (
    <Field label="Category" error="Choose a category for the product." style={{ maxWidth: 320 }}>
      <NativeSelect {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a category for the product.');
  },
};

export const Disabled: Story = {
  render: (args) => (
    <Field label="Category" disabled style={{ maxWidth: 320 }}>
      <NativeSelect {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Category' })).toBeDisabled();
  },
};

export const Sizes: Story = {
  args: { placeholder: undefined, defaultValue: 'home' },
  render: (args) => (
    <Flex direction="column" gap="3" style={{ maxWidth: 320 }}>
      <Field label="Small">
        <NativeSelect {...args} size="sm" />
      </Field>
      <Field label="Medium">
        <NativeSelect {...args} size="md" />
      </Field>
      <Field label="Large">
        <NativeSelect {...args} size="lg" />
      </Field>
    </Flex>
  ),
  play: async ({ canvas }) => {
    const heights = ['Small', 'Medium', 'Large'].map(
      (name) => canvas.getByRole('combobox', { name }).getBoundingClientRect().height,
    );
    await expect(heights).toEqual([24, 32, 40]);
  },
};
