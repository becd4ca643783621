import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  COMMISSION_STATUSES,
  DEFAULT_PAYOUT_MINIMUM_CENTS,
  type Commission,
  type CommissionStatus,
  type Page,
  type Payout,
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
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage, formatDate, formatMoney } from './vendor-format.ts';

const PAYOUTS_PAGE_SIZE = 10;
const COMMISSIONS_PAGE_SIZE = 20;

/** The address's parameters: the commissions' status filter and each table's page. */
const STATUS_PARAM = 'status';
const PAYOUTS_PAGE_PARAM = 'payouts-page';
const COMMISSIONS_PAGE_PARAM = 'commissions-page';

const ALL = 'all';
const isStatus = (value: string | null): value is CommissionStatus =>
  (COMMISSION_STATUSES as readonly string[]).includes(value ?? '');

const COMMISSION_TONE = {
  pending: 'warning',
  approved: 'info',
  paid: 'success',
  reversed: 'danger',
} as const;

const PAYOUT_STATUS = {
  paid: { label: 'Paid', tone: 'success' },
  // The dashboard's "Next payout" card says the same of a payout under way.
  processing: { label: 'Being transferred', tone: 'info' },
  pending: { label: 'Scheduled', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
} as const;

const payoutStatus = (p: Payout) =>
  PAYOUT_STATUS[p.status as keyof typeof PAYOUT_STATUS] ?? {
    label: valueLabel(p.status),
    tone: 'neutral' as const,
  };

const minimum = formatMoney(DEFAULT_PAYOUT_MINIMUM_CENTS);

/** How payouts happen, in the words of the admin's payout run and the dashboard's cards. */
const PAYOUT_RULES = `A commission is pending for its program’s holding period (set by the merchant, 30 days unless they chose otherwise), so that a refund can still take it back. After that it is approved, and a payout run pays everything you have approved, after clawbacks, in one payout once it comes to at least ${minimum}. A smaller sum waits for the next run.`;

/** The short reference the buyer sees on the payment-success page ("Order 3F2A9C1B"). */
const orderReference = (c: Commission) => `Order ${c.order_id.slice(0, 8).toUpperCase()}`;

/** A period of calendar dates ("Jan 1, 2027 – Jan 31, 2027"), or a dash when the row has none. */
function period(p: Payout): string {
  if (p.period_start && p.period_end)
    return `${formatDate(p.period_start)} – ${formatDate(p.period_end)}`;
  if (p.period_end) return `Until ${formatDate(p.period_end)}`;
  return '–';
}

/** A 1-based page number from the address's `name` (absent on the first page). */
const pageOf = (params: URLSearchParams, name: string) =>
  Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);

/**
 * A table's page kept in the address under `name`: the page, and a setter that leaves the other
 * parameters as they are. A page past the last one (an old bookmark, a list that shrank) becomes
 * the last page.
 */
function usePage(name: string, pageSize: number, result: PagedResult) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params, name);
  const setPage = (next: number, { replace = false } = {}) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next <= 1) changed.delete(name);
        else changed.set(name, String(next));
        return changed;
      },
      { preventScrollReset: true, replace },
    );
  const last = Math.max(1, Math.ceil((result.data?.total ?? 0) / pageSize));
  const pastTheEnd = result.isSuccess && !result.isPlaceholderData && page > last;
  useEffect(() => {
    if (pastTheEnd) setPage(last, { replace: true });
  });
  return [page, setPage] as const;
}

interface PagedResult {
  data?: Page<unknown> | undefined;
  isSuccess: boolean;
  isPlaceholderData: boolean;
}

const payoutColumns: readonly DataTableColumn<Payout>[] = [
  {
    id: 'paid',
    header: 'Paid on',
    rowHeader: true,
    // A payout not yet transferred has no date of payment: its state stands in its place.
    cell: (p) =>
      p.paid_at && p.status === 'paid' ? (
        formatDate(p.paid_at)
      ) : (
        <Badge tone={payoutStatus(p).tone}>{payoutStatus(p).label}</Badge>
      ),
  },
  { id: 'period', header: 'Period', cell: period },
  {
    id: 'amount',
    header: 'Amount',
    cell: (p) => formatMoney(p.amount_cents, p.currency),
    align: 'end',
  },
  {
    id: 'reference',
    header: 'Transfer reference',
    cell: (p) => (p.stripe_transfer_id ? <code>{p.stripe_transfer_id}</code> : '–'),
  },
];

const commissionColumns: readonly DataTableColumn<Commission>[] = [
  { id: 'date', header: 'Date', rowHeader: true, cell: (c) => formatDate(c.created_at) },
  { id: 'order', header: 'Order', cell: orderReference },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    // A clawback takes back a refunded sale's commission: it says so in words, not with the minus
    // sign alone, which is easy to miss and which some screen readers do not read.
    cell: (c) =>
      c.kind === 'clawback' || c.amount_cents < 0 ? (
        <Flex direction="column" align="end">
          <Text>{formatMoney(c.amount_cents, c.currency)}</Text>
          <Text size="1" color="gray">
            Clawback for a refund
          </Text>
        </Flex>
      ) : (
        formatMoney(c.amount_cents, c.currency)
      ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <Badge tone={COMMISSION_TONE[c.status as CommissionStatus] ?? 'neutral'}>
        {valueLabel(c.status)}
      </Badge>
    ),
  },
  {
    id: 'available',
    header: 'Available on',
    cell: (c) => (c.status === 'pending' ? formatDate(c.available_at) : '–'),
  },
];

