import { Flex, Grid, Heading } from '@radix-ui/themes';
import type { PlatformMetrics } from '@verdant/api-client';
import {
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  StatCard,
  type DataTableColumn,
} from '@verdant/ui';
import { BarChart, LineChart, compactCurrencyTick } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { errorMessage, formatCount, formatDateTime, formatMoney } from '../vendor-format.ts';
import { PeriodPicker, usePeriodParam } from '../period-picker.tsx';

type ClientError = PlatformMetrics['recent_errors'][number];

const ERROR_COLUMNS: readonly DataTableColumn<ClientError>[] = [
  { id: 'when', header: 'When', cell: (e) => formatDateTime(e.created_at) },
  { id: 'message', header: 'Message', cell: (e) => e.message, rowHeader: true, wrap: true },
  { id: 'url', header: 'Page', cell: (e) => e.url ?? '—' },
  {
    id: 'where',
    header: 'Source',
    cell: (e) => (e.filename ? `${e.filename}${e.lineno ? `:${e.lineno}` : ''}` : (e.kind ?? '—')),
  },
];

/** Platform metrics (/admin): users, GMV, commissions, engagement and client errors. */
export function Component() {
  const [range, setRange] = usePeriodParam();
  const metrics = useQuery({
    queryKey: ['admin', 'metrics', range],
    queryFn: () => api.admin.platformMetrics(Number(range)),
  });
  const m = metrics.data;
  const roles = m?.users_by_role ?? {};
  const commissions = m?.commissions_cents ?? {};
  const series = (m?.series ?? []).map((d) => ({
    date: d.day,
    load: d.avg_page_load_ms ?? Number.NaN,
    p50: d.p50_page_load_ms ?? Number.NaN,
    demo: d.demo_views,
    errors: d.errors,
    gmv: d.gmv_cents / 100,
  }));

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Platform metrics — Verdant admin</title>
      <PageHeader
        title="Platform metrics"
        description="Users, sales, commissions and how the app performs for its visitors."
      />
      <PeriodPicker label="Metrics period" value={range} onChange={setRange} />
      {metrics.isError ? (
        <ErrorCard message={errorMessage(metrics.error)} onRetry={() => void metrics.refetch()} />
      ) : (
        <>
          <Heading as="h2" size="4">
            Users and money
          </Heading>
          <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
            <StatCard label="Affiliates" loading={!m} value={formatCount(roles.affiliate ?? 0)} />
            <StatCard label="Merchants" loading={!m} value={formatCount(roles.merchant ?? 0)} />
            <StatCard label="Administrators" loading={!m} value={formatCount(roles.admin ?? 0)} />
            <StatCard label="Demo accounts" loading={!m} value={formatCount(roles.demo ?? 0)} />
            <StatCard label="GMV (all time)" loading={!m} value={formatMoney(m?.gmv_cents ?? 0)} />
            <StatCard
              label={`GMV (last ${range} days)`}
              loading={!m}
              value={formatMoney(m?.gmv_period_cents ?? 0)}
            />
            <StatCard
              label="Platform fees"
              loading={!m}
              value={formatMoney(m?.platform_fee_cents ?? 0)}
              detail="Net of refunds, as GMV is"
            />
            <StatCard
              label="Commissions pending"
              loading={!m}
              value={formatMoney(commissions.pending ?? 0)}
              detail={`${formatMoney(commissions.approved ?? 0)} approved · ${formatMoney(commissions.paid ?? 0)} paid`}
            />
          </Grid>
          <BarChart
            title="GMV per day"
            surface="card"
            data={series}
            loading={!m}
            series={[{ key: 'gmv', label: 'GMV' }]}
            formatTick={compactCurrencyTick('USD')}
            formatValue={(v) =>
              new Intl.NumberFormat('en', {
                style: 'currency',
                currency: 'USD',
                maximumFractionDigits: 0,
              }).format(v)
            }
          />
          <Heading as="h2" size="4">
            Engagement
          </Heading>
          <Grid columns={{ initial: '1', xs: '3' }} gap="3">
            <StatCard
              label="Page loads measured"
              loading={!m}
              value={formatCount(m?.engagement.page_loads ?? 0)}
            />
            <StatCard
              label="Average page load"
              loading={!m}
              value={
                m?.engagement.avg_page_load_ms == null
                  ? '–'
                  : `${Math.round(m.engagement.avg_page_load_ms)} ms`
              }
            />
            <StatCard
              label="Home page (demo) views"
              loading={!m}
              value={formatCount(m?.engagement.demo_views ?? 0)}
            />
          </Grid>
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <LineChart
              title="Page load time per day (ms)"
              surface="card"
              data={series}
              loading={!m}
              series={[
                { key: 'load', label: 'Average' },
                { key: 'p50', label: 'Median' },
              ]}
              emptyState={<EmptyState title="No page loads reported yet" />}
            />
            <LineChart
              title="Demo views and client errors per day"
              surface="card"
              data={series}
              loading={!m}
              series={[
                { key: 'demo', label: 'Demo views' },
                { key: 'errors', label: 'Errors' },
              ]}
            />
          </Grid>
          {m && m.recent_errors.length === 0 ? (
            // Without rows there is no table: in the table's scrolling frame the message would be
            // as wide as the columns, cut off on a narrow screen.
            <Flex direction="column" gap="2" asChild>
              <section aria-labelledby="client-errors-heading">
                <Heading as="h2" size="4" id="client-errors-heading">
                  Latest client errors
                </Heading>
                <EmptyState
                  bordered
                  size="1"
                  title="No client errors reported"
                  description="Errors that pages report in visitors’ browsers appear here."
                />
              </section>
            </Flex>
          ) : (
            <DataTable
              caption="Latest client errors"
              showCaption
              columns={ERROR_COLUMNS}
              rows={m?.recent_errors ?? []}
              loading={!m}
              pageSize={10}
              getRowId={(e) => String(e.id)}
            />
          )}
        </>
      )}
    </Flex>
  );
}
