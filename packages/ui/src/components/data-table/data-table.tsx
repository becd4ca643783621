import * as React from 'react';
import { Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { CaretDownIcon, CaretSortIcon, CaretUpIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { EmptyState } from '../empty-state';
import { Pagination } from '../pagination';
import { Skeleton } from '../skeleton';
import {
  nextSort,
  pageCountFor,
  pageRows,
  sortRows,
  type SortState,
  type SortValue,
} from './data-table-model';

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
}

function useControllable<V>(controlled: V | undefined, initial: V, onChange?: (value: V) => void) {
  const [own, setOwn] = React.useState(initial);
  const value = controlled === undefined ? own : controlled;
  const setValue = React.useCallback(
    (next: V) => {
      if (controlled === undefined) setOwn(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [value, setValue] as const;
}

const sortIcons = { ascending: CaretUpIcon, descending: CaretDownIcon } as const;

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
    variant,
    density,
    className,
    ...rest
  }: DataTableProps<T>,
  ref: React.ForwardedRef<HTMLDivElement>,
) {
  const [sort, setSort] = useControllable<SortState | null>(
    sortProp,
    defaultSort,
    onSortChange as ((s: SortState | null) => void) | undefined,
  );
  const [page, setPage] = useControllable(pageProp, defaultPage, onPageChange);

  const serverSide = rowCount !== undefined;
  const sorted = React.useMemo(() => {
    const column = sort ? columns.find((c) => c.id === sort.columnId) : undefined;
    return !serverSide && column?.sortValue && sort
      ? sortRows(rows, column.sortValue, sort.direction)
      : [...rows];
  }, [rows, columns, sort, serverSide]);

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

  const empty = !loading && rows.length === 0;

  return (
    <div
      ref={ref}
      data-slot="data-table"
      className={dataTableVariants({ variant, density, className })}
      {...rest}
    >
      <Table.Root
        variant={variant === 'ghost' ? 'ghost' : 'surface'}
        size={density === 'compact' ? '1' : '2'}
      >
        <caption data-slot="data-table-caption" className="vd-data-table__caption">
          {showCaption ? caption : <VisuallyHidden>{caption}</VisuallyHidden>}
        </caption>
        <Table.Header data-slot="data-table-header">
          <Table.Row>
            {columns.map((column) => {
              const direction = sort?.columnId === column.id ? sort.direction : undefined;
              const Icon = direction ? sortIcons[direction] : CaretSortIcon;
              return (
                <Table.ColumnHeaderCell
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                  justify={column.align}
                  style={column.width ? { width: column.width } : undefined}
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
        <Table.Body aria-busy={loading || undefined} data-slot="data-table-body">
          {loading ? (
            Array.from({ length: loadingRows }, (_, i) => (
              <Table.Row key={`loading-${i}`} data-slot="data-table-row" data-loading="">
                {columns.map((column) => (
                  <Table.Cell key={column.id} justify={column.align}>
                    <Skeleton shape="text" width={i % 2 ? '60%' : '80%'} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          ) : empty ? (
            <Table.Row data-slot="data-table-empty">
              <Table.Cell colSpan={columns.length}>
                {emptyState ?? (
                  <EmptyState
                    size="1"
                    title="No results"
                    description="There is nothing to show here yet."
                  />
                )}
              </Table.Cell>
            </Table.Row>
          ) : (
            visible.map((row) => (
              <Table.Row key={getRowId(row)} data-slot="data-table-row">
                {columns.map((column) =>
                  column.rowHeader ? (
                    <Table.RowHeaderCell key={column.id} justify={column.align}>
                      {column.cell(row)}
                    </Table.RowHeaderCell>
                  ) : (
                    <Table.Cell key={column.id} justify={column.align}>
                      {column.cell(row)}
                    </Table.Cell>
                  ),
                )}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
      {loading ? <VisuallyHidden role="status">Loading {caption}…</VisuallyHidden> : null}
      {paginated && !loading && total > 0 ? (
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
 */
export const DataTable = React.forwardRef(DataTableImpl) as <T>(
  props: DataTableProps<T> & { ref?: React.Ref<HTMLDivElement> },
) => React.ReactElement | null;
