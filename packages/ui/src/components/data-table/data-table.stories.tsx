import { Flex, VisuallyHidden } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../app-shell/index.ts';
import { Badge } from '../badge/index.ts';
import { Button } from '../button/index.ts';
import { EmptyState } from '../empty-state/index.ts';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { pageRows, sortRows, type SortState } from './data-table-model.ts';

interface LinkRow {
  id: string;
  name: string;
  program: string;
  clicks: number;
  sales: number;
  earnings: number;
  status: 'active' | 'paused';
  createdAt: string;
}

const programs = ['Bamboo Basics', 'Solar Living', 'Refill Republic', 'Green Threads'];
const rows: LinkRow[] = Array.from({ length: 23 }, (_, i) => ({
  id: `link-${i + 1}`,
  name: `Spring campaign ${i + 1}`,
  program: programs[i % programs.length] ?? 'Bamboo Basics',
  clicks: ((i * 37) % 400) + 12,
  sales: (i * 7) % 31,
  earnings: ((i * 1931) % 90000) / 100,
  status: i % 5 === 3 ? 'paused' : 'active',
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const columns: DataTableColumn<LinkRow>[] = [
  { id: 'name', header: 'Link', cell: (r) => r.name, sortValue: (r) => r.name, rowHeader: true },
  { id: 'program', header: 'Program', cell: (r) => r.program, sortValue: (r) => r.program },
  {
    id: 'clicks',
    header: 'Clicks',
    cell: (r) => r.clicks.toLocaleString('en-US'),
    sortValue: (r) => r.clicks,
    align: 'end',
  },
  { id: 'sales', header: 'Sales', cell: (r) => r.sales, sortValue: (r) => r.sales, align: 'end' },
  {
    id: 'earnings',
    header: 'Earnings',
    cell: (r) => money.format(r.earnings),
    sortValue: (r) => r.earnings,
    align: 'end',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => (
      <Badge tone={r.status === 'active' ? 'success' : 'neutral'}>
        {r.status === 'active' ? 'Active' : 'Paused'}
      </Badge>
    ),
  },
];

const meta = {
  title: 'Data display/DataTable',
  component: DataTable<LinkRow>,
  args: {
    caption: 'Your affiliate links',
    columns,
    rows,
    getRowId: (r: LinkRow) => r.id,
    pageSize: 5,
  },
} satisfies Meta<typeof DataTable<LinkRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'));

const firstCells = (canvasElement: HTMLElement) =>
  bodyRows(canvasElement).map((row) => within(row).getAllByRole('rowheader')[0]?.textContent);

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Your affiliate links' })).toBeInTheDocument();
    await expect(bodyRows(canvasElement)).toHaveLength(5);
    await expect(canvas.getByText('1–5 of 23')).toBeInTheDocument();
    // A caption kept for assistive technology only takes no room above the table.
    await expect(canvasElement.querySelector('caption')?.getBoundingClientRect().height).toBe(0);
  },
};

export const VisibleCaption: Story = {
  args: { showCaption: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Your affiliate links' })).toBeInTheDocument();
    // A shown caption titles the table inside its frame, its text aligned with the cells' text.
    const caption = canvasElement.querySelector('caption');
    const header = canvas.getAllByRole('columnheader')[0];
    if (!caption || !header) throw new Error('The table has no caption or no column header');
    await expect(caption).toHaveTextContent('Your affiliate links');
    await expect(getComputedStyle(caption).paddingLeft).toBe(getComputedStyle(header).paddingLeft);
    await expect(Number.parseFloat(getComputedStyle(caption).paddingTop)).toBeGreaterThan(0);
  },
};

export const SortByColumn: Story = {
  play: async ({ canvas, canvasElement }) => {
    const clicksHeader = canvas.getByRole('columnheader', { name: /Clicks/ });
    await expect(clicksHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(clicksHeader).getByRole('button'));
    await expect(clicksHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = bodyRows(canvasElement).map((r) =>
      Number(within(r).getAllByRole('cell')[1]?.textContent?.replace(/,/g, '')),
    );
    await expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await expect(ascending[0]).toBe(Math.min(...rows.map((r) => r.clicks)));

    await userEvent.click(within(clicksHeader).getByRole('button'));
    await expect(clicksHeader).toHaveAttribute('aria-sort', 'descending');
    const first = Number(
      within(bodyRows(canvasElement)[0]!).getAllByRole('cell')[1]?.textContent?.replace(/,/g, ''),
    );
    await expect(first).toBe(Math.max(...rows.map((r) => r.clicks)));
    await expect(canvas.getByRole('columnheader', { name: /Program/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  },
};

export const KeyboardSortAndPaging: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /Link/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('columnheader', { name: /Link/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('columnheader', { name: /Link/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(firstCells(canvasElement)[0]).toBe('Spring campaign 23');

    const pages = canvas.getByRole('navigation', { name: 'Your affiliate links pages' });
    within(pages).getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('6–10 of 23')).toBeInTheDocument();
    await expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const SortingReturnsToFirstPage: Story = {
  args: { defaultPage: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('11–15 of 23')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Earnings/ }));
    await expect(canvas.getByText('1–5 of 23')).toBeInTheDocument();
  },
};

export const LastPartialPage: Story = {
  args: { defaultPage: 5 },
  play: async ({ canvas, canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(3);
    await expect(canvas.getByText('21–23 of 23')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Your affiliate links');
    await expect(canvasElement.querySelector('tbody')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No results' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const CustomEmptyState: Story = {
  args: {
    rows: [],
    emptyState: (
      <EmptyState
        size="1"
        title="No links yet"
        description="Create a link to start earning commission."
        action={<Button size="sm">Create link</Button>}
      />
    ),
  },
};

export const VisibleCaptionCompact: Story = {
  args: { showCaption: true, density: 'compact', variant: 'ghost', pageSize: 10 },
};

export const WithoutPagination: Story = {
  args: { pageSize: Infinity, rows: rows.slice(0, 8) },
  play: async ({ canvas, canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(8);
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

/** Every row fits one page: no range and no page links under the table. */
export const OnePage: Story = {
  args: { pageSize: 10, rows: rows.slice(0, 8) },
  play: async ({ canvas, canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(8);
    await expect(canvas.queryByText(/of 8$/)).toBeNull();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const LongContent: Story = {
  args: {
    rows: rows.slice(0, 3).map((r, i) =>
      i === 0
        ? {
            ...r,
            name: 'A very long campaign name for the reusable stainless-steel bottle launch across every storefront',
            program: 'Refill Republic — Europe, Middle East and Africa',
          }
        : r,
    ),
  },
};

interface ReportRow {
  id: string;
  reported: string;
  note: string;
  link: string;
}

const reportColumns: DataTableColumn<ReportRow>[] = [
  { id: 'reported', header: 'Reported', cell: (r) => r.reported, rowHeader: true },
  { id: 'note', header: 'Note', cell: (r) => r.note, wrap: true },
  { id: 'link', header: 'Link', cell: (r) => r.link },
  {
    id: 'decision',
    header: 'Decision',
    cell: () => (
      <Button size="sm" variant="secondary">
        Dismiss
      </Button>
    ),
  },
];

/**
 * A column of free text (`wrap: true`) breaks its lines, so the columns after it stay in view;
 * the other cells keep to one line.
 */
export const WrappingColumn: Story = {
  render: () => (
    <div style={{ width: 640 }}>
      <DataTable
        caption="Reports"
        columns={reportColumns}
        rows={[
          {
            id: 'r1',
            reported: 'Nov 26, 2026',
            note: 'Mentions a brand without a disclosure, in the second paragraph of a long post about refills, bottles and the shops that sell them in bulk.',
            link: '/go/jordan-river-7aae8a',
          },
          { id: 'r2', reported: 'Nov 27, 2026', note: 'Spam', link: '/go/sam-outdoors-b2' },
        ]}
        getRowId={(r) => r.id}
      />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const note = canvas.getByRole('cell', { name: /^Mentions a brand/ });
    const link = canvas.getByRole('cell', { name: '/go/jordan-river-7aae8a' });
    await expect(getComputedStyle(note).whiteSpace).toBe('normal');
    await expect(getComputedStyle(link).whiteSpace).toBe('nowrap');
    // The long note takes several lines; the last column is inside the table's frame.
    const lineHeight = Number.parseFloat(getComputedStyle(link).lineHeight);
    await expect(note.getBoundingClientRect().height).toBeGreaterThan(2 * lineHeight);
    const frame = canvasElement.querySelector('.vd-data-table')?.getBoundingClientRect();
    const dismiss = canvas.getAllByRole('button', { name: 'Dismiss' })[0]?.getBoundingClientRect();
    if (!frame || !dismiss) throw new Error('The table or its button is missing');
    await expect(dismiss.right).toBeLessThanOrEqual(frame.right);
  },
};

/**
 * `layout="table"` keeps the columns at any width: in a narrow frame the table scrolls sideways,
 * and its end edge fades while columns are hidden past it.
 */
export const NarrowViewport: Story = {
  args: { layout: 'table' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole('table', { name: 'Your affiliate links' });
    const root = table.closest<HTMLElement>('.rt-TableRoot')!;
    const viewport = canvas.getByRole('region', { name: 'Your affiliate links' });
    await step('the end edge fades while columns are hidden past it', async () => {
      await expect(root).toHaveAttribute('data-more-end');
    });
    await step('the values carry no labels of their own', async () => {
      const [cell] = canvas.getAllByRole('cell', { name: 'Bamboo Basics' });
      await expect(getComputedStyle(cell!, '::before').content).toBe('none');
    });
    await step('scrolled to the last column, the fade goes', async () => {
      viewport.scrollLeft = viewport.scrollWidth;
      await waitFor(() => expect(root).not.toHaveAttribute('data-more-end'));
      viewport.scrollLeft = 0;
      await waitFor(() => expect(root).toHaveAttribute('data-more-end'));
    });
  },
};

/**
 * In the app a table scrolls under the shell's sticky top bar: no part of it (the sticky naming
 * columns, the end-edge fade) is drawn over the bar. The table stacks those layers within itself.
 */
export const UnderStickyTopBar: Story = {
  args: { layout: 'table', selectable: true, getRowLabel: (r: LinkRow) => r.name },
  // The check is where things are drawn at a scrolled position; a screenshot of the whole page,
  // taken from its top, would not show it.
  parameters: { layout: 'fullscreen', visual: { disable: true } },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: (args) => (
    <AppShell.Root position="sticky">
      <AppShell.TopBar>
        <AppShell.Brand />
      </AppShell.TopBar>
      <AppShell.Main>
        <DataTable {...args} />
        {/* Enough page below the table for it to scroll up under the bar. */}
        <div style={{ height: '100vh' }} />
      </AppShell.Main>
    </AppShell.Root>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    const banner = canvas.getByRole('banner');
    const table = canvas.getByRole('table', { name: 'Your affiliate links' });
    const firstRow = () => bodyRows(canvasElement)[0]!;
    await step('scrolled, the first row passes under the top bar', async () => {
      view.scrollTo(0, firstRow().getBoundingClientRect().top + view.scrollY);
      await waitFor(() => expect(Math.abs(firstRow().getBoundingClientRect().top)).toBeLessThan(1));
    });
    await step('the bar is drawn over the sticky columns and the other cells', async () => {
      const bar = banner.getBoundingClientRect();
      const y = bar.top + bar.height / 2;
      const row = firstRow().getBoundingClientRect();
      const frame = table.closest('.rt-TableRoot')!.getBoundingClientRect();
      const [checkbox, title] = [
        within(firstRow()).getAllByRole('cell')[0]!,
        within(firstRow()).getByRole('rowheader'),
      ].map((cell) => cell.getBoundingClientRect());
      // The row lies under the bar at each point: without the bar, the table would be drawn there.
      await expect(row.top).toBeLessThan(y);
      await expect(row.bottom).toBeGreaterThan(y);
      const points = {
        checkbox: checkbox!.left + checkbox!.width / 2,
        'row header': title!.left + title!.width / 2,
        'a scrolling cell': frame.right - 4,
      };
      const overTheBar = Object.entries(points)
        .filter(([, x]) => !banner.contains(canvasElement.ownerDocument.elementFromPoint(x, y)))
        .map(([name]) => name);
      await expect(overTheBar).toEqual([]);
    });
    view.scrollTo(0, 0);
  },
};

/** The same on a desktop, where every column fits and only the naming columns are sticky. */
export const UnderStickyTopBarWide: Story = {
  args: UnderStickyTopBar.args,
  parameters: UnderStickyTopBar.parameters,
  render: UnderStickyTopBar.render,
  play: UnderStickyTopBar.play,
};

const onServerSort = fn();
const onServerPage = fn();

/** Plays the server: sorts and slices the full list and hands the table one page and the total. */
function ServerBackedTable() {
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const column = columns.find((c) => c.id === sort?.columnId);
  const ordered =
    column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : rows;
  return (
    <DataTable
      caption="Your affiliate links"
      columns={columns}
      rows={pageRows(ordered, page, 5)}
      rowCount={rows.length}
      getRowId={(r) => r.id}
      pageSize={5}
      sort={sort}
      onSortChange={(next) => {
        onServerSort(next);
        setSort(next);
      }}
      page={page}
      onPageChange={(next) => {
        onServerPage(next);
        setPage(next);
      }}
    />
  );
}

export const ServerSide: Story = {
  render: () => <ServerBackedTable />,
  play: async ({ canvas, canvasElement }) => {
    onServerSort.mockClear();
    onServerPage.mockClear();
    await expect(canvas.getByText('1–5 of 23')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Page 5' }));
    await expect(onServerPage).toHaveBeenLastCalledWith(5);
    await expect(bodyRows(canvasElement)).toHaveLength(3);
    await expect(canvas.getByText('21–23 of 23')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Earnings/ }));
    await expect(onServerSort).toHaveBeenLastCalledWith({
      columnId: 'earnings',
      direction: 'ascending',
    });
    await expect(onServerPage).toHaveBeenLastCalledWith(1);
    await expect(canvas.getByText('1–5 of 23')).toBeInTheDocument();
  },
};

const filterColumns: DataTableColumn<LinkRow>[] = columns.map((column) =>
  column.id === 'name'
    ? { ...column, filter: { type: 'text' }, filterValue: (r) => r.name, filterLabel: 'Link' }
    : column.id === 'program'
      ? {
          ...column,
          filter: { type: 'select', options: programs.map((p) => ({ value: p, label: p })) },
          filterValue: (r) => r.program,
          filterLabel: 'Program',
        }
      : column,
);

export const ColumnFilters: Story = {
  // The table sits right under the page's h1 here: its own empty states are h2.
  args: { columns: filterColumns, pageSize: 5, emptyHeadingLevel: 2 },
  play: async ({ canvas, canvasElement }) => {
    const filters = canvas.getByRole('group', { name: 'Filter Your affiliate links' });
    await userEvent.type(within(filters).getByRole('searchbox', { name: 'Filter by link' }), '2');
    // "Spring campaign 2", "12" and "20" to "23".
    await expect(canvas.getByText('1–5 of 6')).toBeInTheDocument();
    await userEvent.type(within(filters).getByRole('searchbox', { name: 'Filter by link' }), '2');
    await expect(bodyRows(canvasElement)).toHaveLength(1);
    await expect(canvas.getByRole('rowheader', { name: 'Spring campaign 22' })).toBeVisible();
    // One page left: the range and the page links go.
    await expect(canvas.queryByText('1–1 of 1')).toBeNull();
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await userEvent.type(within(filters).getByRole('searchbox', { name: 'Filter by link' }), 'x');
    await expect(canvas.getByRole('heading', { level: 2, name: 'No matching rows' })).toBeVisible();
    await userEvent.clear(within(filters).getByRole('searchbox', { name: 'Filter by link' }));
    // The program filter is the browser's select: its first option lifts the filter.
    const program = within(filters).getByRole('combobox', { name: 'Program' });
    await expect(program).toHaveValue('');
    await expect(within(program).getByRole('option', { name: 'All programs' })).toBeInTheDocument();
    await userEvent.selectOptions(program, 'Solar Living');
    for (const row of bodyRows(canvasElement)) {
      await expect(row).toHaveTextContent('Solar Living');
    }
    await userEvent.selectOptions(program, 'All programs');
    await expect(canvas.getByText('1–5 of 23')).toBeInTheDocument();
  },
};

const pause = fn();

export const SelectionWithBulkActions: Story = {
  args: {
    selectable: true,
    getRowLabel: (r: LinkRow) => r.name,
    pageSize: 5,
    bulkActions: (selected: LinkRow[], clear: () => void) => (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          pause(selected.map((r) => r.id));
          clear();
        }}
      >
        Pause links
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    pause.mockClear();
    await expect(canvas.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Spring campaign 2' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Spring campaign 4' }));
    const bar = canvas.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(within(bar).getByText('2 selected')).toBeVisible();
    const all = canvas.getByRole('checkbox', { name: 'Select all rows on this page' });
    await expect(all).toHaveAttribute('data-state', 'indeterminate');
    await userEvent.click(all);
    await expect(within(bar).getByText('5 selected')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Pause links' }));
    await expect(pause).toHaveBeenCalledWith(['link-1', 'link-2', 'link-3', 'link-4', 'link-5']);
    await expect(canvas.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  },
};

/** Two rows selected, at rest: how the selection and the bulk bar look. */
export const Selected: Story = {
  args: {
    ...SelectionWithBulkActions.args,
    defaultSelectedRowIds: ['link-2', 'link-3'],
  },
};

/** On a phone the rows stack, each with its checkbox beside its title; select-all heads the list. */
export const NarrowViewportSelectable: Story = {
  args: {
    selectable: true,
    getRowLabel: (r: LinkRow) => r.name,
    rows: rows.slice(0, 8),
    pageSize: 2,
  },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Your affiliate links' })).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Spring campaign 2' }));
    await expect(canvas.getByRole('row', { name: /Spring campaign 2/ })).toHaveAttribute(
      'data-state',
      'selected',
    );
    const all = canvas.getByRole('checkbox', { name: 'Select all rows on this page' });
    await expect(all).toBeVisible();
    await expect(all).toHaveAttribute('data-state', 'indeterminate');
    await userEvent.click(all);
    await expect(all).toHaveAttribute('data-state', 'checked');
  },
};

const pauseLink = fn();

const stackedColumns: DataTableColumn<LinkRow>[] = [
  ...filterColumns
    .filter((column) => column.id !== 'sales')
    .map((column) => (column.id === 'program' ? { ...column, wrap: true } : column)),
  {
    id: 'actions',
    // A header for assistive technology only; the column's values need no label on screen.
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    actions: true,
    cell: (r) => (
      <Flex gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Pause ${r.name}`}
          onClick={() => pauseLink(r.id)}
        >
          Pause
        </Button>
        <Button size="sm" variant="outline" aria-label={`Copy link of ${r.name}`}>
          Copy link
        </Button>
      </Flex>
    ),
  },
];

/** The frame the stacked stories sit in: as narrow as a phone, or as a card in a sidebar. */
const narrowFrame = { width: 360 };

/** The cells of a row's block that are outside the table's frame (none, in the stacked layout). */
function cellsOutsideFrame(canvasElement: HTMLElement) {
  const frame = canvasElement.querySelector('.rt-TableRoot')?.getBoundingClientRect();
  if (!frame) throw new Error('The table has no frame');
  return within(canvasElement)
    .getAllByRole('cell')
    .filter((cell) => {
      const box = cell.getBoundingClientRect();
      return box.left < frame.left || box.right > frame.right + 0.5;
    });
}

/**
 * In a frame narrower than 560px (here 360px, as in a phone or a sidebar) each row stacks into a
 * block: the row header is its title, every other cell a "Label: value" line, the actions column
 * (`actions: true`) closes the block with full-width buttons. The sortable headers line up above
 * the blocks as buttons. Nothing scrolls sideways, and the table keeps its table roles and names.
 */
export const Stacked: Story = {
  args: { columns: stackedColumns, pageSize: 3 },
  render: (args) => (
    <div style={narrowFrame}>
      <DataTable {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement, step }) => {
    pauseLink.mockClear();
    const table = canvas.getByRole('table', { name: 'Your affiliate links' });
    const root = table.closest<HTMLElement>('.rt-TableRoot')!;

    await step('the table keeps its roles and names', async () => {
      await expect(canvas.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
        ['Link', 'Program', 'Clicks', 'Earnings', 'Status', 'Actions'],
      );
      await expect(canvas.getAllByRole('rowgroup')).toHaveLength(2);
      await expect(bodyRows(canvasElement)).toHaveLength(3);
      const row = canvas.getByRole('row', { name: /Spring campaign 1\b/ });
      await expect(within(row).getByRole('rowheader', { name: 'Spring campaign 1' })).toBeVisible();
      // A value is named by itself: its on-screen label is not part of the cell's name.
      const program = within(row).getByRole('cell', { name: 'Bamboo Basics' });
      await expect(program).toHaveAttribute('data-label', 'Program');
      await expect(getComputedStyle(program, '::before').content).toMatch(/\/ ""$/);
      await expect(within(row).getByRole('cell', { name: '$0.00' })).toBeVisible();
    });

    await step('every value is in view: no sideways scrolling and no edge fade', async () => {
      await expect(cellsOutsideFrame(canvasElement)).toEqual([]);
      await expect(root).not.toHaveAttribute('data-more-end');
      await expect(canvas.queryByRole('region', { name: 'Your affiliate links' })).toBeNull();
      // A row is one block: its title above its labelled values, its actions at the bottom.
      const [title, ...cells] = [
        within(bodyRows(canvasElement)[0]!).getByRole('rowheader'),
        ...within(bodyRows(canvasElement)[0]!).getAllByRole('cell'),
      ].map((cell) => cell.getBoundingClientRect());
      for (const cell of cells) await expect(cell.top).toBeGreaterThanOrEqual(title!.bottom);
      await expect(cells.at(-1)!.top).toBeGreaterThanOrEqual(
        Math.max(...cells.slice(0, -1).map((cell) => cell.bottom)),
      );
    });

    await step('an action is a full-width button, tall enough to tap, and works', async () => {
      const pause = canvas.getByRole('button', { name: 'Pause Spring campaign 2' });
      const copy = canvas.getByRole('button', { name: 'Copy link of Spring campaign 2' });
      const actions = pause.closest('td')!.getBoundingClientRect();
      await expect(pause.getBoundingClientRect().height).toBeGreaterThanOrEqual(40);
      await expect(pause.getBoundingClientRect().left).toBeCloseTo(actions.left, 0);
      await expect(copy.getBoundingClientRect().right).toBeCloseTo(actions.right, 0);
      // The keyboard reaches it from the block above, as the pointer does.
      canvas.getByRole('button', { name: 'Copy link of Spring campaign 1' }).focus();
      await userEvent.tab();
      await expect(pause).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(pauseLink).toHaveBeenLastCalledWith('link-2');
      pauseLink.mockClear();
      await userEvent.click(pause);
      await expect(pauseLink).toHaveBeenCalledWith('link-2');
    });

    await step('sorting works from the header buttons above the blocks', async () => {
      const clicks = canvas.getByRole('columnheader', { name: /Clicks/ });
      const sortButton = within(clicks).getByRole('button', { name: /Clicks/ });
      await expect(sortButton).toBeVisible();
      // The buttons line up side by side (a wrapping column's header included) while they fit.
      const [link, program] = ['Link', 'Program'].map((name) =>
        canvas.getByRole('button', { name }).getBoundingClientRect(),
      );
      await expect(program!.top).toBe(link!.top);
      await userEvent.click(sortButton);
      await expect(clicks).toHaveAttribute('aria-sort', 'ascending');
      const cell = within(bodyRows(canvasElement)[0]!).getAllByRole('cell')[1];
      await expect(Number(cell?.textContent?.replace(/,/g, ''))).toBe(
        Math.min(...rows.map((r) => r.clicks)),
      );
      // Headers without a sort button are read out, not shown.
      await expect(
        canvas.getByRole('columnheader', { name: 'Status' }).getBoundingClientRect().width,
      ).toBeLessThanOrEqual(1);
    });

    await step('filters and pages still narrow and move the list', async () => {
      const filters = canvas.getByRole('group', { name: 'Filter Your affiliate links' });
      await userEvent.type(within(filters).getByRole('searchbox', { name: 'Filter by link' }), '2');
      await expect(canvas.getByText('1–3 of 6')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(canvas.getByText('4–6 of 6')).toBeVisible();
      await expect(bodyRows(canvasElement)).toHaveLength(3);
    });
  },
};

/** While loading, each block shows its labels beside placeholder lines. */
export const StackedLoading: Story = {
  args: { columns: stackedColumns, loading: true, loadingRows: 2 },
  render: Stacked.render,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Your affiliate links' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Your affiliate links');
    await expect(canvasElement.querySelector('tbody')).toHaveAttribute('aria-busy', 'true');
    await expect(cellsOutsideFrame(canvasElement)).toEqual([]);
  },
};

/** With no rows, the empty state fills the frame under the header buttons, as in the table layout. */
export const StackedEmpty: Story = {
  args: { columns: stackedColumns, rows: [] },
  render: Stacked.render,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No results' })).toBeVisible();
    await expect(canvas.getByRole('cell', { name: /No results/ })).toBeVisible();
  },
};

/**
 * `layout="stacked"` stacks the rows at any width, here in a wide frame, with a shown caption,
 * selection and the compact density.
 */
export const StackedLayout: Story = {
  args: {
    layout: 'stacked',
    showCaption: true,
    density: 'compact',
    selectable: true,
    getRowLabel: (r: LinkRow) => r.name,
    defaultSelectedRowIds: ['link-2'],
    pageSize: 3,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Your affiliate links' })).toBeVisible();
    // Wide as the frame is, the row's values sit under its title, not beside it.
    const title = canvas.getByRole('rowheader', { name: 'Spring campaign 3' });
    const program = canvas.getByRole('cell', { name: 'Refill Republic' });
    await expect(program).toHaveAttribute('data-label', 'Program');
    await expect(program.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      title.getBoundingClientRect().bottom,
    );
    await expect(cellsOutsideFrame(canvasElement)).toEqual([]);
  },
};
