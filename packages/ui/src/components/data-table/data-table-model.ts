export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | Date | boolean | null | undefined;

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Orders two sort values: numbers and dates numerically, strings by locale; empty values always last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  const an = a instanceof Date ? a.getTime() : Number(a);
  const bn = b instanceof Date ? b.getTime() : Number(b);
  return an === bn ? 0 : an < bn ? -1 : 1;
}

/**
 * A stably sorted copy of `rows`. Empty values stay at the end in both directions,
 * so flipping the direction never brings blanks to the top.
 */
export function sortRows<T>(
  rows: readonly T[],
  getValue: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: getValue(row) }))
    .sort((x, y) => {
      const xEmpty = x.value === null || x.value === undefined || x.value === '';
      const yEmpty = y.value === null || y.value === undefined || y.value === '';
      if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.index - y.index : xEmpty ? 1 : -1;
      return sign * compareSortValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** The next sort when a column header is activated: ascending, then descending, then back to ascending. */
export function nextSort(current: SortState | null, columnId: string): SortState {
  if (current?.columnId === columnId && current.direction === 'ascending') {
    return { columnId, direction: 'descending' };
  }
  return { columnId, direction: 'ascending' };
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The rows of 1-based `page`; a page past the end yields the last page. */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const size = Math.max(1, Math.floor(pageSize));
  const last = pageCountFor(rows.length, size);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return rows.slice((current - 1) * size, current * size);
}

/** Filter values by column id; an empty string means no filter on that column. */
export type ColumnFilters = Readonly<Record<string, string>>;

/**
 * The rows that pass every active filter. `text` filters match case-insensitively anywhere in the
 * column's filter value; `select` filters match it exactly.
 */
export function filterRows<T>(
  rows: readonly T[],
  columns: readonly {
    id: string;
    filter?: { type: 'text' | 'select' };
    filterValue?: (row: T) => string;
  }[],
  filters: ColumnFilters,
): T[] {
  const active = columns.filter(
    (column) => column.filter && column.filterValue && (filters[column.id] ?? '').trim() !== '',
  );
  if (active.length === 0) return [...rows];
  return rows.filter((row) =>
    active.every((column) => {
      const wanted = filters[column.id]!.trim();
      const value = column.filterValue!(row);
      return column.filter!.type === 'select'
        ? value === wanted
        : value.toLowerCase().includes(wanted.toLowerCase());
    }),
  );
}
