export {
  DataTable,
  dataTableVariants,
  type DataTableColumn,
  type DataTableProps,
} from './data-table.tsx';
export {
  compareSortValues,
  filterRows,
  nextSort,
  pageCountFor,
  pageRows,
  sortRows,
  type ColumnFilters,
  type SortDirection,
  type SortState,
  type SortValue,
} from './data-table-model.ts';
