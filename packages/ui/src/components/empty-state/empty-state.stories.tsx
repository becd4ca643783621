import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link2Icon } from '@radix-ui/react-icons';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/index.ts';
import { EmptyState } from './empty-state.tsx';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'No links yet',
    description:
      'Create your first affiliate link to start earning commission on sustainable products.',
    icon: <Link2Icon />,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'No links yet' }),
    ).toBeInTheDocument();
  },
};

const onCreate = fn();

export const WithAction: Story = {
  args: { action: <Button onClick={onCreate}>Create link</Button>, bordered: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create link' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

export const WithLinkAction: Story = {
  args: {
    action: (
      <Button asChild variant="secondary">
        <a href="#programs">Browse programs</a>
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Browse programs' })).toHaveAttribute(
      'href',
      '#programs',
    );
  },
};

export const Small: Story = { args: { size: '1', icon: undefined, headingLevel: 4 } };

export const LongContent: Story = {
  args: {
    title: 'No sales yet for the Solar Living Spring Collection programme in your region',
    description:
      'Sales show up here within a few minutes of a customer completing checkout through one of your links. Conversions that happen on another device can take up to 24 hours to be attributed.',
  },
};

export const NarrowViewport: Story = {
  args: { action: <Button>Create link</Button> },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Illustrated: Story = {
  args: { illustration: 'links', icon: undefined, bordered: true },
  play: async ({ canvasElement }) => {
    const art = canvasElement.querySelector('[data-slot="empty-state-illustration"]');
    await expect(art).toHaveAttribute('aria-hidden', 'true');
    await expect(art).toHaveAttribute('data-illustration', 'links');
  },
};

export const Illustrations: Story = {
  render: (args) => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        gap: 16,
      }}
    >
      {(['links', 'products', 'sales', 'search', 'messages', 'lost'] as const).map((name) => (
        <EmptyState
          key={name}
          {...args}
          size="1"
          bordered
          illustration={name}
          title={`No ${name} yet`}
          description={undefined}
          icon={undefined}
        />
      ))}
    </div>
  ),
};
