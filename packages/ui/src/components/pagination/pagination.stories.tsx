import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination.tsx';

function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  render: (args) => <Stateful {...args} />,
  args: { page: 1, pageCount: 10, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(nav).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

export const PageChange: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const MiddlePage: Story = {
  args: { page: 5, pageCount: 20 },
  play: async ({ canvas }) => {
    for (const n of [1, 4, 5, 6, 20]) {
      await expect(canvas.getByRole('button', { name: `Page ${n}` })).toBeInTheDocument();
    }
    await expect(canvas.queryByRole('button', { name: 'Page 3' })).toBeNull();
  },
};

export const LastPage: Story = {
  args: { page: 10 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const KeyboardNavigation: Story = {
  args: { page: 3 },
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Next onto the last page disables it: the focus moves to the page now current, not to the body. */
export const FocusAtTheEnds: Story = {
  args: { page: 2, pageCount: 3 },
  play: async ({ canvas }) => {
    const next = canvas.getByRole('button', { name: 'Next page' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    await expect(next).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toHaveFocus();
    // Previous stays enabled (and focused) until it reaches the first page.
    const previous = canvas.getByRole('button', { name: 'Previous page' });
    previous.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(previous).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(previous).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveFocus();
  },
};

/** A caller that moves the focus to its results on a page change keeps it there, ends included. */
export const FocusMovedByTheCaller: Story = {
  args: { page: 2, pageCount: 3 },
  render: (args) => (
    <>
      <p id="pagination-results" tabIndex={-1}>
        Results
      </p>
      <Stateful
        {...args}
        onPageChange={(next) => {
          args.onPageChange(next);
          document.getElementById('pagination-results')?.focus();
        }}
      />
    </>
  ),
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'Page 3' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(canvas.getByText('Results')).toHaveFocus();
  },
};

export const Small: Story = { args: { size: '1', page: 7, pageCount: 42 } };

export const SinglePage: Story = {
  args: { pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const NarrowViewport: Story = {
  args: { page: 50, pageCount: 120 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
