export { Pagination, paginationVariants, type PaginationProps } from './pagination.tsx';
export { paginationRange, type PaginationItem } from './pagination-range.ts';
