import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Text } from '@radix-ui/themes';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar, AvatarGroup } from './avatar.tsx';

// A small inline image so the story never depends on the network.
const portrait =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#3b82f6"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="26" r="12" fill="#04130d" opacity=".55"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#04130d" opacity=".55"/></svg>',
  );

const meta = {
  title: 'Data display/Avatar',
  component: Avatar,
  args: { name: 'Maya Okafor' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'Maya Okafor' });
    await expect(avatar).toHaveTextContent('MO');
  },
};

export const WithImage: Story = {
  args: { src: portrait },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).not.toBeNull());
  },
};

export const BrokenImageFallsBack: Story = {
  args: { src: 'data:image/png;base64,broken' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Maya Okafor' })).toHaveTextContent('MO'),
    );
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Flex gap="3" align="center">
      {(['1', '2', '3', '4', '5', '6'] as const).map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </Flex>
  ),
};

export const Rounded: Story = { args: { shape: 'rounded', name: 'Refill Republic' } };

export const Decorative: Story = {
  render: (args) => (
    <Flex gap="2" align="center">
      <Avatar {...args} decorative />
      <Text>{args.name}</Text>
    </Flex>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByText('Maya Okafor')).toBeInTheDocument();
  },
};

/** Overlapping avatars on clean ring seams. */
export const Group: Story = {
  render: () => (
    <AvatarGroup label="Program members">
      {['Maya Okafor', 'Jonas Berg', 'Lucía Fernández', 'Ken'].map((name) => (
        <Avatar key={name} name={name} />
      ))}
    </AvatarGroup>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Program members' });
    const avatars = within(group).getAllByRole('img');
    await expect(avatars).toHaveLength(4);
    // Reading order matches the visual order, and neighbours overlap.
    await expect(avatars[0]).toHaveAccessibleName('Maya Okafor');
    const first = avatars[0]!.getBoundingClientRect();
    const second = avatars[1]!.getBoundingClientRect();
    await expect(first.left).toBeLessThan(second.left);
    await expect(second.left).toBeLessThan(first.right);
  },
};

export const NoName: Story = {
  args: { name: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Unknown user' })).toHaveTextContent('?');
  },
};

/** Initials are letters or digits: an emoji in the name is skipped, not drawn as an initial. */
export const EmojiInName: Story = {
  args: { name: 'Sam Walker 🌲' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Sam Walker 🌲' })).toHaveTextContent(/^SW$/);
  },
};
