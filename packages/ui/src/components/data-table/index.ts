export {
  DataTable,
  dataTableVariants,
  type DataTableColumn,
  type DataTableProps,
} from './data-table';
export {
  compareSortValues,
  nextSort,
  pageCountFor,
  pageRows,
  sortRows,
  type SortDirection,
  type SortState,
  type SortValue,
} from './data-table-model';
