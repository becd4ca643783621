import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { Badge } from './badge.tsx';

const meta = {
  title: 'Data display/Badge',
  component: Badge,
  args: { children: 'Active' },
  argTypes: {
    tone: {
      control: 'inline-radio',
      options: ['neutral', 'brand', 'success', 'info', 'warning', 'danger'],
    },
    variant: { control: 'inline-radio', options: ['soft', 'surface', 'outline'] },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Active')).toHaveAttribute('data-slot', 'badge');
  },
};

export const Tones: Story = {
  render: (args) => (
    <Flex gap="2" wrap="wrap">
      <Badge {...args} tone="neutral">
        Draft
      </Badge>
      <Badge {...args} tone="brand">
        Featured
      </Badge>
      <Badge {...args} tone="success">
        Approved
      </Badge>
      <Badge {...args} tone="info">
        Pending review
      </Badge>
      <Badge {...args} tone="warning">
        Expiring
      </Badge>
      <Badge {...args} tone="danger">
        Rejected
      </Badge>
    </Flex>
  ),
};

export const Variants: Story = {
  render: (args) => (
    <Flex gap="2" wrap="wrap">
      <Badge {...args} tone="success" variant="soft">
        Soft
      </Badge>
      <Badge {...args} tone="success" variant="surface">
        Surface
      </Badge>
      <Badge {...args} tone="success" variant="outline">
        Outline
      </Badge>
    </Flex>
  ),
};

export const LongContent: Story = {
  args: { tone: 'info', children: 'Awaiting merchant approval for the European storefront' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 200 }}>
        <Story />
      </div>
    ),
  ],
};
