import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Text } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { Logomark } from './logomark.tsx';

const meta = {
  title: 'Brand/Logomark',
  component: Logomark,
  args: { title: 'Verdant', size: 48 },
} satisfies Meta<typeof Logomark>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Verdant' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Flex gap="4" align="center">
      {[16, 24, 32, 48, 64].map((size) => (
        <Logomark key={size} {...args} size={size} title={`Verdant, ${size} pixels`} />
      ))}
    </Flex>
  ),
};

export const Mono: Story = { args: { tone: 'mono' } };

/** Decorative next to the word mark: hidden from assistive technology, the text names it. */
export const WithWordmark: Story = {
  args: { title: undefined, size: 28 },
  render: (args) => (
    <Flex gap="2" align="center">
      <Logomark {...args} />
      <Text size="5" weight="bold">
        Verdant
      </Text>
    </Flex>
  ),
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('Verdant')).toBeVisible();
  },
};
