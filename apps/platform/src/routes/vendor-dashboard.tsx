import { Flex, Grid, Text } from '@radix-ui/themes';
import {
  subscribeToMerchantCommissions,
  type MerchantTopAffiliate,
  type MerchantTopProduct,
} from '@verdant/api-client';
import {
  Button,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  StatCard,
  type DataTableColumn,
} from '@verdant/ui';
import { BarChart, LineChart, compactCurrencyTick } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { useAuth } from '@verdant/auth/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { LiveSales } from './live-sales.tsx';
import {
  errorMessage,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
} from './vendor-format.ts';
import { PeriodPicker, usePeriodParam } from './period-picker.tsx';
import { MerchantApprovalStatus, useMyCompany } from './vendor-approval-status.tsx';

/** The dashboard's queries (one per period): what a new sale makes it read again. */
const VENDOR_DASHBOARD = ['vendor', 'dashboard'] as const;

/** The merchant dashboard (/vendor, /dashboard-vendor): attributed sales, commissions, funnel. */
export function Component() {
  const { user } = useAuth();
  const onboarded = user?.hasCompletedOnboarding === true;
  // Where the company stands with the administrators (rejected, waiting, suspended) heads the page.
  const company = useMyCompany();
  const rejected = company.data?.approval_status === 'rejected';
  const [range, setRange] = usePeriodParam();
  const dashboard = useQuery({
    queryKey: [...VENDOR_DASHBOARD, range],
    queryFn: () => api.vendor.dashboard(Number(range)),
    enabled: onboarded,
  });
  const d = dashboard.data;
  const currency = d?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);

  const affiliateColumns: readonly DataTableColumn<MerchantTopAffiliate>[] = [
    { id: 'name', header: 'Affiliate', cell: (r) => `${r.name} (@${r.username})`, rowHeader: true },
    { id: 'orders', header: 'Sales', cell: (r) => formatCount(r.orders), align: 'end' },
    { id: 'revenue', header: 'Revenue', cell: (r) => money(r.revenue_cents), align: 'end' },
    {
      id: 'commission',
      header: 'Commission',
      cell: (r) => money(r.commission_cents),
      align: 'end',
    },
  ];
  const productColumns: readonly DataTableColumn<MerchantTopProduct>[] = [
    { id: 'name', header: 'Product', cell: (r) => r.product_name, rowHeader: true },
    { id: 'units', header: 'Units', cell: (r) => formatCount(r.units), align: 'end' },
    { id: 'revenue', header: 'Revenue', cell: (r) => money(r.revenue_cents), align: 'end' },
  ];
  const series = (d?.series ?? []).map((day) => ({
    date: day.day,
    clicks: day.clicks,
    sales: day.attributed_orders,
    revenue: day.revenue_cents / 100,
  }));

  if (!onboarded) {
    return (
      <Flex direction="column" gap="5" py="5">
        <title>Merchant dashboard — Verdant</title>
        <PageHeader title="Merchant dashboard" />
        {rejected ? (
          <MerchantApprovalStatus place="dashboard" />
        ) : company.isPending ? null : (
          <EmptyState
            bordered
            title="Finish onboarding to open your dashboard"
            description="Tell us about your company and add evidence for your sustainability claims. Your progress is saved at every step."
            action={
              <Button asChild>
                <Link to="/vendor-onboarding">Continue onboarding</Link>
              </Button>
            }
          />
        )}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Merchant dashboard — Verdant</title>
      <PageHeader
        title="Merchant dashboard"
        description="Sales your affiliates sent, what you owe them, and how clicks turn into sales."
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="secondary">
              <Link to="/vendor/settings">Program settings</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/vendor/products">Products</Link>
            </Button>
            <Button asChild variant="outline">
              {/* A page of the one-sheets app on the same site: a full page load. */}
              <a href="/vendor-one-sheet">Merchant one-sheet</a>
            </Button>
            <Button asChild>
              <Link to="/add-product">Add a product</Link>
            </Button>
          </Flex>
        }
      />
      <MerchantApprovalStatus place="dashboard" />
      <LiveSales
        ownerId={user?.id}
        subscribe={subscribeToMerchantCommissions}
        refresh={VENDOR_DASHBOARD}
        describe={(sale) => ({
          title: `New attributed sale: ${formatMoney(sale.amount_cents, sale.currency)} commission owed`,
          detail: `Due to the affiliate after the holding period, on ${formatDate(sale.available_at)}.`,
        })}
      />
      <PeriodPicker
        label="Dashboard period"
        heading={d ? `Last ${d.days} days` : 'Overview'}
        value={range}
        onChange={setRange}
      />
      {dashboard.isError ? (
        <ErrorCard
          message={errorMessage(dashboard.error, 'The dashboard did not load.')}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <>
          <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
            <StatCard
              label="Attributed sales"
              loading={!d}
              value={d ? money(d.totals.attributed_revenue_cents) : '–'}
              detail={d ? `${formatCount(d.totals.attributed_orders)} orders` : undefined}
            />
            <StatCard
              label="All sales"
              loading={!d}
              value={d ? money(d.totals.revenue_cents) : '–'}
              detail={d ? `${formatCount(d.totals.orders)} orders` : undefined}
            />
            <StatCard
              // Not of the period: what is owed to affiliates today, whenever the sale was made.
              label="Commissions owed now"
              loading={!d}
              value={d ? money(d.totals.commissions_owed_cents) : '–'}
              detail={
                d
                  ? `${money(d.totals.commissions_pending_cents)} pending, ${money(d.totals.commissions_approved_cents)} approved, from any period`
                  : undefined
              }
            />
            <StatCard
              label="Clicks → sales"
              loading={!d}
              value={d ? formatPercent(d.totals.attributed_orders, d.totals.unique_clicks) : '–'}
              detail={
                d
                  ? `${formatCount(d.totals.clicks)} clicks, ${formatCount(d.totals.unique_clicks)} unique`
                  : undefined
              }
            />
          </Grid>
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <LineChart
              title="Clicks and attributed sales per day"
              surface="card"
              data={series}
              loading={!d}
              series={[
                { key: 'clicks', label: 'Clicks' },
                { key: 'sales', label: 'Attributed sales' },
              ]}
              emptyState={<EmptyState title="No clicks yet" />}
            />
            <BarChart
              title="Revenue per day"
              surface="card"
              data={series}
              loading={!d}
              series={[{ key: 'revenue', label: 'Revenue' }]}
              formatTick={compactCurrencyTick(currency)}
              formatValue={(value) =>
                new Intl.NumberFormat('en', {
                  style: 'currency',
                  currency,
                  maximumFractionDigits: 0,
                }).format(value)
              }
              emptyState={<EmptyState title="No sales yet" />}
            />
          </Grid>
          {/* Side by side only where the four columns of the affiliates table fit in half the
              page (below, its commission column would scroll out of its card). */}
          <Grid columns={{ initial: '1', xl: '2' }} gap="4">
            <DataTable
              caption="Top affiliates"
              showCaption
              columns={affiliateColumns}
              rows={d?.top_affiliates ?? []}
              loading={!d}
              getRowId={(r) => r.affiliate_id}
              emptyState={
                <EmptyState
                  title="No attributed sales in this period"
                  description="Approve applicants and share your program to get your first creator sales."
                  action={
                    <Button asChild variant="secondary" size="sm">
                      <Link to="/vendor-affiliates">Review affiliates</Link>
                    </Button>
                  }
                />
              }
            />
            <DataTable
              caption="Top products"
              showCaption
              columns={productColumns}
              rows={d?.top_products ?? []}
              loading={!d}
              getRowId={(r) => r.product_id ?? r.product_name}
              emptyState={<Text color="gray">No products sold in this period.</Text>}
            />
          </Grid>
        </>
      )}
    </Flex>
  );
}
