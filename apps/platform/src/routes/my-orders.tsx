import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Purchase } from '@verdant/api-client';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  ErrorCard,
  PageHeader,
  Pagination,
  Skeleton,
} from '@verdant/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { useAddressParams } from '../lib/address-params.ts';
import { addressLines } from '../lib/shipping-address.ts';
import {
  awaitingConfirmation,
  orderReference,
  purchaseDate,
  purchaseStatus,
} from './my-orders-status.ts';
import { errorMessage, formatDate, formatMoney } from './vendor-format.ts';

const PAGE_SIZE = 20;
/** While an order's payment may be confirmed any moment, the list asks again this often. */
const CONFIRM_POLL_MS = 15_000;
/** `?show=all`: the checkouts that ended unpaid too. */
const SHOW_PARAM = 'show';
const SHOW_ALL = 'all';

const bareList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Lines of text, one under the other, none cut off. */
function Lines({ lines, label }: { lines: readonly string[]; label: string }) {
  return (
    <Flex asChild direction="column" gap="0">
      <ul aria-label={label} style={bareList}>
        {lines.map((line, index) => (
          <li key={index}>
            <Text size="2">{line}</Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/** One order: what was bought from whom, when, for how much, its status and where it ships. */
function OrderCard({ order }: { order: Purchase }) {
  const reference = orderReference(order.id);
  const status = purchaseStatus(order);
  const date = purchaseDate(order);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const headingId = `order-${order.id}`;
  // Orders paid before checkouts asked for an address have none; unpaid ones never get one.
  const paid = order.paid_at !== null;
  return (
    <Card asChild size="md">
      <article aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" minWidth="0">
              <Heading as="h2" size="4" id={headingId}>
                Order {reference}
              </Heading>
              <Text size="2" color="gray">
                {date.label} <time dateTime={date.iso}>{formatDate(date.iso)}</time>
                {' · '}
                {order.merchant_name
                  ? `from ${order.merchant_name}`
                  : 'from a merchant no longer in the shop'}
              </Text>
            </Flex>
            <Badge tone={status.tone}>{status.label}</Badge>
          </Flex>
          {status.note ? (
            <Text as="p" size="2" color="gray">
              {status.note}
            </Text>
          ) : null}
          <Grid columns={{ initial: '1', sm: '3fr 2fr' }} gapX="6" gapY="4">
            <Flex direction="column" gap="3" minWidth="0">
              <Flex asChild direction="column" gap="2">
                <ul aria-label={`Items of order ${reference}`} style={bareList}>
                  {order.items.map((item, index) => (
                    <li key={index}>
                      <Flex justify="between" align="start" gap="3">
                        <Box minWidth="0" style={{ overflowWrap: 'anywhere' }}>
                          <Text as="div">
                            {item.quantity} ×{' '}
                            {item.product_slug ? (
                              <Link to={`/shop/${item.product_slug}`}>{item.product_name}</Link>
                            ) : (
                              item.product_name
                            )}
                          </Text>
                          {item.quantity > 1 ? (
                            <Text as="div" size="1" color="gray">
                              {money(item.unit_price_cents)} each
                            </Text>
                          ) : null}
                        </Box>
                        <Text>{money(item.line_total_cents)}</Text>
                      </Flex>
                    </li>
                  ))}
                </ul>
              </Flex>
              <Flex
                direction="column"
                gap="1"
                pt="3"
                style={{ borderTop: '1px solid var(--gray-a5)' }}
              >
                <Flex justify="between" gap="3">
                  <Text weight="bold">Total</Text>
                  <Text weight="bold">{money(order.total_cents)}</Text>
                </Flex>
                {order.refunded_cents > 0 ? (
                  <Flex justify="between" gap="3">
                    <Text size="2" color="gray">
                      Refunded
                    </Text>
                    <Text size="2">{money(order.refunded_cents)}</Text>
                  </Flex>
                ) : null}
              </Flex>
            </Flex>
            {order.shipping_address || paid ? (
              <Flex direction="column" gap="1" minWidth="0">
                <Text size="2" weight="medium" color="gray">
                  Ship to
                </Text>
                {order.shipping_address ? (
                  <Lines
                    label={`Shipping address of order ${reference}`}
                    lines={addressLines(order.shipping_address)}
                  />
                ) : (
                  <Text size="2" color="gray">
                    No address was given at checkout.
                  </Text>
                )}
              </Flex>
            ) : null}
          </Grid>
        </Flex>
      </article>
    </Card>
  );
}

/**
 * /orders: the signed-in buyer's orders, newest first, 20 a page: paid, refunded and those whose
 * payment is under way; the checkouts that ended unpaid only when asked (?show=all), since nothing
 * was charged for them. The page is in the address (?page=), so a reload, Back and a shared link
 * keep it.
 */
export function Component() {
  const { params, page, update, setPage } = useAddressParams();
  const all = params.get(SHOW_PARAM) === SHOW_ALL;
  const listRef = useRef<HTMLDivElement>(null);

  const orders = useQuery({
    queryKey: ['orders', 'mine', { all, page }],
    queryFn: () =>
      api.orders.listPurchases({
        ...(all ? { includeNotCompleted: true } : {}),
        page: page - 1,
        pageSize: PAGE_SIZE,
      }),
    // The current page stays until the next one has loaded: the list does not blank between pages.
    placeholderData: keepPreviousData,
    // A payment confirmed after the shopper came back shows without a reload.
    refetchInterval: (query) =>
      awaitingConfirmation(query.state.data?.rows ?? []) ? CONFIRM_POLL_MS : false,
  });
  // A page past the last (an old bookmark, a list that shrank) becomes the last page.
  const pageCount = Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE);
  const pastTheEnd = orders.isSuccess && !orders.isPlaceholderData && page > Math.max(1, pageCount);
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(1, pageCount), { replace: true });
  });

  const rows = orders.data?.rows ?? [];
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Your orders — Verdant</title>
      <PageHeader
        title="Your orders"
        description="What you have bought in the shop, newest first, with what each order cost and where it ships."
        actions={
          <Button asChild variant="secondary">
            <Link to="/shop">Continue shopping</Link>
          </Button>
        }
      />
      {/* A new buyer's empty page offers the way to the shop, not a filter with nothing to filter. */}
      {all || rows.length > 0 ? (
        <Checkbox
          label="Show checkouts that were not completed"
          description="Checkouts you left, or that ran out of time. Nothing was charged for them."
          checked={all}
          onCheckedChange={(checked) =>
            update({ [SHOW_PARAM]: checked === true ? SHOW_ALL : null })
          }
        />
      ) : null}
      {orders.isError ? (
        <ErrorCard
          message={errorMessage(orders.error, 'Your orders did not load.')}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.isPending ? (
        <Flex direction="column" gap="4" aria-busy="true">
          <Skeleton height="180px" />
          <Skeleton height="180px" />
        </Flex>
      ) : rows.length === 0 ? (
        <EmptyState
          bordered
          illustration="products"
          title="No orders yet"
          description={
            all
              ? 'Orders and checkouts appear here once you check out in the shop.'
              : 'Orders you pay for in the shop appear here, with their items and where they ship.'
          }
          // The level under the page's h1.
          headingLevel={2}
          action={
            <Box>
              <Button asChild size="sm">
                <Link to="/shop">Go to the shop</Link>
              </Button>
            </Box>
          }
        />
      ) : (
        <Flex ref={listRef} direction="column" gap="4" style={{ scrollMarginTop: '80px' }}>
          <Flex asChild direction="column" gap="4">
            <ol aria-label="Your orders" style={bareList}>
              {rows.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ol>
          </Flex>
          <Pagination
            page={page}
            pageCount={pageCount}
            label="Pages of your orders"
            onPageChange={(next) => {
              setPage(next);
              // The next page starts at its first order, not where the last one ended.
              listRef.current?.scrollIntoView({ block: 'start' });
            }}
          />
        </Flex>
      )}
    </Flex>
  );
}
