import { Flex, Text } from '@radix-ui/themes';
import type { RevenueMonth } from '@verdant/api-client';
import {
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  Prose,
  type DataTableColumn,
} from '@verdant/ui';
import { BarChart, compactCurrencyTick } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    cents / 100,
  );
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(month),
  );
const share = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '–';

const COLUMNS: readonly DataTableColumn<RevenueMonth>[] = [
  { id: 'month', header: 'Month', cell: (r) => monthName(r.month), rowHeader: true },
  { id: 'orders', header: 'Orders', cell: (r) => r.orders, align: 'end' },
  { id: 'gross', header: 'Sales', cell: (r) => money(r.gross_cents, r.currency), align: 'end' },
  {
    id: 'merchant',
    header: 'Merchants',
    cell: (r) =>
      `${money(r.merchant_cents, r.currency)} (${share(r.merchant_cents, r.gross_cents)})`,
    align: 'end',
  },
  {
    id: 'affiliate',
    header: 'Affiliates',
    cell: (r) =>
      `${money(r.affiliate_cents, r.currency)} (${share(r.affiliate_cents, r.gross_cents)})`,
    align: 'end',
  },
  {
    id: 'platform',
    header: 'Platform fee',
    cell: (r) =>
      `${money(r.platform_fee_cents, r.currency)} (${share(r.platform_fee_cents, r.gross_cents)})`,
    align: 'end',
  },
  {
    id: 'payment',
    header: 'Payment fees',
    cell: (r) =>
      `${money(r.payment_fee_cents, r.currency)} (${share(r.payment_fee_cents, r.gross_cents)})`,
    align: 'end',
  },
  {
    id: 'refunded',
    header: 'Refunded',
    cell: (r) => money(r.refunded_cents, r.currency),
    align: 'end',
  },
];

/** Real monthly aggregates of the stored revenue split of every paid order. */
export function Component() {
  const months = useQuery({
    queryKey: ['revenue-transparency', 12],
    queryFn: () => api.orders.revenueTransparency(12),
  });
  const rows = months.data ?? [];
  const chart = rows.map((r) => ({
    date: r.month,
    merchants: r.merchant_cents / 100,
    affiliates: r.affiliate_cents / 100,
    platform: r.platform_fee_cents / 100,
    payment: r.payment_fee_cents / 100,
  }));
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Revenue transparency — Verdant</title>
      <PageHeader
        title="Revenue transparency"
        description="Where the money from every sale on Verdant goes, month by month, from the split stored with each paid order."
      />
      <Prose>
        <p>
          Each paid order is split four ways: the merchant’s share, the affiliate’s commission, the
          platform fee and the card payment fee. The figures below add up those stored splits for
          the last twelve months. Months with fewer than three sales are left out so that no single
          merchant’s sale can be read from the totals.
        </p>
      </Prose>
      {months.isError ? (
        <ErrorCard
          message="The figures could not be loaded."
          onRetry={() => void months.refetch()}
          retrying={months.isFetching}
        />
      ) : (
        <>
          <BarChart
            title="Split of sales per month"
            description="Amounts in US dollars"
            data={chart}
            loading={months.isPending}
            // Parts of one whole: every share reads against the same axis, so each bar's height
            // compares with the others' (a second axis would draw the affiliates' share as tall as
            // the merchants').
            series={[
              { key: 'merchants', label: 'Merchants', axis: 'left' },
              { key: 'affiliates', label: 'Affiliates', axis: 'left' },
              { key: 'platform', label: 'Platform fee', axis: 'left' },
              { key: 'payment', label: 'Payment fees', axis: 'left' },
            ]}
            formatTick={compactCurrencyTick('USD')}
            formatValue={(value) =>
              new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(value)
            }
            // One bar group per month, named by its month.
            formatDate={(date) =>
              new Intl.DateTimeFormat('en', {
                month: 'short',
                year: 'numeric',
                timeZone: 'UTC',
              }).format(date)
            }
            emptyState={<EmptyState title="No month with enough sales yet" />}
          />
          <DataTable
            caption="Revenue split per month"
            showCaption
            columns={COLUMNS}
            rows={rows}
            loading={months.isPending}
            getRowId={(r) => `${r.month}-${r.currency}`}
            emptyState={<Text color="gray">No month with at least three sales yet.</Text>}
          />
        </>
      )}
    </Flex>
  );
}
