import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '@radix-ui/themes';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Tabs, type TabsRootProps } from './tabs.tsx';

function Example({
  layout,
  long,
  ...props
}: TabsRootProps & { layout?: 'start' | 'stretch'; long?: boolean }) {
  return (
    <Tabs.Root defaultValue="overview" {...props}>
      <Tabs.List aria-label="Program sections" layout={layout}>
        <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger value="links">
          {long ? 'Affiliate links and storefront placements' : 'Links'}
        </Tabs.Trigger>
        <Tabs.Trigger value="payouts" disabled>
          Payouts
        </Tabs.Trigger>
        <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">
        <Text as="p">Commission rate, cookie window and the merchant’s sustainability claims.</Text>
      </Tabs.Content>
      <Tabs.Content value="links">
        <Text as="p">Every link you created for this program.</Text>
      </Tabs.Content>
      <Tabs.Content value="payouts">
        <Text as="p">Payouts open once the program is approved.</Text>
      </Tabs.Content>
      <Tabs.Content value="settings">
        <Text as="p">Notification and payout settings.</Text>
      </Tabs.Content>
    </Tabs.Root>
  );
}

const meta = {
  title: 'Navigation/Tabs',
  component: Example,
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The resting state: the first tab selected, nothing hovered or focused. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const SwitchTab: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Links' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Links' })).toHaveTextContent(
      'Every link you created',
    );
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Links' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Links' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveFocus();
  },
};

export const Disabled: Story = {
  play: async ({ canvas }) => {
    const payouts = canvas.getByRole('tab', { name: 'Payouts' });
    await expect(payouts).toBeDisabled();
    await userEvent.click(payouts, { pointerEventsCheck: 0 });
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // It reads as unavailable: dimmer than an enabled tab, with a not-allowed pointer.
    const enabled = canvas.getByRole('tab', { name: 'Settings' });
    await expect(getComputedStyle(payouts).cursor).toBe('not-allowed');
    await expect(getComputedStyle(payouts).color).not.toBe(getComputedStyle(enabled).color);
  },
};

export const Stretched: Story = { args: { layout: 'stretch' } };

export const LongContent: Story = { args: { long: true } };

/** On a phone the row scrolls instead of cutting a label, and fades where more tabs hide. */
export const NarrowViewport: Story = {
  args: { long: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('tablist', { name: 'Program sections' });
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    await waitFor(() => expect(list).toHaveAttribute('data-overflow-end'));
    await expect(list).not.toHaveAttribute('data-overflow-start');
    // No label is cut: every trigger keeps its full text width.
    for (const tab of canvas.getAllByRole('tab')) {
      await expect(tab.scrollWidth).toBeLessThanOrEqual(tab.clientWidth + 1);
    }
  },
};

/** Scrolled to the end, the fade moves to the start. */
export const NarrowViewportScrolled: Story = {
  args: { long: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('tablist', { name: 'Program sections' });
    list.style.scrollBehavior = 'auto';
    list.scrollLeft = list.scrollWidth;
    await waitFor(() => expect(list).toHaveAttribute('data-overflow-start'));
    await waitFor(() => expect(list).not.toHaveAttribute('data-overflow-end'));
  },
};
