import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '@radix-ui/themes';
import { expect, userEvent } from 'storybook/test';
import { Tabs, type TabsRootProps } from './tabs';

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

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
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
  },
};

export const Hovered: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('tab', { name: 'Settings' }));
  },
};

export const Stretched: Story = { args: { layout: 'stretch' } };

export const LongContent: Story = { args: { long: true } };

export const NarrowViewport: Story = {
  args: { long: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
