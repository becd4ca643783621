export {
  DataTable,
  dataTableVariants,
  type DataTableColumn,
  type DataTableProps,
} from './data-table';
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
} from './data-table-model';