/**
 * /earnings: every payout made to the affiliate and every commission they have earned, the whole
 * history behind the dashboard's balance and "Next payout" card. The commissions' status and each
 * table's page are in the address (?status=, ?payouts-page=, ?commissions-page=), so a reload,
 * Back and a shared link keep them.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get(STATUS_PARAM);
  const status = isStatus(statusParam) ? statusParam : undefined;

  const payoutsPage = pageOf(params, PAYOUTS_PAGE_PARAM);
  const payouts = useQuery({
    queryKey: ['affiliate', 'payouts', payoutsPage],
    queryFn: () => api.payouts.listMine({ page: payoutsPage - 1, pageSize: PAYOUTS_PAGE_SIZE }),
    // The current page stays until the next one has loaded: the table does not blank between pages.
    placeholderData: keepPreviousData,
  });
  const [, setPayoutsPage] = usePage(PAYOUTS_PAGE_PARAM, PAYOUTS_PAGE_SIZE, payouts);

  const commissionsPage = pageOf(params, COMMISSIONS_PAGE_PARAM);
  const commissions = useQuery({
    queryKey: ['affiliate', 'commissions', { status, page: commissionsPage }],
    queryFn: () =>
      api.commissions.listMine({
        ...(status ? { status } : {}),
        page: commissionsPage - 1,
        pageSize: COMMISSIONS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
  const [, setCommissionsPage] = usePage(
    COMMISSIONS_PAGE_PARAM,
    COMMISSIONS_PAGE_SIZE,
    commissions,
  );

  // A new status starts its list on its first page.
  const setStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete(STATUS_PARAM);
        else next.set(STATUS_PARAM, value);
        next.delete(COMMISSIONS_PAGE_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <Flex direction="column" gap="6" py="5">
      <title>Earnings — Verdant</title>
      <PageHeader
        title="Earnings"
        description="Every payout made to you and every commission you have earned, newest first."
        actions={
          <Button asChild variant="secondary">
            <Link to="/dashboard">Back to the dashboard</Link>
          </Button>
        }
      />
      <Flex direction="column" gap="3" asChild>
        <section aria-labelledby="payouts-heading">
          <Heading as="h2" size="5" id="payouts-heading">
            Payouts
          </Heading>
          <Text as="p" size="2" color="gray">
            Approved commissions are paid in payout runs, once they come to at least {minimum}.
          </Text>
          {payouts.isError ? (
            <ErrorCard
              message={errorMessage(payouts.error, 'Your payouts did not load.')}
              onRetry={() => void payouts.refetch()}
              retrying={payouts.isFetching}
            />
          ) : (
            <DataTable
              caption="Your payouts"
              columns={payoutColumns}
              rows={payouts.data?.rows ?? []}
              rowCount={payouts.data?.total ?? 0}
              pageSize={PAYOUTS_PAGE_SIZE}
              page={payoutsPage}
              onPageChange={setPayoutsPage}
              loading={payouts.isPending}
              getRowId={(p) => p.id}
              emptyState={
                <EmptyState title="No payouts yet" description={PAYOUT_RULES} headingLevel={3} />
              }
            />
          )}
        </section>
      </Flex>
      <Flex direction="column" gap="3" asChild>
        <section aria-labelledby="commissions-heading">
          <Heading as="h2" size="5" id="commissions-heading">
            Commissions
          </Heading>
          <Text as="p" size="2" color="gray">
            One for each sale through your links; a refund after approval adds a clawback.
          </Text>
          <Box maxWidth={{ sm: '280px' }}>
            <Field label="Status">
              <NativeSelect
                value={status ?? ALL}
                onChange={(event) => setStatus(event.target.value)}
                options={[
                  { value: ALL, label: 'All statuses' },
                  ...COMMISSION_STATUSES.map((value) => ({ value, label: valueLabel(value) })),
                ]}
              />
            </Field>
          </Box>
          {commissions.isError ? (
            <ErrorCard
              message={errorMessage(commissions.error, 'Your commissions did not load.')}
              onRetry={() => void commissions.refetch()}
              retrying={commissions.isFetching}
            />
          ) : (
            <DataTable
              caption={status ? `Your ${status} commissions` : 'Your commissions'}
              columns={commissionColumns}
              rows={commissions.data?.rows ?? []}
              rowCount={commissions.data?.total ?? 0}
              pageSize={COMMISSIONS_PAGE_SIZE}
              page={commissionsPage}
              onPageChange={setCommissionsPage}
              loading={commissions.isPending}
              getRowId={(c) => c.id}
              emptyState={
                status ? (
                  <EmptyState
                    title={`No ${status} commissions`}
                    description="None of your commissions has this status."
                    headingLevel={3}
                    action={
                      <Button size="sm" variant="secondary" onClick={() => setStatus(ALL)}>
                        Show all commissions
                      </Button>
                    }
                  />
                ) : (
                  <EmptyState
                    title="No commissions yet"
                    description="When a shopper buys through one of your links, the sale’s commission shows here."
                    headingLevel={3}
                    action={
                      <Button asChild size="sm">
                        <Link to="/affiliate-links">Create a link</Link>
                      </Button>
                    }
                  />
                )
              }
            />
          )}
        </section>
      </Flex>
    </Flex>
  );
}
