import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Heading, Text } from '@radix-ui/themes';
import { expect, userEvent } from 'storybook/test';
import { Card } from './card.tsx';

const meta = {
  title: 'Layout/Card',
  component: Card,
  argTypes: {
    variant: { control: 'inline-radio', options: ['surface', 'ghost', 'brand'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  args: {
    style: { maxWidth: 360 },
    children: (
      <Flex direction="column" gap="1">
        <Heading as="h3" size="3">
          Bamboo toothbrush set
        </Heading>
        <Text size="2" color="gray">
          12% commission · 30-day cookie window
        </Text>
      </Flex>
    ),
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Surface: Story = {};
export const Brand: Story = { args: { variant: 'brand' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Sizes: Story = {
  render: (args) => (
    <Flex gap="3" align="start" wrap="wrap">
      <Card {...args} size="sm" />
      <Card {...args} size="md" />
      <Card {...args} size="lg" />
    </Flex>
  ),
};

export const AsLinkFocused: Story = {
  render: (args) => (
    <Card {...args} asChild>
      <a href="#program">
        <Text weight="medium">Open the program</Text>
      </a>
    </Card>
  ),
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Open the program' })).toHaveFocus();
  },
};

export const LongContent: Story = {
  args: {
    children: (
      <Text as="p" size="2">
        Our merchants publish third-party evidence for every sustainability claim: certificates,
        audit reports and lifecycle assessments. Affiliates see the evidence next to each product,
        and shoppers see a badge with the issuer and expiry date, so nobody has to take a claim on
        trust.
      </Text>
    ),
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
