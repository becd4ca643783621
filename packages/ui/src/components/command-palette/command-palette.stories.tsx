import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  BarChartIcon,
  DashboardIcon,
  ExitIcon,
  GearIcon,
  Link2Icon,
  PlusIcon,
  ReaderIcon,
} from '@radix-ui/react-icons';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CommandPalette, type CommandPaletteGroup } from './command-palette.tsx';

const navigate = fn();
const createLink = fn();

const groups: CommandPaletteGroup[] = [
  {
    heading: 'Pages',
    items: [
      {
        id: 'dashboard',
        label: 'Dashboard',
        icon: <DashboardIcon />,
        shortcut: ['G', 'D'],
        onSelect: () => navigate('/dashboard'),
      },
      {
        id: 'links',
        label: 'Affiliate links',
        icon: <Link2Icon />,
        keywords: ['urls', 'tracking'],
        shortcut: ['G', 'L'],
        onSelect: () => navigate('/affiliate-links'),
      },
      {
        id: 'earnings',
        label: 'Earnings',
        icon: <BarChartIcon />,
        keywords: ['commission', 'payouts'],
        onSelect: () => navigate('/dashboard-affiliate'),
      },
      {
        id: 'education',
        label: 'Courses',
        icon: <ReaderIcon />,
        onSelect: () => navigate('/education'),
      },
    ],
  },
  {
    heading: 'Actions',
    items: [
      { id: 'new-link', label: 'Create affiliate link', icon: <PlusIcon />, onSelect: createLink },
      {
        id: 'settings',
        label: 'Profile settings',
        icon: <GearIcon />,
        onSelect: () => navigate('/profile'),
      },
      {
        id: 'sign-out',
        label: 'Sign out',
        icon: <ExitIcon />,
        onSelect: () => navigate('sign-out'),
        disabled: true,
      },
    ],
  },
];

const meta = {
  title: 'Navigation/CommandPalette',
  component: CommandPalette,
  args: { groups },
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed at rest: the palette opens with ⌘K or Ctrl+K. */
export const Default: Story = {
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Stays open so designers and the screenshot see it. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await expect(within(dialog).getByRole('combobox')).toHaveFocus();
    await expect(within(dialog).getAllByRole('option')).toHaveLength(7);
  },
};

export const OpensWithTheHotkey: Story = {
  play: async () => {
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await expect(dialog).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const SearchesByLabelAndKeyword: Story = {
  args: { defaultOpen: true },
  play: async () => {
    navigate.mockClear();
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await userEvent.type(within(dialog).getByRole('combobox'), 'commission');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    await expect(within(dialog).getByRole('option', { name: 'Earnings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/dashboard-affiliate');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const KeyboardNavigation: Story = {
  args: { defaultOpen: true },
  play: async () => {
    navigate.mockClear();
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(dialog).getByRole('option', { name: /Affiliate links/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/affiliate-links');
  },
};

export const NoResults: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    await userEvent.type(within(dialog).getByRole('combobox'), 'zzzz');
    await expect(await within(dialog).findByText('No results.')).toBeVisible();
  },
};
