import { Pagination, type PaginationProps } from '@verdant/ui';

/**
 * The shop's page links: a module of its own, loaded only when the results fill more than one
 * page, so the shop's first page does not carry them. Another page starts at the top of the
 * results, not down at the links: the element `resultsId` names (focusable) takes the focus, which
 * scrolls it into view below the sticky top bar and tells a screen reader where the reader is.
 */
export default function ShopPages({
  resultsId,
  onPageChange,
  ...props
}: PaginationProps & { resultsId: string }) {
  return (
    <Pagination
      {...props}
      onPageChange={(next) => {
        onPageChange(next);
        document.getElementById(resultsId)?.focus();
      }}
    />
  );
}
