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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { errorCode } from '../../lib/error-message.ts';
import { valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDate, formatMoney } from '../vendor-format.ts';
import { DialogField } from './dialog-field.tsx';

const PAGE_SIZE = 20;
const HISTORY_KEY = ['admin', 'payouts'] as const;
const HISTORY_CAPTION = 'Payout history';
/** The longest transfer reference the API client accepts. */
const REFERENCE_MAX = 200;

/** What the run's table and the history share: a payout of either source. */
type PayoutRow = PayoutRun['payouts'][number];

const STATUS_TONES = {
  paid: 'success',
  processing: 'info',
  pending: 'warning',
  failed: 'danger',
} as const;

const statusBadgeId = (payoutId: string) => `payout-status-${payoutId}`;

const statusBadge = (p: PayoutRow, props?: { id: string; tabIndex: number }) => (
  <Badge tone={STATUS_TONES[p.status as keyof typeof STATUS_TONES] ?? 'neutral'} {...props}>
    {valueLabel(p.status)}
  </Badge>
);

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
    cell: (p) => statusBadge(p),
  },
  { id: 'paid', header: 'Paid', cell: (p) => (p.paid_at ? formatDate(p.paid_at) : '—') },
];

/**
 * A payout still being transferred (bundled outside a run, which pays at once): once the money has
 * arrived, an administrator marks it (and the commissions it holds) paid, with the transfer's
 * reference from the bank or Stripe. The reference is optional, as it is in the data model (runs
 * record none), and unique among payouts.
 */
function MarkPaid({
  payout,
  onMarked,
}: {
  payout: PayoutWithAffiliate;
  /** Called once the payout is paid, before the history is read again. */
  onMarked: (payoutId: string) => void;
}) {
  const queryClient = useQueryClient();
  const who = payout.affiliate?.name ?? 'this affiliate';
  const [reference, setReference] = useState('');
  const fieldId = useId();
  return (
    <ConfirmDialog
      title="Mark this payout paid?"
      description={
        <>
          Confirm that {formatMoney(payout.amount_cents, payout.currency)} reached {who}. The payout
          and the commissions it holds become paid.
          <DialogField
            id={fieldId}
            label="Transfer reference (optional)"
            hint="The bank’s or Stripe’s reference of the transfer, shown in the payout history."
            value={reference}
            onChange={setReference}
            maxLength={REFERENCE_MAX}
          />
        </>
      }
      confirmLabel="Mark paid"
      onOpenChange={(open) => {
        if (open) setReference(payout.stripe_transfer_id ?? '');
      }}
      onConfirm={async () => {
        const given = reference.trim();
        await api.admin.markPayoutPaid(payout.id, given === '' ? null : given);
        onMarked(payout.id);
        toast({ title: 'Payout marked paid', description: who });
        await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
      }}
      errorMessage={(error) =>
        errorCode(error) === 'conflict'
          ? 'Another payout already has this reference. Check the reference and try again.'
          : errorMessage(error)
      }
      trigger={
        <Button size="sm" variant="outline" aria-label={`Mark paid: the payout to ${who}`}>
          Mark paid
        </Button>
      }
    />
  );
}

/**
 * The history's columns: the run's, the reference and "Mark paid". A row's status can take the
 * focus (`tabIndex` -1): it is where the focus goes once its payout is marked paid.
 */
