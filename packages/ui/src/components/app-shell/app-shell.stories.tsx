import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentPropsWithoutRef } from 'react';
import { Heading, Text } from '@radix-ui/themes';
import {
  BarChartIcon,
  DashboardIcon,
  GearIcon,
  Link2Icon,
  ReaderIcon,
} from '@radix-ui/react-icons';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Avatar } from '../avatar/index.ts';
import { AppShell, type AppShellRootProps } from './app-shell.tsx';

/**
 * Stands in for a router's link component: the shell only needs something that renders an anchor.
 * Like a router link it handles the click itself instead of letting the browser navigate.
 */
function FakeRouterLink({
  to,
  children,
  onClick,
  ...props
}: ComponentPropsWithoutRef<'a'> & { to: string }) {
  return (
    <a
      href={`#${to}`}
      data-router-link=""
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
      }}
      {...props}
    >
      {children}
    </a>
  );
}

function Example({ longContent = false, ...props }: AppShellRootProps & { longContent?: boolean }) {
  return (
    <AppShell.Root position="static" {...props}>
      <AppShell.TopBar>
        <AppShell.MenuButton />
        <AppShell.SidebarToggle />
        <AppShell.Brand />
        <div style={{ marginLeft: 'auto' }}>
          <Avatar name="Maya Okafor" size="2" />
        </div>
      </AppShell.TopBar>
      <AppShell.Sidebar
        label="Main"
        footer={
          <Text size="1" color="gray">
            Affiliate · Pro plan
          </Text>
        }
      >
        <AppShell.NavSection>
          <AppShell.NavItem asChild icon={<DashboardIcon />} active>
            <FakeRouterLink to="/dashboard">Dashboard</FakeRouterLink>
          </AppShell.NavItem>
          <AppShell.NavItem asChild icon={<Link2Icon />}>
            <FakeRouterLink to="/affiliate-links">
              {longContent ? 'Affiliate links and storefront placements' : 'Links'}
            </FakeRouterLink>
          </AppShell.NavItem>
          <AppShell.NavItem asChild icon={<BarChartIcon />}>
            <FakeRouterLink to="/affiliate-programs">Programs</FakeRouterLink>
          </AppShell.NavItem>
        </AppShell.NavSection>
        <AppShell.NavSection title="Learn">
          <AppShell.NavItem href="#/education" icon={<ReaderIcon />}>
            Courses
          </AppShell.NavItem>
          <AppShell.NavItem href="#/profile" icon={<GearIcon />}>
            Settings
          </AppShell.NavItem>
        </AppShell.NavSection>
      </AppShell.Sidebar>
      <AppShell.Main>
        <Heading as="h1" size="6" mb="3">
          Dashboard
        </Heading>
        <Text as="p" color="gray">
          {longContent
            ? 'Your clicks, sales and earnings across every program. '.repeat(12)
            : 'Your clicks, sales and earnings across every program.'}
        </Text>
      </AppShell.Main>
    </AppShell.Root>
  );
}

const meta = {
  title: 'Layout/AppShell',
  component: Example,
  parameters: {
    layout: 'fullscreen',
    // The shell fills its viewport; on the docs page each story gets a frame of its own.
    docs: { story: { inline: false, height: '480px' } },
  },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toBeInTheDocument();
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const current = within(nav).getByRole('link', { name: 'Dashboard' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveAttribute('href', '#/dashboard');
    await expect(current).toHaveAttribute('data-router-link');
    await expect(within(nav).getByRole('list', { name: 'Learn' })).toBeInTheDocument();
    // The top bar carries the logomark beside the wordmark.
    const brand = canvasElement.querySelector('[data-slot="app-shell-brand"]');
    await expect(brand).toHaveTextContent('Verdant');
    await expect(brand?.querySelector('[data-slot="logomark"]')).not.toBeNull();
  },
};

export const SkipLink: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

export const Collapsed: Story = {
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Collapse navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The icon points left ("collapse") while expanded, and right (mirrored) once collapsed.
    const iconTransform = () => getComputedStyle(toggle.querySelector('svg')!).transform;
    await expect(iconTransform()).toBe('none');
    await userEvent.click(toggle);
    const expand = canvas.getByRole('button', { name: 'Expand navigation' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(iconTransform()).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // Labels stay available to assistive technology and show beside their item: when the pointer
    // rests on it, and on focus, until the pointer leaves, focus moves on or Escape is pressed.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getByRole('link', { name: 'Links' });
    await userEvent.hover(links);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Links');
    await expect(links).toHaveAccessibleDescription('Links');
    await userEvent.unhover(links);
    await expect(screen.queryByRole('tooltip')).toBeNull();
    const programs = within(nav).getByRole('link', { name: 'Programs' });
    programs.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Programs');
    await userEvent.keyboard('{Escape}');
    await expect(screen.queryByRole('tooltip')).toBeNull();
    await expect(programs).not.toHaveAttribute('aria-describedby');
    programs.blur();
    programs.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Programs');
    // Expanding the sidebar takes the label away.
    await userEvent.click(expand);
    await expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse navigation' }));
    programs.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Programs');
  },
};

export const StartsCollapsed: Story = { args: { defaultCollapsed: true } };

export const KeyboardThroughNavigation: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab(); // skip link
    await userEvent.tab(); // sidebar toggle (the menu button is hidden on wide screens)
    await expect(canvas.getByRole('button', { name: 'Collapse navigation' })).toHaveFocus();
    await userEvent.tab(); // avatar is not focusable; first nav link
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
  },
};

export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const menu = canvas.getByRole('button', { name: 'Open navigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
    await expect(drawer.closest('.radix-themes')).toHaveClass('dark');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Choosing a destination closes the drawer.
    await userEvent.click(within(drawer).getByRole('link', { name: 'Programs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const MobileDrawerOpen: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
    await expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const MobileDrawerKeyboard: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.tab(); // skip link
    await userEvent.tab();
    const menu = canvas.getByRole('button', { name: 'Open navigation' });
    await expect(menu).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(menu).toHaveFocus();

    // Following a link in the drawer closes it with the focus on the page, not on the menu.
    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Main navigation' });
    const link = within(again).getAllByRole('link')[1]!;
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('main')).toHaveFocus());
  },
};

export const LongContent: Story = { args: { longContent: true } };

/** The app's layout: top bar and sidebar stay in view, and a short page does not scroll. */
export const Sticky: Story = {
  args: { position: 'sticky' },
  play: async ({ canvas, canvasElement }) => {
    const view = canvasElement.ownerDocument.documentElement;
    const bar = canvas.getByRole('banner').getBoundingClientRect();
    const sidebar = canvas
      .getByRole('navigation', { name: 'Main' })
      .closest('.vd-app-shell__sidebar')!
      .getBoundingClientRect();
    // The sidebar starts where the top bar ends and ends at the bottom of the viewport.
    await expect(sidebar.top).toBe(bar.bottom);
    await expect(sidebar.bottom).toBe(view.clientHeight);
    await expect(view.scrollHeight).toBe(view.clientHeight);
  },
};

export const NarrowViewport: Story = {
  args: { longContent: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
