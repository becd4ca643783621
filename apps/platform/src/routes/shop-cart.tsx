import { ApiError } from '@verdant/api-client';
import { Box, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import {
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  TextInput,
  formatPrice,
} from '@verdant/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import {
  MAX_QUANTITY,
  cartStore,
  checkoutItems,
  groupByMerchant,
  lineTotal,
  removeFromCart,
  setQuantity,
  useCart,
  type MerchantGroup,
} from '../lib/cart.ts';
import { errorMessage } from './vendor-format.ts';

/** What the merchant has of a product: a count, null for no limit, undefined while unknown. */
type StockOf = (productId: string) => number | null | undefined;

/** The message for a line that asks for more than the merchant has, or undefined. */
function stockProblem(quantity: number, stock: number | null | undefined): string | undefined {
  if (typeof stock !== 'number' || quantity <= stock) return undefined;
  return stock === 0 ? 'Out of stock: remove it to check out' : `Only ${stock} in stock`;
}

function MerchantCheckout({ group, stockOf }: { group: MerchantGroup; stockOf: StockOf }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const overStock = group.lines.some((line) =>
    stockProblem(line.quantity, stockOf(line.productId)),
  );
  // Back from the checkout page into a page the browser kept (back-forward cache): ready again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', ready);
    return () => window.removeEventListener('pageshow', ready);
  }, []);

  const onCheckout = async () => {
    // More than the merchant has: said at the quantity, which takes the focus; nothing is sent.
    if (overStock) {
      listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const { lines } = group;
    // The cart's idempotency key (kept in this browser): a second click, a retry after a lost
    // answer or a return with the Back button reopens the order this cart started.
    const start = () =>
      api.checkout.createOrderCheckout(
        { items: checkoutItems(lines) },
        { siteUrl: window.location.origin, idempotencyKey: cartStore.checkoutKey(lines) },
      );
    try {
      let session;
      try {
        session = await start();
      } catch (caught) {
        const code = caught instanceof ApiError ? caught.upstreamCode : undefined;
        if (code !== 'checkout_closed' && code !== 'idempotency_key_reused') throw caught;
        // That checkout cannot be reopened (it expired, or was started signed in as someone
        // else): this one is new.
        cartStore.forgetCheckoutKey(lines);
        session = await start();
      }
      cartStore.rememberCheckout(session.orderId, lines);
      window.location.assign(session.url);
    } catch (caught) {
      // Paid already: buying the same again is a new checkout.
      if (caught instanceof ApiError && caught.upstreamCode === 'checkout_completed')
        cartStore.forgetCheckoutKey(lines);
      setError(
        caught instanceof ApiError && caught.code === 'network'
          ? 'The connection dropped before the checkout opened. Try again: the same order is reopened, never placed twice.'
          : errorMessage(caught),
      );
      setBusy(false);
    }
  };

  return (
    <Card size="lg">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {group.merchantName}
        </Heading>
        <Flex asChild direction="column" gap="3">
          <ul
            ref={listRef}
            aria-label={`Products from ${group.merchantName}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {group.lines.map((line) => {
              const stock = stockOf(line.productId);
              return (
                <li key={line.productId}>
                  <Flex gap="3" align="end" wrap="wrap" justify="between">
                    <Box style={{ minWidth: 180, flex: 1 }}>
                      <Link to={`/shop/${line.slug}`}>{line.name}</Link>
                      <Text as="p" size="2" color="gray">
                        {formatPrice(line.priceCents, line.currency)} each
                      </Text>
                    </Box>
                    <Box style={{ width: 150 }}>
                      <Field
                        label={
                          <>
                            Quantity<VisuallyHidden> of {line.name}</VisuallyHidden>
                          </>
                        }
                        error={stockProblem(line.quantity, stock)}
                      >
                        <TextInput
                          type="number"
                          min={1}
                          max={
                            typeof stock === 'number'
                              ? Math.max(1, Math.min(MAX_QUANTITY, stock))
                              : MAX_QUANTITY
                          }
                          value={String(line.quantity)}
                          onChange={(event) => {
                            const value = Number.parseInt(event.target.value, 10);
                            if (Number.isFinite(value) && value >= 1)
                              cartStore.update((cart) => setQuantity(cart, line.productId, value));
                          }}
                        />
                      </Field>
                    </Box>
                    <Text weight="bold">{formatPrice(lineTotal(line), line.currency)}</Text>
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${line.name}`}
                      onClick={() =>
                        cartStore.update((cart) => removeFromCart(cart, line.productId))
                      }
                    >
                      Remove
                    </Button>
                  </Flex>
                </li>
              );
            })}
          </ul>
        </Flex>
        {error ? (
          <ErrorCard align="start" title="The checkout could not start" message={error} />
        ) : null}
        <Flex justify="between" align="center" wrap="wrap" gap="3">
          <Text size="4" weight="bold">
            Total {formatPrice(group.totalCents, group.currency)}
          </Text>
          <Button
            onClick={() => void onCheckout()}
            loading={busy}
            // A long merchant name wraps inside the button instead of pushing it past the card.
            style={{
              maxWidth: '100%',
              height: 'auto',
              minHeight: 'var(--base-button-height)',
              paddingBlock: 'var(--space-1)',
              whiteSpace: 'normal',
            }}
          >
            {`Check out with ${group.merchantName}`}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** /cart: the products chosen in this browser, checked out one merchant at a time. */
export function Component() {
  const cart = useCart();
  const groups = groupByMerchant(cart);
  // What the merchants have now, so a quantity above it is said here rather than at checkout.
  const ids = [...new Set(groups.flatMap((g) => g.lines.map((line) => line.productId)))].sort();
  const products = useQuery({
    queryKey: ['products', 'cart-stock', ids],
    queryFn: () => api.products.listByIds(ids),
    enabled: ids.length > 0,
  });
  const stock = new Map((products.data ?? []).map((p) => [p.id, p.stock] as const));
  const stockOf: StockOf = (productId) => stock.get(productId);
  return (
    <Flex direction="column" gap="5">
      <title>Cart — Verdant</title>
      <PageHeader
        title="Cart"
        breadcrumbs={<Link to="/shop">Shop</Link>}
        description={
          groups.length > 1
            ? 'Each merchant is paid in its own checkout.'
            : 'Prices are confirmed at checkout.'
        }
      />
      {groups.length === 0 ? (
        <EmptyState
          bordered
          illustration="products"
          headingLevel={2}
          title="Your cart is empty"
          description="Add products from the shop; they stay here when you come back."
          action={
            <Button asChild>
              <Link to="/shop">Go to the shop</Link>
            </Button>
          }
        />
      ) : (
        groups.map((group) => (
          <MerchantCheckout
            key={`${group.merchantId}:${group.currency}`}
            group={group}
            stockOf={stockOf}
          />
        ))
      )}
    </Flex>
  );
}
