import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { Spinner } from './spinner.tsx';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
  },
};

export const Sizes: Story = {
  render: () => (
    <Flex gap="4" align="center">
      <Spinner size="sm" label="Loading links" />
      <Spinner size="md" label="Loading products" />
      <Spinner size="lg" label="Loading dashboard" />
    </Flex>
  ),
};

export const CenteredPage: Story = {
  args: { centered: true, size: 'lg', label: 'Checking your session' },
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Checking your session');
    // The spinner sits in the middle of the viewport's height.
    const mark = status.firstElementChild!.getBoundingClientRect();
    const middle = mark.top + mark.height / 2;
    await expect(Math.abs(middle - window.innerHeight / 2)).toBeLessThan(4);
  },
};

export const NarrowViewport: Story = {
  args: { centered: true },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
