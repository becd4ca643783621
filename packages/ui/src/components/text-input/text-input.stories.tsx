import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { expect, fn, userEvent } from 'storybook/test';
import { TextInput } from './text-input.tsx';

const meta = {
  title: 'Forms/TextInput',
  component: TextInput,
  args: {
    'aria-label': 'Link name',
    placeholder: 'Spring collection',
    onChange: fn(),
    style: { maxWidth: 360 },
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Link name' });
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('placeholder', 'Spring collection');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Typing: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Link name' });
    await userEvent.type(input, 'Bamboo');
    await expect(input).toHaveValue('Bamboo');
    await expect(args.onChange).toHaveBeenCalledTimes(6);
  },
};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('textbox'));
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Flex direction="column" gap="3">
      <TextInput {...args} size="sm" aria-label="Small" />
      <TextInput {...args} size="md" aria-label="Medium" />
      <TextInput {...args} size="lg" aria-label="Large" />
    </Flex>
  ),
};

export const WithSlots: Story = {
  args: {
    'aria-label': 'Search products',
    placeholder: 'Search products',
    startSlot: <MagnifyingGlassIcon aria-hidden />,
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'spring-sale' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: 'not a url' },
};

export const LongValue: Story = {
  args: {
    defaultValue:
      'https://shop.example.com/collections/sustainable-home/products/bamboo-toothbrush-set-of-four?utm_source=verdant',
  },
};

export const NarrowViewport: Story = {
  args: { style: undefined },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
