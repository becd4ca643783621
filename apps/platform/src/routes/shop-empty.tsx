import { Button, EmptyState } from '@verdant/ui';
import { Link } from 'react-router';

/**
 * What the shop shows when no product is listed: a module of its own, loaded only when it is
 * shown, so the shop's first page does not carry the empty state's illustration.
 */
export default function ShopEmpty({ filtered }: { filtered: boolean }) {
  return (
    <EmptyState
      bordered
      illustration="search"
      title={filtered ? 'No products match' : 'No products yet'}
      description={
        filtered
          ? 'Try other words or another category.'
          : 'Merchants’ products appear here once they are approved.'
      }
      headingLevel={2}
      action={
        filtered ? (
          <Button asChild variant="secondary">
            <Link to="/shop">Show all products</Link>
          </Button>
        ) : undefined
      }
    />
  );
}
