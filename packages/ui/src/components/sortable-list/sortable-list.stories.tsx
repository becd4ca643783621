import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SortableList } from './sortable-list.tsx';

interface Link {
  id: string;
  title: string;
  url: string;
}

const links: Link[] = [
  { id: 'shop', title: 'My sustainable shop', url: 'verdant.link/s/alex' },
  { id: 'bottle', title: 'Glass cleaning bottle', url: 'verdant.link/go/k3x9' },
  { id: 'guide', title: 'Zero-waste kitchen guide', url: 'alexgreen.blog/kitchen' },
  { id: 'tote', title: 'Organic cotton tote', url: 'verdant.link/go/p2m4' },
];

function LinkRow({ link }: { link: Link }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      <span style={{ color: 'var(--gray-12)', fontWeight: 500 }}>{link.title}</span>
      <span style={{ color: 'var(--gray-11)', fontSize: 'var(--font-size-1)' }}>{link.url}</span>
    </div>
  );
}

const onReorder = fn();

function Demo({ disabled = false }: { disabled?: boolean }) {
  const [items, setItems] = useState(links);
  return (
    <div style={{ maxWidth: 480 }}>
      <SortableList
        aria-label="Links on your page"
        items={items}
        getId={(link) => link.id}
        getLabel={(link) => link.title}
        disabled={disabled}
        renderItem={(link) => <LinkRow link={link} />}
        onReorder={(next, move) => {
          onReorder(
            next.map((link) => link.id),
            move,
          );
          setItems(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Data display/SortableList',
  render: () => <Demo />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Links on your page' });
    await expect(titles(list)).toEqual(links.map((link) => link.title));
    await expect(
      canvas.getByRole('button', { name: 'Reorder Glass cleaning bottle' }),
    ).toHaveAttribute('aria-roledescription', 'sortable');
  },
};

export const KeyboardReorder: Story = {
  play: async ({ canvas }) => {
    onReorder.mockClear();
    const handle = canvas.getByRole('button', { name: 'Reorder My sustainable shop' });
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(onReorder).toHaveBeenCalledWith(['bottle', 'shop', 'guide', 'tote'], {
        from: 0,
        to: 1,
      }),
    );
    const list = canvas.getByRole('list', { name: 'Links on your page' });
    await waitFor(() => expect(titles(list)[1]).toBe('My sustainable shop'));
  },
};

/** Two frames: what the list does after a key press (measuring, reporting) has happened by then. */
const nextFrames = () =>
  new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/**
 * What a screen reader hears: "Picked up" on Space (and still that a moment later: the item has not
 * moved), each move, back to its own place included, then the drop or the cancel.
 */
export const KeyboardAnnouncements: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    const handle = canvas.getByRole('button', { name: 'Reorder Organic cotton tote' });
    handle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(status).toHaveTextContent('Picked up Organic cotton tote, position 4 of 4.'),
    );
    await nextFrames();
    await new Promise((done) => setTimeout(done, 100));
    await expect(status).toHaveTextContent('Picked up Organic cotton tote, position 4 of 4.');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Organic cotton tote moved to position 3 of 4.'),
    );
    await nextFrames();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Organic cotton tote moved to position 4 of 4.'),
    );
    await nextFrames();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(status).toHaveTextContent('Organic cotton tote moved to position 3 of 4.'),
    );
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(status).toHaveTextContent('Organic cotton tote dropped at position 3 of 4.'),
    );

    canvas.getByRole('button', { name: 'Reorder My sustainable shop' }).focus();
    await userEvent.keyboard(' ');
    await waitFor(() =>
      expect(status).toHaveTextContent('Picked up My sustainable shop, position 1 of 4.'),
    );
    await nextFrames();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(status).toHaveTextContent('My sustainable shop moved to position 2 of 4.'),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Reordering cancelled. My sustainable shop is back at position 1 of 4.',
      ),
    );
  },
};

export const EscapeCancels: Story = {
  play: async ({ canvas }) => {
    onReorder.mockClear();
    canvas.getByRole('button', { name: 'Reorder Zero-waste kitchen guide' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard('{Escape}');
    await expect(onReorder).not.toHaveBeenCalled();
    const list = canvas.getByRole('list', { name: 'Links on your page' });
    await expect(titles(list)).toEqual(links.map((link) => link.title));
  },
};

export const PointerReorder: Story = {
  play: async ({ canvas }) => {
    onReorder.mockClear();
    const handle = canvas.getByRole('button', { name: 'Reorder Organic cotton tote' });
    const target = canvas.getByRole('button', { name: 'Reorder My sustainable shop' });
    const from = handle.getBoundingClientRect();
    const to = target.getBoundingClientRect();
    await userEvent.pointer([
      {
        keys: '[MouseLeft>]',
        target: handle,
        coords: { clientX: from.x + 4, clientY: from.y + 4 },
      },
      { coords: { clientX: from.x + 4, clientY: from.y - 10 } },
      { coords: { clientX: to.x + 4, clientY: to.y + 2 } },
      { keys: '[/MouseLeft]' },
    ]);
    await waitFor(() =>
      expect(onReorder).toHaveBeenCalledWith(['tote', 'shop', 'bottle', 'guide'], {
        from: 3,
        to: 0,
      }),
    );
  },
};

export const Disabled: Story = {
  render: () => <Demo disabled />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Reorder My sustainable shop' }),
    ).toBeDisabled();
  },
};
