import * as React from 'react';
import { Checkbox, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { CaretDownIcon, CaretSortIcon, CaretUpIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { EmptyState } from '../empty-state/index.ts';
import { NativeSelect } from '../native-select/index.ts';
import { Pagination } from '../pagination/index.ts';
import { Skeleton } from '../skeleton/index.ts';
import { useControllableState } from '../../utils/use-controllable-state.ts';
import {
  filterRows,
  nextSort,
  pageCountFor,
  pageRows,
  sortRows,
  type ColumnFilters,
  type SortState,
  type SortValue,
} from './data-table-model.ts';

export const dataTableVariants = cva('vd-data-table', {
  variants: {
    variant: { surface: 'vd-data-table--surface', ghost: 'vd-data-table--ghost' },
    density: { comfortable: '', compact: 'vd-data-table--compact' },
  },
  defaultVariants: { variant: 'surface', density: 'comfortable' },
});

export interface DataTableColumn<T> {
  /** Stable id; used for sorting state and React keys. */
  id: string;
  header: React.ReactNode;
  /** What the cell shows for a row. */
  cell: (row: T) => React.ReactNode;
  /** Makes the column sortable: the value rows are ordered by. */
  sortValue?: (row: T) => SortValue;
  align?: 'start' | 'center' | 'end';
  /** Renders this column's cells as row headers (`<th scope="row">`); use it for the naming column. */
  rowHeader?: boolean;
  /** CSS width of the column. */
  width?: string;
  /**
   * Lets this column's text wrap onto several lines, for free text such as a note or a message.
   * Other cells keep to one line (the table scrolls sideways when they do not fit), so a long text
   * in one unwrapped column would push the columns after it out of view.
   */
  wrap?: boolean;
  /**
   * Adds a filter for this column above the table: free `text`, or a `select` of options.
   * Needs `filterValue` and `filterLabel`.
   */
  filter?:
    { type: 'text' } | { type: 'select'; options: readonly { value: string; label: string }[] };
  /** The text a filter matches for a row. */
  filterValue?: (row: T) => string;
  /** The filter control's label, e.g. "Program". */
  filterLabel?: string;
  /**
   * The column's name in plain text, shown before each of its values in the stacked layout
   * ("Status: Active"). Defaults to `header` when that is a string. `false` shows the values without
   * a label: for a column whose header is visually hidden or an icon, or whose values speak for
   * themselves. (Assistive technology names cells by their column header, never by this label.)
   */
  label?: string | false;
  /**
   * Marks the column of the row's actions (buttons). In the stacked layout its cell closes the
   * row's block, without a label, its buttons sharing the block's full width at a tappable height.
   * Make it the last column, so focus moves through a block in the order it is shown.
   */
  actions?: boolean;
}

export interface DataTableProps<T>
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    VariantProps<typeof dataTableVariants> {
  /** The table's accessible name, rendered as its caption. */
  caption: string;
  /** Show the caption visually as well (it is always available to assistive technology). */
  showCaption?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Rows per page; `Infinity` turns pagination off. */
  pageSize?: number;
  /**
   * Total number of rows when `rows` is one page fetched from a server, already sorted there. The
   * table then neither sorts nor slices: it shows `rows` as they are and reports header and page
   * activation through `onSortChange` and `onPageChange` (use it with controlled `sort` and `page`).
   */
  rowCount?: number;
  /** Initial sort when uncontrolled. */
  defaultSort?: SortState | null;
  /** Controlled sort. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** Initial page when uncontrolled (1-based). */
  defaultPage?: number;
  /** Controlled page (1-based). */
  page?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  /** Placeholder rows while loading. */
  loadingRows?: number;
  /** Shown instead of the body when there are no rows. */
  emptyState?: React.ReactNode;
  /**
   * Heading level of the table's own empty states ("No matching rows" when the filters leave
   * nothing, "No results" without `emptyState`), so they fit the page outline: 2 for a table right
   * under the page's h1. Default 3.
   */
  emptyHeadingLevel?: 2 | 3 | 4;
  /** Adds a checkbox per row and a select-all checkbox for the page. */
  selectable?: boolean;
  /** Names a row for its checkbox ("Select Spring campaign 3"); defaults to its position. */
  getRowLabel?: (row: T) => string;
  /** Controlled selection (row ids). */
  selectedRowIds?: readonly string[];
  defaultSelectedRowIds?: readonly string[];
  onSelectedRowIdsChange?: (ids: string[]) => void;
  /**
   * Actions for the selected rows, shown in a bar above the table while rows are selected,
   * e.g. `(rows, clear) => <Button onClick={() => pause(rows).then(clear)}>Pause</Button>`.
   */
  bulkActions?: (selectedRows: T[], clearSelection: () => void) => React.ReactNode;
  /** Controlled column filters (column id → value). */
  filters?: ColumnFilters;
  defaultFilters?: ColumnFilters;
  onFiltersChange?: (filters: ColumnFilters) => void;
  /**
   * How rows are laid out. `auto` (default) follows the table's own container, not the viewport:
   * at 560px and wider a table, narrower the stacked layout, where each row is a block with its
   * row header as the title, every other cell as a "Label: value" line (see the column's `label`),
   * its actions cell at the bottom (see `actions`) and the sortable headers as buttons above the
   * blocks. `table` keeps the table at every width (it scrolls sideways when its columns do not
   * fit); `stacked` stacks at every width. Either way the table keeps its table semantics.
   */
  layout?: 'auto' | 'table' | 'stacked';
}

const sortIcons = { ascending: CaretUpIcon, descending: CaretDownIcon } as const;

/** The label a column's values carry in the stacked layout, if any. */
function stackedLabel<T>(column: DataTableColumn<T>): string | undefined {
  if (column.actions || column.label === false) return undefined;
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

function DataTableImpl<T>(
  {
    caption,
    showCaption = false,
    columns,
    rows,
    getRowId,
    pageSize = 10,
    rowCount,
    defaultSort = null,
    sort: sortProp,
    onSortChange,
    defaultPage = 1,
    page: pageProp,
    onPageChange,
    loading = false,
    loadingRows = 5,
    emptyState,
    emptyHeadingLevel = 3,
    selectable = false,
    getRowLabel,
    selectedRowIds,
    defaultSelectedRowIds = [],
    onSelectedRowIdsChange,
    bulkActions,
    filters: filtersProp,
    defaultFilters = {},
    onFiltersChange,
    layout = 'auto',
    variant,
    density,
    className,
    ...rest
  }: DataTableProps<T>,
  ref: React.ForwardedRef<HTMLDivElement>,
) {
  const [sort, setSort] = useControllableState<SortState | null>({
    prop: sortProp,
    defaultProp: defaultSort,
    onChange: onSortChange as ((s: SortState | null) => void) | undefined,
    caller: 'DataTable',
  });
  const [page, setPage] = useControllableState({
    prop: pageProp,
    defaultProp: defaultPage,
    onChange: onPageChange,
    caller: 'DataTable',
  });
  const [selected, setSelected] = useControllableState<readonly string[]>({
    prop: selectedRowIds,
    defaultProp: defaultSelectedRowIds,
    onChange: onSelectedRowIdsChange as ((ids: readonly string[]) => void) | undefined,
    caller: 'DataTable',
  });
  const [filters, setFilters] = useControllableState<ColumnFilters>({
    prop: filtersProp,
    defaultProp: defaultFilters,
    onChange: onFiltersChange,
    caller: 'DataTable',
  });

  const serverSide = rowCount !== undefined;
  const sorted = React.useMemo(() => {
    const filtered = serverSide ? [...rows] : filterRows(rows, columns, filters);
    const column = sort ? columns.find((c) => c.id === sort.columnId) : undefined;
    return !serverSide && column?.sortValue && sort
      ? sortRows(filtered, column.sortValue, sort.direction)
      : filtered;
  }, [rows, columns, sort, serverSide, filters]);

  const total = serverSide ? rowCount : sorted.length;
  const paginated = Number.isFinite(pageSize);
  const pageCount = paginated ? pageCountFor(total, pageSize) : 1;
  const currentPage = Math.min(Math.max(1, page), pageCount);
  const visible = paginated && !serverSide ? pageRows(sorted, currentPage, pageSize) : sorted;
  const first = total === 0 ? 0 : (currentPage - 1) * (paginated ? pageSize : 0) + 1;
  const last = first === 0 ? 0 : first + visible.length - 1;

  const onHeaderActivate = (columnId: string) => {
    setSort(nextSort(sort, columnId));
    if (currentPage !== 1) setPage(1);
  };

  const empty = !loading && visible.length === 0;
  const selectedSet = new Set(selected);
  const pageIds = visible.map(getRowId);
  const pageSelected = pageIds.filter((id) => selectedSet.has(id)).length;
  const toggleRow = (id: string, on: boolean) =>
    setSelected(on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id));
  const togglePage = (on: boolean) =>
    setSelected(
      on
        ? [...selected, ...pageIds.filter((id) => !selectedSet.has(id))]
        : selected.filter((id) => !pageIds.includes(id)),
    );
  const clearSelection = () => setSelected([]);
  const selectedRows = rows.filter((row) => selectedSet.has(getRowId(row)));
  const filterable = columns.filter((column) => column.filter && column.filterValue);
  const setFilter = (columnId: string, value: string) => {
    setFilters({ ...filters, [columnId]: value });
    if (currentPage !== 1) setPage(1);
  };
  const columnCount = columns.length + (selectable ? 1 : 0);

  // Radix Themes scrolls the table inside a viewport of its own. While the table is wider (or
  // taller) than that viewport, keyboard users must be able to focus it to scroll, and hear its
  // name; otherwise it stays out of the tab order. While columns are hidden past the end edge, the
  // table says so (`data-more-end`) and its stylesheet fades that edge, so a reader sees that the
  // table goes on sideways (the naming column is sticky, so the start edge needs no hint).
  const tableRef = React.useRef<HTMLDivElement>(null);
  // The stacked layout displays the table's parts as blocks, and a browser drops the table
  // semantics of table elements that are not displayed as tables unless they carry explicit roles.
  // Every part renders with its role; the table element itself is Radix's, inside its scroll area.
  React.useLayoutEffect(() => {
    tableRef.current?.querySelector('table')?.setAttribute('role', 'table');
  }, []);
  React.useEffect(() => {
    const root = tableRef.current;
    const viewport = root?.querySelector<HTMLElement>('.rt-ScrollAreaViewport');
    if (!root || !viewport) return;
    const markEdges = () => {
      const hidden = viewport.scrollWidth - viewport.clientWidth;
      root.toggleAttribute('data-more-end', Math.abs(viewport.scrollLeft) < hidden - 1);
    };
    const update = () => {
      const scrollable =
        viewport.scrollWidth > viewport.clientWidth + 1 ||
        viewport.scrollHeight > viewport.clientHeight + 1;
      if (scrollable) {
        viewport.tabIndex = 0;
        viewport.setAttribute('role', 'region');
        viewport.setAttribute('aria-label', caption);
      } else {
        viewport.removeAttribute('tabindex');
        viewport.removeAttribute('role');
        viewport.removeAttribute('aria-label');
      }
      markEdges();
    };
    update();
    viewport.addEventListener('scroll', markEdges, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(viewport);
    if (viewport.firstElementChild) observer?.observe(viewport.firstElementChild);
    return () => {
      viewport.removeEventListener('scroll', markEdges);
      observer?.disconnect();
    };
  }, [caption]);

  return (
    <div
      ref={ref}
      data-slot="data-table"
      className={dataTableVariants({ variant, density, className })}
      data-selectable={selectable ? '' : undefined}
      data-layout={layout === 'auto' ? undefined : layout}
      {...rest}
    >
      {filterable.length > 0 ? (
        <div
          className="vd-data-table__filters"
          role="group"
          aria-label={`Filter ${caption}`}
          data-slot="data-table-filters"
        >
          {filterable.map((column) =>
            column.filter!.type === 'select' ? (
              // The browser's own select: a table page loads no popover code for its filters.
              <NativeSelect
                key={column.id}
                size="md"
                fullWidth={false}
                className="vd-data-table__filter"
                aria-label={column.filterLabel ?? column.id}
                value={filters[column.id] ?? ''}
                onChange={(event) => setFilter(column.id, event.currentTarget.value)}
                options={[
                  {
                    value: '',
                    label: `All ${(column.filterLabel ?? column.id).toLowerCase()}s`,
                  },
                  ...column.filter!.options,
                ]}
              />
            ) : (
              <TextField.Root
                key={column.id}
                size="2"
                type="search"
                className="vd-data-table__filter"
                aria-label={`Filter by ${(column.filterLabel ?? column.id).toLowerCase()}`}
                placeholder={`Filter by ${(column.filterLabel ?? column.id).toLowerCase()}`}
                value={filters[column.id] ?? ''}
                onChange={(event) => setFilter(column.id, event.currentTarget.value)}
              />
            ),
          )}
        </div>
      ) : null}
      {selectable && bulkActions && selected.length > 0 ? (
        <div
          className="vd-data-table__bulk"
          role="toolbar"
          aria-label="Bulk actions"
          data-slot="data-table-bulk-actions"
        >
          <Text size="2" weight="medium" role="status">
            {selected.length} selected
          </Text>
          <div className="vd-data-table__bulk-actions">
            {bulkActions(selectedRows, clearSelection)}
          </div>
          <button type="button" className="vd-data-table__bulk-clear" onClick={clearSelection}>
            Clear selection
          </button>
        </div>
      ) : null}
      <Table.Root
        ref={tableRef}
        variant={variant === 'ghost' ? 'ghost' : 'surface'}
        size={density === 'compact' ? '1' : '2'}
      >
        <caption
          data-slot="data-table-caption"
          data-visible={showCaption ? '' : undefined}
          className="vd-data-table__caption"
        >
          {showCaption ? caption : <VisuallyHidden>{caption}</VisuallyHidden>}
        </caption>
        <Table.Header role="rowgroup" data-slot="data-table-header">
          <Table.Row role="row">
            {selectable ? (
              <Table.ColumnHeaderCell
                role="columnheader"
                className="vd-data-table__select"
                data-slot="data-table-select-all"
              >
                <Checkbox
                  aria-label="Select all rows on this page"
                  disabled={loading || pageIds.length === 0}
                  checked={
                    pageSelected === 0
                      ? false
                      : pageSelected === pageIds.length
                        ? true
                        : 'indeterminate'
                  }
                  onCheckedChange={(checked) => togglePage(checked === true)}
                />
              </Table.ColumnHeaderCell>
            ) : null}
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : undefined;
              const Icon = direction ? sortIcons[direction] : CaretSortIcon;
              return (
                <Table.ColumnHeaderCell
                  key={column.id}
                  role="columnheader"
                  scope="col"
                  aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                  justify={column.align}
                  width={column.width}
                  data-wrap={column.wrap ? '' : undefined}
                  data-slot="data-table-column-header"
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="vd-data-table__sort"
                      data-active={direction ? '' : undefined}
                      onClick={() => onHeaderActivate(column.id)}
                      data-slot="data-table-sort-button"
                    >
                      {column.header}
                      <Icon aria-hidden className="vd-data-table__sort-icon" />
                    </button>
                  ) : (
                    column.header
                  )}
                </Table.ColumnHeaderCell>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body role="rowgroup" aria-busy={loading || undefined} data-slot="data-table-body">
          {loading ? (
            Array.from({ length: loadingRows }, (_, i) => (
              <Table.Row key={`loading-${i}`} role="row" data-slot="data-table-row" data-loading="">
                {selectable ? <Table.Cell role="cell" className="vd-data-table__select" /> : null}
                {columns.map((column) => (
                  <Table.Cell
                    key={column.id}
                    role="cell"
                    justify={column.align}
                    data-label={stackedLabel(column)}
                  >
                    <Skeleton shape="text" width={i % 2 ? '60%' : '80%'} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          ) : empty ? (
            <Table.Row role="row" data-slot="data-table-empty">
              <Table.Cell role="cell" colSpan={columnCount}>
                {rows.length > 0 ? (
                  <EmptyState
                    size="1"
                    headingLevel={emptyHeadingLevel}
                    title="No matching rows"
                    description="No row matches the filters. Change or clear them to see more."
                  />
                ) : (
                  (emptyState ?? (
                    <EmptyState
                      size="1"
                      headingLevel={emptyHeadingLevel}
                      title="No results"
                      description="There is nothing to show here yet."
                    />
                  ))
                )}
              </Table.Cell>
            </Table.Row>
          ) : (
            visible.map((row) => {
              const id = getRowId(row);
              const isSelected = selectedSet.has(id);
              return (
                <Table.Row
                  key={id}
                  role="row"
                  data-slot="data-table-row"
                  data-state={isSelected ? 'selected' : undefined}
                >
                  {selectable ? (
                    <Table.Cell role="cell" className="vd-data-table__select">
                      <Checkbox
                        aria-label={`Select ${getRowLabel ? getRowLabel(row) : `row ${pageIds.indexOf(id) + first}`}`}
                        checked={isSelected}
                        onCheckedChange={(checked) => toggleRow(id, checked === true)}
                      />
                    </Table.Cell>
                  ) : null}
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <Table.RowHeaderCell
                        key={column.id}
                        role="rowheader"
                        justify={column.align}
                        data-wrap={column.wrap ? '' : undefined}
                      >
                        {column.cell(row)}
                      </Table.RowHeaderCell>
                    ) : (
                      <Table.Cell
                        key={column.id}
                        role="cell"
                        justify={column.align}
                        data-wrap={column.wrap ? '' : undefined}
                        data-label={stackedLabel(column)}
                        data-actions={column.actions ? '' : undefined}
                      >
                        {column.cell(row)}
                      </Table.Cell>
                    ),
                  )}
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
      {loading ? <VisuallyHidden role="status">Loading {caption}…</VisuallyHidden> : null}
      {/* The range and the page links only when there is more than one page: "1–8 of 8" under a
          table that shows all its rows says nothing. */}
      {paginated && !loading && pageCount > 1 ? (
        <div className="vd-data-table__footer" data-slot="data-table-footer">
          <Text size="1" color="gray" role="status" data-slot="data-table-range">
            {first}–{last} of {total}
          </Text>
          <Pagination
            size="1"
            page={currentPage}
            pageCount={pageCount}
            onPageChange={setPage}
            label={`${caption} pages`}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A table of rows with sortable columns (`aria-sort` on the headers, sort buttons reachable by
 * keyboard), pagination (client-side, or server-side with `rowCount`), and loading and empty states.
 * In a container narrower than 560px its rows stack into blocks of "Label: value" lines instead of
 * scrolling sideways (see `layout`, and the columns' `label` and `actions`).
 */
export const DataTable = React.forwardRef(DataTableImpl) as <T>(
  props: DataTableProps<T> & { ref?: React.Ref<HTMLDivElement> },
) => React.ReactElement | null;
