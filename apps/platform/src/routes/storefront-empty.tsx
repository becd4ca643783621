import { EmptyState } from '@verdant/ui';

/** What a storefront without products shows in place of its grid. */
export default function StorefrontEmpty() {
  return <EmptyState title="No products here yet" />;
}
