import { Pagination, type PaginationProps } from '@verdant/ui';

/**
 * The shop's page links: a module of its own, loaded only when the results fill more than one
 * page, so the shop's first page does not carry them.
 */
export default function ShopPages(props: PaginationProps) {
  return <Pagination {...props} />;
}
