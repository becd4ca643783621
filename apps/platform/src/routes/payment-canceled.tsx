import { Box, Flex } from '@radix-ui/themes';
import { Button, PageHeader } from '@verdant/ui';
import { Link, useSearchParams } from 'react-router';

/** /payment-canceled: the shopper left the checkout; the cart is kept as it was. */
export function Component() {
  const [params] = useSearchParams();
  const fromOrder = params.has('order');
  return (
    <Flex direction="column" gap="5">
      <title>Payment canceled — Verdant</title>
      <PageHeader
        title="Payment canceled"
        description={
          fromOrder
            ? 'Nothing was charged. Your cart still holds the products, so you can check out again.'
            : 'Nothing was charged. You can choose a plan again at any time.'
        }
      />
      <Box>
        <Flex gap="3" wrap="wrap">
          <Button asChild>
            <Link to={fromOrder ? '/cart' : '/pricing'}>
              {fromOrder ? 'Back to your cart' : 'Back to pricing'}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/shop">Continue shopping</Link>
          </Button>
        </Flex>
      </Box>
    </Flex>
  );
}