const historyColumns = (
  onMarked: (payoutId: string) => void,
): readonly DataTableColumn<PayoutWithAffiliate>[] => [
  ...COLUMNS.map((column) =>
    column.id === 'status'
      ? {
          ...column,
          cell: (p: PayoutWithAffiliate) =>
            statusBadge(p, { id: statusBadgeId(p.id), tabIndex: -1 }),
        }
      : column,
  ),
  {
    id: 'reference',
    header: 'Reference',
    cell: (p) => (p.stripe_transfer_id ? <code>{p.stripe_transfer_id}</code> : '—'),
  },
  {
    id: 'action',
    header: 'Action',
    actions: true,
    cell: (p) =>
      p.status === 'processing' || p.status === 'pending' ? (
        <MarkPaid payout={p} onMarked={onMarked} />
      ) : (
        '—'
      ),
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
    // The page shown stays while the next one loads: the table and its pagination stay in place,
    // so the focus stays on the control the reader pressed.
    placeholderData: keepPreviousData,
  });
  // Paging keeps the focus in the pagination: when the button pressed goes away or is disabled (the
  // last page's "Next page"), the current page's button takes it.
  const historyRef = useRef<HTMLDivElement>(null);
  const paged = useRef(false);
  const changePage = (next: number) => {
    paged.current = true;
    setPage(next);
  };
  useEffect(() => {
    if (!paged.current) return;
    paged.current = false;
    const pagination = historyRef.current?.querySelector<HTMLElement>(
      `nav[aria-label="${HISTORY_CAPTION} pages"]`,
    );
    const focused = document.activeElement;
    if (!pagination || (focused && pagination.contains(focused) && !focused.matches(':disabled')))
      return;
    pagination.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  // A payout marked paid loses its "Mark paid" (and the dialog with it): once the history shows it
  // paid, its status takes the focus.
  const [marked, setMarked] = useState<string | null>(null);
  const focusedMark = useRef<string | null>(null);
  useEffect(() => {
    if (!marked || focusedMark.current === marked) return;
    const row = history.data?.rows.find((p) => p.id === marked);
    if (row && row.status !== 'paid') return;
    focusedMark.current = marked;
    document.getElementById(statusBadgeId(marked))?.focus();
  }, [history.data, marked]);
  const columns = useMemo(() => historyColumns(setMarked), []);
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
  const busy = run.isPending || csv.isPending;

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Payouts — Verdant admin</title>
      <PageHeader
        title="Payouts"
        description="A run approves commissions whose holding period has passed, bundles each affiliate’s approved commissions (after clawbacks) into one payout of at least $10, and records those payouts as paid at once."
      />
      <Card>
        <Flex direction="column" gap="3">
          <Text as="p" color="gray">
            A run records its payouts as paid when it finishes: send the transfers from its CSV
            export. Running twice is safe: commissions already in a payout are never paid again.
          </Text>
          <Text as="p" color="gray">
            A payout marked Processing was bundled on its own, outside a run, and no run pays it:
            mark it paid once its transfer has arrived, with the transfer’s reference.
          </Text>
          <Flex gap="3" wrap="wrap">
            <ConfirmDialog
              title="Run payouts now?"
              description="Due commissions are approved, and every affiliate above the minimum gets a payout recorded as paid."
              confirmLabel="Run payouts"
              onConfirm={() => run.mutateAsync().then(() => undefined)}
              errorMessage={(failure) => errorMessage(failure)}
              trigger={
                <Button loading={run.isPending} disabled={busy && !run.isPending}>
                  Run payouts
                </Button>
              }
            />
            <ConfirmDialog
              title="Run payouts and export a CSV?"
              description="This is a real run: due commissions are approved, and every affiliate above the minimum gets a payout recorded as paid. Its payouts download as a CSV file for the bank transfers."
              confirmLabel="Run and export CSV"
              onConfirm={() => csv.mutateAsync().then(() => undefined)}
              errorMessage={(failure) => errorMessage(failure)}
              trigger={
                <Button
                  variant="secondary"
                  loading={csv.isPending}
                  disabled={busy && !csv.isPending}
                >
                  Run and export CSV
                </Button>
              }
            />
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
          ref={historyRef}
          caption={HISTORY_CAPTION}
          showCaption
          columns={columns}
          rows={history.data?.rows ?? []}
          rowCount={history.data?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={changePage}
          loading={history.isPending}
          aria-busy={history.isPlaceholderData || undefined}
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
