import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, PageHeader, formatPrice } from '@verdant/ui';
import { isUuid } from '@verdant/validation';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { cartStore, lineTotal, type CheckoutRecord } from '../lib/cart.ts';

function OrderSummary({ orderId }: { orderId: string }) {
  const { isAuthenticated } = useAuth();
  // The lines this browser started the checkout with; read once, before they leave the cart.
  const [record] = useState<CheckoutRecord | undefined>(() => cartStore.checkout(orderId));
  useEffect(() => {
    cartStore.completeCheckout(orderId);
  }, [orderId]);
  // Signed-in buyers can read the stored order (row-level security: buyer, merchant, admin).
  const order = useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => api.orders.get(orderId),
    enabled: isAuthenticated,
    retry: false,
  });

  const lines = order.data
    ? order.data.order_items.map((item) => ({
        key: item.id,
        name: item.product_name,
        quantity: item.quantity,
        totalCents: item.line_total_cents,
      }))
    : (record?.lines.map((line) => ({
        key: line.productId,
        name: line.name,
        quantity: line.quantity,
        totalCents: lineTotal(line),
      })) ?? []);
  const currency = order.data?.currency ?? record?.lines[0]?.currency ?? 'USD';
  const total = order.data?.total_cents ?? lines.reduce((sum, line) => sum + line.totalCents, 0);

  return (
    <Card size="lg">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Heading as="h2" size="4">
            Order {orderId.slice(0, 8).toUpperCase()}
          </Heading>
          {order.data ? <Badge tone="success">{order.data.status}</Badge> : null}
        </Flex>
        {lines.length === 0 ? (
          <Text size="2" color="gray">
            The order was paid. Its details are in the confirmation email and, when you are signed
            in, in your account.
          </Text>
        ) : (
          <>
            <Flex asChild direction="column" gap="2">
              <ul
                aria-label="Ordered products"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {lines.map((line) => (
                  <li key={line.key}>
                    <Flex justify="between" gap="3">
                      <Text>
                        {line.quantity} × {line.name}
                      </Text>
                      <Text>{formatPrice(line.totalCents, currency)}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
            <Flex justify="between">
              <Text weight="bold">Total</Text>
              <Text weight="bold">{formatPrice(total, currency)}</Text>
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}

/** /payment-success: after a paid order (?order=) or a started subscription (?subscription=). */
export function Component() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const tierId = params.get('subscription');
  const tier = api.subscriptions.tiers.find((entry) => entry.id !== null && entry.id === tierId);
  const validOrder = isUuid(orderId);

  return (
    <Flex direction="column" gap="5">
      <title>{validOrder || tier ? 'Payment received — Verdant' : 'Payment — Verdant'}</title>
      <PageHeader
        title={validOrder || tier ? 'Thank you, payment received' : 'Payment'}
        description={
          validOrder
            ? 'Your order is confirmed. The merchant ships it and emails you the tracking details.'
            : tier
              ? `Your ${tier.name} subscription is active; it renews monthly until you cancel.`
              : 'There is no payment to show for this address.'
        }
      />
      {validOrder ? <OrderSummary orderId={orderId} /> : null}
      <Box>
        <Flex gap="3" wrap="wrap">
          {tier ? (
            // A new plan is put to use on the dashboard; the profile shows the plan itself.
            <>
              <Button asChild>
                <Link to={tier.audience === 'merchant' ? '/dashboard-vendor' : '/dashboard'}>
                  Go to your dashboard
                </Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/profile">Your plan</Link>
              </Button>
            </>
          ) : (
            <Button asChild>
              <Link to="/shop">Continue shopping</Link>
            </Button>
          )}
        </Flex>
      </Box>
    </Flex>
  );
}
