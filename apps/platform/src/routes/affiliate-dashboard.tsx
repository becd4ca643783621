import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import {
  subscribeToNewCommissions,
  type AffiliateDashboard,
  type AffiliateRecentCommission,
  type AffiliateTopLink,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  StatCard,
  type DataTableColumn,
} from '@verdant/ui';
import { BarChart, LineChart, compactCurrencyTick } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { valueLabel } from '../lib/labels.ts';
import {
  errorMessage,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
} from './vendor-format.ts';
import { LiveSales } from './live-sales.tsx';
import { PeriodPicker, usePeriodParam } from './period-picker.tsx';

const STATUS_TONE = {
  pending: 'warning',
  approved: 'info',
  paid: 'success',
  reversed: 'danger',
} as const;

/**
 * What the approved balance is waiting for. A payout under way still counts as approved until its
 * transfer is done, so when there is one this says how much of the balance it holds, in the words
 * of the "Next payout" card, instead of calling that money "waiting".
 */
function approvedDetail(d: AffiliateDashboard, money: (cents: number) => string): string {
  const payout = d.next_payout;
  const approved = d.balances.find((b) => b.currency === d.currency)?.approved_cents ?? 0;
  if (!payout || payout.currency !== d.currency) return 'Waiting for the next payout run';
  const state = payout.status === 'processing' ? 'being transferred' : 'scheduled for payout';
  return payout.amount_cents >= approved
    ? state.charAt(0).toUpperCase() + state.slice(1)
    : `${money(payout.amount_cents)} of it ${state}`;
}

/** The dashboard's queries (one per period): what a new sale makes it read again. */
const AFFILIATE_DASHBOARD = ['affiliate', 'dashboard'] as const;

