import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import {
  MERCHANT_ORDER_STATUSES,
  type MerchantOrder,
  type MerchantOrderStatus,
} from '@verdant/api-client';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  type DataTableColumn,
} from '@verdant/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { addressLines } from '../lib/shipping-address.ts';
import { useAddressParams } from '../lib/address-params.ts';
import { errorMessage, formatDateTime, formatMoney } from './vendor-format.ts';

const PAGE_SIZE = 20;
const ALL = 'all';

const STATUS_LABEL: Record<
  MerchantOrderStatus,
  { label: string; tone: 'success' | 'warning' | 'neutral' }
> = {
  paid: { label: 'Paid', tone: 'success' },
  partially_refunded: { label: 'Partially refunded', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

const isStatus = (value: string | null): value is MerchantOrderStatus =>
  (MERCHANT_ORDER_STATUSES as readonly string[]).includes(value ?? '');

/** The short reference the buyer sees on the payment-success page ("Order 3F2A9C1B"). */
const reference = (order: MerchantOrder) => order.id.slice(0, 8).toUpperCase();

/** Lines of text, one under the other, none cut off (the column wraps). */
function Lines({ lines, label }: { lines: readonly string[]; label: string }) {
  return (
    <Flex asChild direction="column" gap="0">
      <ul aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line, index) => (
          <li key={index}>
            <Text size="2">{line}</Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

// Four columns, two of them wrapping, so that the whole row (the address above all) fits beside
// the sidebar at 1280 px without scrolling sideways; the status sits with the order, the buyer's
// email with the address it belongs to.
const columns: readonly DataTableColumn<MerchantOrder>[] = [
  {
    id: 'order',
    header: 'Order',
    rowHeader: true,
    cell: (o) => (
      <Flex direction="column" gap="1" align="start">
        <Text weight="medium">{reference(o)}</Text>
        <Text size="1" color="gray">
          {formatDateTime(o.paid_at ?? o.created_at)}
        </Text>
        <Badge tone={STATUS_LABEL[o.status].tone}>{STATUS_LABEL[o.status].label}</Badge>
      </Flex>
    ),
  },
  {
    id: 'items',
    header: 'Items',
    cell: (o) => (
      <Lines
        label={`Items of order ${reference(o)}`}
        lines={o.items.map(
          (item) =>
            `${item.quantity} × ${item.product_name} at ${formatMoney(item.unit_price_cents, o.currency)}`,
        )}
      />
    ),
    wrap: true,
  },
  {
    id: 'total',
    header: 'Total',
    align: 'end',
    cell: (o) => (
      <Flex direction="column" gap="0" align="end">
        <Text>{formatMoney(o.total_cents, o.currency)}</Text>
        {o.refunded_cents > 0 ? (
          <Text size="1" color="gray">
            {formatMoney(o.refunded_cents, o.currency)} refunded
          </Text>
        ) : null}
      </Flex>
    ),
  },
  {
    id: 'ship-to',
    header: 'Ship to',
    cell: (o) => (
      <Flex direction="column" gap="1">
        {o.shipping_address ? (
          <Lines
            label={`Shipping address of order ${reference(o)}`}
            lines={addressLines(o.shipping_address)}
          />
        ) : (
          // Orders paid before checkouts asked for an address.
          <Text size="2" color="gray">
            No address given; ask the buyer by email.
          </Text>
        )}
        <Text size="1" color="gray">
          {o.buyer_email ? `Buyer: ${o.buyer_email}` : 'Buyer’s email not given'}
        </Text>
      </Flex>
    ),
    wrap: true,
  },
];

/**
 * The merchant's orders to ship (/vendor/orders): paid, partially refunded and refunded orders
 * of its products, newest payment first, each with what was bought, the total, the buyer's email
 * and the address to ship to. The status and the page are in the address (?status=, ?page=), so
 * a reload, Back and a shared link keep them.
 */
export function Component() {
  const { params, page, update, setPage } = useAddressParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;

  const orders = useQuery({
    queryKey: ['vendor', 'orders', { status, page }],
    queryFn: () =>
      api.orders.listForMerchant({
        ...(status ? { status } : {}),
        page: page - 1,
        pageSize: PAGE_SIZE,
      }),
    // The current page stays until the next one has loaded: the table does not blank between pages.
    placeholderData: keepPreviousData,
  });
  // A page past the last (an old bookmark, a list that shrank) becomes the last page.
  const pageCount = Math.ceil((orders.data?.total ?? 0) / PAGE_SIZE);
  const pastTheEnd = orders.isSuccess && !orders.isPlaceholderData && page > Math.max(1, pageCount);
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(1, pageCount), { replace: true });
  });

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Orders — Verdant</title>
      <PageHeader
        title="Orders"
        description="Paid orders of your products, newest first, with the address each buyer gave at checkout. Refunded orders stay listed so you know not to ship them."
      />
      <Grid columns={{ initial: '1', sm: '2fr 3fr' }} gap="3" align="end">
        <Field label="Status">
          <NativeSelect
            value={status ?? ALL}
            onChange={(event) =>
              update({ status: event.target.value === ALL ? null : event.target.value })
            }
            options={[
              { value: ALL, label: 'All orders' },
              ...MERCHANT_ORDER_STATUSES.map((value) => ({
                value,
                label: STATUS_LABEL[value].label,
              })),
            ]}
          />
        </Field>
      </Grid>
      {orders.isError ? (
        <ErrorCard message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
      ) : (
        <DataTable
          caption="Your orders"
          columns={columns}
          rows={orders.data?.rows ?? []}
          rowCount={orders.data?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          loading={orders.isPending}
          getRowId={(o) => o.id}
          emptyState={
            status ? (
              <EmptyState
                title="No orders match"
                description={`None of your orders has the status “${STATUS_LABEL[status].label}”.`}
                headingLevel={2}
                action={
                  <Button size="sm" variant="secondary" onClick={() => update({ status: null })}>
                    Show all orders
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="No orders yet"
                description="Orders appear here as soon as a shopper pays for one of your products."
                // The level under the page's h1: the table's caption is no heading.
                headingLevel={2}
                action={
                  <Box>
                    <Button asChild size="sm" variant="secondary">
                      <Link to="/vendor/products">Your products</Link>
                    </Button>
                  </Box>
                }
              />
            )
          }
        />
      )}
    </Flex>
  );
}
