import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Flex } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { Skeleton } from './skeleton.tsx';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { width: 240 },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="skeleton"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const Shapes: Story = {
  render: () => (
    <Flex direction="column" gap="3" style={{ maxWidth: 320 }}>
      <Skeleton shape="circle" />
      <Skeleton shape="text" width="80%" />
      <Skeleton shape="text" width="60%" />
      <Skeleton shape="rect" height={96} />
    </Flex>
  ),
};

export const LoadingCard: Story = {
  render: () => (
    <Card style={{ maxWidth: 360 }} aria-busy="true">
      <Flex gap="3" align="center">
        <Skeleton shape="circle" />
        <Flex direction="column" style={{ flex: 1 }}>
          <Skeleton shape="text" width="70%" />
          <Skeleton shape="text" width="40%" />
        </Flex>
      </Flex>
      <Skeleton height={120} style={{ marginTop: 'var(--space-3)' }} />
    </Card>
  ),
};

export const NarrowViewport: Story = {
  args: { width: '100%', height: 80 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