/** The affiliate dashboard (/dashboard, /dashboard-affiliate): clicks, sales, earnings, payouts. */
export function Component() {
  const { user } = useAuth();
  const [range, setRange] = usePeriodParam();
  const dashboard = useQuery({
    queryKey: [...AFFILIATE_DASHBOARD, range],
    queryFn: () => api.affiliate.dashboard(Number(range)),
  });
  const d = dashboard.data;
  const currency = d?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const balance = d?.balances.find((b) => b.currency === currency);

  const series = (d?.series ?? []).map((day) => ({
    date: day.day,
    clicks: day.clicks,
    unique: day.unique_clicks,
    conversions: day.conversions,
    earnings: day.earnings_cents / 100,
  }));
  // A period without a click or a sale shows the chart's empty state, not a flat line at zero.
  const clickSeries = series.some((day) => day.clicks > 0) ? series : [];
  const earningSeries = series.some((day) => day.earnings !== 0) ? series : [];

  const linkColumns: readonly DataTableColumn<AffiliateTopLink>[] = [
    {
      id: 'link',
      header: 'Link',
      cell: (r) => (
        <Flex direction="column">
          <Text weight="medium">{r.title ?? r.code}</Text>
          <Text size="1" color="gray">
            /go/{r.code}
            {r.is_active ? '' : ' · disabled'}
          </Text>
        </Flex>
      ),
      rowHeader: true,
    },
    { id: 'clicks', header: 'Clicks', cell: (r) => formatCount(r.clicks), align: 'end' },
    { id: 'unique', header: 'Unique', cell: (r) => formatCount(r.unique_clicks), align: 'end' },
    { id: 'sales', header: 'Sales', cell: (r) => formatCount(r.conversions), align: 'end' },
    { id: 'earned', header: 'Earned', cell: (r) => money(r.earnings_cents), align: 'end' },
  ];
  const commissionColumns: readonly DataTableColumn<AffiliateRecentCommission>[] = [
    { id: 'date', header: 'Date', cell: (r) => formatDate(r.created_at), rowHeader: true },
    {
      id: 'amount',
      header: 'Amount',
      cell: (r) => formatMoney(r.amount_cents, r.currency),
      align: 'end',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status]}>
          {r.kind === 'clawback' ? 'Clawback' : valueLabel(r.status)}
        </Badge>
      ),
    },
    {
      id: 'release',
      header: 'Available',
      cell: (r) => (r.status === 'pending' ? formatDate(r.available_at) : '–'),
    },
    { id: 'link', header: 'Link', cell: (r) => (r.link_code ? `/go/${r.link_code}` : '–') },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Dashboard — Verdant</title>
      <PageHeader
        title={user ? `Welcome, ${user.name.split(' ')[0]}` : 'Dashboard'}
        description="Your clicks, sales and earnings across every program."
        actions={
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="secondary">
              <Link to="/affiliate-programs">Find programs</Link>
            </Button>
            <Button asChild>
              <Link to="/affiliate-links">Create a link</Link>
            </Button>
          </Flex>
        }
      />
      <LiveSales
        ownerId={user?.id}
        subscribe={subscribeToNewCommissions}
        refresh={AFFILIATE_DASHBOARD}
        describe={(sale) => ({
          title: `New sale: ${formatMoney(sale.amount_cents, sale.currency)} commission`,
          detail: `Pending until ${formatDate(sale.available_at)}, after the program's holding period.`,
        })}
      />
      {/* The balance is all time, whatever the period: it stands above the period's heading and
          picker, under its own, so it is not read as the chosen period's figure. */}
      {dashboard.isError ? null : (
        <Flex direction="column" gap="3" asChild>
          <section aria-labelledby="balance-heading" aria-describedby="balance-description">
            <Flex justify="between" align="baseline" gap="2" wrap="wrap">
              <Heading as="h2" size="4" id="balance-heading">
                Balance
              </Heading>
              <Text size="2" color="gray" id="balance-description">
                All time — the period below does not change it
              </Text>
            </Flex>
            <Grid columns={{ initial: '1', sm: '3' }} gap="3">
              <StatCard
                label="Pending"
                loading={!d}
                value={d ? money(balance?.pending_cents ?? 0) : '–'}
                detail={d ? 'In the holding period' : undefined}
              />
              <StatCard
                label="Approved"
                loading={!d}
                value={d ? money(balance?.approved_cents ?? 0) : '–'}
                detail={d ? approvedDetail(d, money) : undefined}
              />
              <StatCard
                label="Paid"
                loading={!d}
                value={d ? money(balance?.paid_cents ?? 0) : '–'}
                detail={d ? 'Transferred to you' : undefined}
              />
            </Grid>
          </section>
        </Flex>
      )}
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
          <Grid columns={{ initial: '1', sm: '3' }} gap="3">
            <StatCard
              label="Clicks"
              loading={!d}
              value={d ? formatCount(d.totals.clicks) : '–'}
              detail={d ? `${formatCount(d.totals.unique_clicks)} unique` : undefined}
            />
            <StatCard
              label="Conversions"
              loading={!d}
              value={d ? formatCount(d.totals.conversions) : '–'}
              detail={
                d
                  ? `${formatPercent(d.totals.conversions, d.totals.unique_clicks)} of unique clicks`
                  : undefined
              }
            />
            <StatCard
              label="Earned"
              loading={!d}
              value={d ? money(d.totals.earnings_cents) : '–'}
              detail={d ? `in the last ${d.days} days` : undefined}
            />
          </Grid>
          <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
            <LineChart
              title="Clicks per day"
              surface="card"
              data={clickSeries}
              loading={!d}
              series={[
                { key: 'clicks', label: 'Clicks' },
                { key: 'unique', label: 'Unique clicks' },
              ]}
              emptyState={<EmptyState title="No clicks yet" description="Share a link to start." />}
            />
            <BarChart
              title="Earnings per day"
              surface="card"
              data={earningSeries}
              loading={!d}
              series={[{ key: 'earnings', label: 'Earnings' }]}
              formatTick={compactCurrencyTick(currency)}
              // Tooltip and table give the exact amount, cents included; the axis keeps its compact
              // ticks ($1.2K) from formatTick.
              formatValue={(value) => money(Math.round(value * 100))}
              emptyState={
                <EmptyState
                  title="No sales yet"
                  description="Commissions on sales through your links show here."
                />
              }
            />
          </Grid>
          <Grid columns={{ initial: '1', lg: '3' }} gap="4" align="start">
            <Box gridColumn={{ initial: '1', lg: '1 / 3' }}>
              <DataTable
                caption="Top links"
                showCaption
                columns={linkColumns}
                rows={d?.top_links ?? []}
                loading={!d}
                getRowId={(r) => r.id}
                emptyState={
                  <EmptyState
                    title="No links yet"
                    description="Join a program, then create a tracked link for a product."
                    action={
                      <Button asChild size="sm">
                        <Link to="/affiliate-programs">Browse programs</Link>
                      </Button>
                    }
                  />
                }
              />
            </Box>
            <Card size="lg" data-testid="next-payout">
              <Flex direction="column" gap="2">
                <Heading as="h2" size="3">
                  Next payout
                </Heading>
                {!d ? (
                  <Text color="gray">Loading…</Text>
                ) : d.next_payout ? (
                  <>
                    <Text size="6" weight="bold">
                      {formatMoney(d.next_payout.amount_cents, d.next_payout.currency)}
                    </Text>
                    <Text size="2" color="gray">
                      {d.next_payout.status === 'processing' ? 'Being transferred' : 'Scheduled'}{' '}
                      since {formatDate(d.next_payout.created_at)}
                    </Text>
                  </>
                ) : (
                  <>
                    <Text size="6" weight="bold">
                      {money(d.upcoming.approved_cents)}
                    </Text>
                    <Text size="2" color="gray">
                      approved and waiting for the next payout run
                    </Text>
                  </>
                )}
                {d?.upcoming.next_release_at ? (
                  <Text size="2" color="gray">
                    More is released on {formatDate(d.upcoming.next_release_at)}, after the holding
                    period.
                  </Text>
                ) : null}
                <Text as="p" size="2">
                  <Link to="/earnings">Payout history</Link>
                </Text>
              </Flex>
            </Card>
          </Grid>
          {/* The table holds the last ten; the earnings page has every commission and payout. */}
          <Flex direction="column" gap="2">
            <DataTable
              caption="Recent commissions"
              showCaption
              columns={commissionColumns}
              rows={d?.recent_commissions ?? []}
              loading={!d}
              getRowId={(r) => r.id}
              emptyState={
                <EmptyState
                  title="No commissions yet"
                  description="When a shopper buys through your link, the sale shows up here."
                />
              }
            />
            <Text as="p" size="2">
              <Link to="/earnings">See all earnings</Link>
            </Text>
          </Flex>
        </>
      )}
    </Flex>
  );
}
