import { Button } from '@verdant/ui';
import { Link } from 'react-router';
import { itemCount, useCart } from '../lib/cart.ts';

// What the shop's pages share: the product list and a product's page each load only this, not
// each other.

/** The cart's entry point, shown on the shop pages. */
export function CartButton() {
  const count = itemCount(useCart());
  return (
    <Button asChild variant="secondary">
      <Link to="/cart">{count === 0 ? 'Cart' : `Cart (${count})`}</Link>
    </Button>
  );
}
