import { Flex, Text } from '@radix-ui/themes';
import type { PayoutRun, PayoutWithAffiliate } from '@verdant/api-client';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDate, formatMoney } from '../vendor-format.ts';

const PAGE_SIZE = 20;
const HISTORY_KEY = ['admin', 'payouts'] as const;

/** What the run's table and the history share: a payout of either source. */
type PayoutRow = PayoutRun['payouts'][number];

const STATUS_TONES = {
  paid: 'success',
  processing: 'info',
  pending: 'warning',
  failed: 'danger',
} as const;

const COLUMNS: readonly DataTableColumn<PayoutRow>[] = [
  {
    id: 'affiliate',
    header: 'Affiliate',
    cell: (p) =>
      p.affiliate ? (
        <Flex direction="column">
          <Text weight="medium">{p.affiliate.name}</Text>
          <Text size="1" color="gray">
            @{p.affiliate.username}
          </Text>
        </Flex>
      ) : (
        <Text color="gray">Name unavailable</Text>
      ),
    rowHeader: true,
  },
  {
    id: 'amount',
    header: 'Amount',
    cell: (p) => formatMoney(p.amount_cents, p.currency),
    align: 'end',
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => (
      <Badge tone={STATUS_TONES[p.status as keyof typeof STATUS_TONES] ?? 'neutral'}>
        {valueLabel(p.status)}
      </Badge>
    ),
  },
  { id: 'paid', header: 'Paid', cell: (p) => (p.paid_at ? formatDate(p.paid_at) : '—') },
];

/**
 * A payout still being transferred: once the money has arrived, an administrator marks it (and the
 * commissions it holds) paid.
 */
function MarkPaid({ payout }: { payout: PayoutWithAffiliate }) {
  const queryClient = useQueryClient();
  const who = payout.affiliate?.name ?? 'this affiliate';
  return (
    <ConfirmDialog
      title="Mark this payout paid?"
      description={`Confirm that ${formatMoney(payout.amount_cents, payout.currency)} reached ${who}. The payout and the commissions it holds become paid.`}
      confirmLabel="Mark paid"
      onConfirm={async () => {
        await api.admin.markPayoutPaid(payout.id);
        toast({ title: 'Payout marked paid', description: who });
        await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
      }}
      errorMessage={(error) => errorMessage(error)}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Mark paid: the payout to ${who}`}>
          Mark paid
        </Button>
      }
    />
  );
}

const HISTORY_COLUMNS: readonly DataTableColumn<PayoutWithAffiliate>[] = [
  ...COLUMNS,
  {
    id: 'reference',
    header: 'Reference',
    cell: (p) => (p.stripe_transfer_id ? <code>{p.stripe_transfer_id}</code> : '—'),
  },
  {
    id: 'action',
    header: 'Action',
    cell: (p) =>
      p.status === 'processing' || p.status === 'pending' ? <MarkPaid payout={p} /> : '—',
  },
];

function download(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `verdant-payouts-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Payouts (/admin/payouts): release due commissions and pay affiliates, with a CSV export, and the
 * history of every payout.
 */
export function Component() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<PayoutRun | null>(null);
  const history = useQuery({
    queryKey: [...HISTORY_KEY, page],
    queryFn: () => api.payouts.list({ page: page - 1, pageSize: PAGE_SIZE }),
  });
  // A run's payouts are the newest: show the first page of the refreshed history.
  const afterRun = async () => {
    setPage(1);
    await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
  };
  const run = useMutation({
    mutationFn: () => api.payouts.run(),
    onSuccess: async (data) => {
      setResult(data);
      toast({ title: 'Payout run finished', description: `${data.payouts.length} payouts.` });
      await afterRun();
    },
  });
  const csv = useMutation({
    mutationFn: () => api.payouts.runAsCsv(),
    onSuccess: async (text) => {
      download(text);
      toast({ title: 'Payout run finished', description: 'The CSV file was downloaded.' });
      await afterRun();
    },
  });
  const error = run.error ?? csv.error;

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Payouts — Verdant admin</title>
      <PageHeader
        title="Payouts"
        description="A run approves commissions whose holding period has passed, bundles each affiliate’s approved commissions (after clawbacks) into one payout of at least $10, and marks them paid."
      />
      <Card>
        <Flex direction="column" gap="3">
          <Text as="p" color="gray">
            Running twice is safe: commissions already paid are never paid again. The CSV export is
            a run too, returned as a file for the bank transfer.
          </Text>
          <Flex gap="3" wrap="wrap">
            <ConfirmDialog
              title="Run payouts now?"
              description="Due commissions are approved and every affiliate above the minimum is paid."
              confirmLabel="Run payouts"
              onConfirm={() => run.mutateAsync().then(() => undefined)}
              trigger={<Button loading={run.isPending}>Run payouts</Button>}
            />
            <Button variant="secondary" loading={csv.isPending} onClick={() => csv.mutate()}>
              Run and export CSV
            </Button>
          </Flex>
        </Flex>
      </Card>
      {error ? <ErrorCard title="The run failed" message={errorMessage(error)} /> : null}
      {result ? (
        <DataTable
          caption="Payouts of this run"
          showCaption
          columns={COLUMNS}
          rows={result.payouts}
          getRowId={(p) => p.id}
          emptyState={
            <EmptyState
              title="Nobody was due a payout"
              description="No affiliate had approved commissions above the minimum."
            />
          }
        />
      ) : null}
      {history.isError ? (
        <ErrorCard
          title="The payout history could not be loaded"
          message={errorMessage(history.error)}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : (
        <DataTable
          caption="Payout history"
          showCaption
          columns={HISTORY_COLUMNS}
          rows={history.data?.rows ?? []}
          rowCount={history.data?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          loading={history.isPending}
          getRowId={(p) => p.id}
          emptyState={
            <EmptyState
              title="No payouts yet"
              description="Payouts appear here once a run has paid an affiliate."
            />
          }
        />
      )}
    </Flex>
  );
}
