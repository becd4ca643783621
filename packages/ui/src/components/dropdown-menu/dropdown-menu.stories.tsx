import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/index.ts';
import { DropdownMenu } from './dropdown-menu.tsx';

interface ExampleProps {
  onEdit: () => void;
  onDelete: () => void;
  long?: boolean;
  disabled?: boolean;
}

function Example({ onEdit, onDelete, long = false, disabled = false }: ExampleProps) {
  const [showArchived, setShowArchived] = useState(false);
  const [sort, setSort] = useState('newest');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={disabled}>
        <Button variant="secondary">
          Link actions
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>
          {long ? 'Spring campaign for the refillable bottle launch' : 'Spring campaign'}
        </DropdownMenu.Label>
        <DropdownMenu.Item shortcut="⌘ E" onSelect={onEdit}>
          Edit
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild>
          <a href="#stats">View statistics</a>
        </DropdownMenu.Item>
        <DropdownMenu.Item disabled>Duplicate (upgrade to Pro)</DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.CheckboxItem checked={showArchived} onCheckedChange={setShowArchived}>
          Show archived
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Sub>
          <DropdownMenu.SubTrigger>Sort by</DropdownMenu.SubTrigger>
          <DropdownMenu.SubContent>
            <DropdownMenu.RadioGroup value={sort} onValueChange={setSort}>
              <DropdownMenu.RadioItem value="newest">Newest</DropdownMenu.RadioItem>
              <DropdownMenu.RadioItem value="clicks">Most clicks</DropdownMenu.RadioItem>
            </DropdownMenu.RadioGroup>
          </DropdownMenu.SubContent>
        </DropdownMenu.Sub>
        <DropdownMenu.Separator />
        <DropdownMenu.Item tone="danger" onSelect={onDelete}>
          Delete link
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

const meta = {
  title: 'Overlays/DropdownMenu',
  component: Example,
  args: { onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The resting state: the closed menu button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Link actions' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

/** The open menu stays open, as designers and the screenshot test see it. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    const menu = await screen.findByRole('menu');
    await expect(menu.closest('.radix-themes')).toHaveClass('dark');
  },
};

export const ChooseItem: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    await screen.findByRole('menu');
    await userEvent.click(screen.getByRole('menuitem', { name: /Edit/ }));
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /Edit/ })).toHaveFocus());
    // The arrows wrap: up from the first item is the last, down from there the first again.
    await userEvent.keyboard('{ArrowUp}');
    await expect(screen.getByRole('menuitem', { name: 'Delete link' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: /Edit/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'View statistics' })).toHaveFocus();
    // The disabled item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitemcheckbox', { name: 'Show archived' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{End}');
    await expect(screen.getByRole('menuitem', { name: 'Delete link' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Link actions' })).toHaveFocus());
  },
};

export const CheckboxAndSubmenu: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    const archived = await screen.findByRole('menuitemcheckbox', { name: 'Show archived' });
    await expect(archived).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(archived);
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    await expect(
      await screen.findByRole('menuitemcheckbox', { name: 'Show archived' }),
    ).toHaveAttribute('aria-checked', 'true');
    const sortBy = screen.getByRole('menuitem', { name: 'Sort by' });
    sortBy.focus();
    await userEvent.keyboard('{ArrowRight}');
    const mostClicks = await screen.findByRole('menuitemradio', { name: 'Most clicks' });
    await userEvent.click(mostClicks);
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    screen.getByRole('menuitem', { name: 'Sort by' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(await screen.findByRole('menuitemradio', { name: 'Most clicks' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{Escape}');
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(args.onEdit).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Link actions' })).toHaveFocus();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Link actions' });
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(screen.queryByRole('menu')).toBeNull();
  },
};

export const LongContent: Story = {
  args: { long: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    await screen.findByRole('menu');
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Link actions' }));
    await screen.findByRole('menu');
  },
};
