import { Flex, Heading, Text } from '@radix-ui/themes';
import type { PayoutRun, PayoutWithAffiliate } from '@verdant/api-client';
import { payoutsCsv } from '@verdant/validation';
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
import { DateRangePicker, type DateRangeValue } from '@verdant/ui/date-range-picker';
import '@verdant/ui/date-range-picker.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { errorCode } from '../../lib/error-message.ts';
import { inPlaceOfRow, useFocusWhenShown } from '../../lib/focus-when-shown.ts';
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

const markPaidId = (payoutId: string) => `payout-mark-paid-${payoutId}`;
const MARK_PAID_SELECTOR = '[aria-label^="Mark paid:"]';

const statusBadge = (p: PayoutRow) => (
  <Badge tone={STATUS_TONES[p.status as keyof typeof STATUS_TONES] ?? 'neutral'}>
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
  focusAfterMark,
}: {
  payout: PayoutWithAffiliate;
  /**
   * Called with this "Mark paid" before the payout is marked; what it returns is called once the
   * history has been read again (the button gone), to put the focus where it belongs.
   */
  focusAfterMark: (control: Element | null) => () => void;
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
        const focusNext = focusAfterMark(document.getElementById(markPaidId(payout.id)));
        await api.admin.markPayoutPaid(payout.id, given === '' ? null : given);
        toast({ title: 'Payout marked paid', description: who });
        await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
        focusNext();
      }}
      errorMessage={(error) =>
        errorCode(error) === 'conflict'
          ? 'Another payout already has this reference. Check the reference and try again.'
          : errorMessage(error)
      }
      trigger={
        <Button
          id={markPaidId(payout.id)}
          size="sm"
          variant="outline"
          aria-label={`Mark paid: the payout to ${who}`}
        >
          Mark paid
        </Button>
      }
    />
  );
}

/** The history's columns: the run's, the reference and "Mark paid". */
const historyColumns = (
  focusAfterMark: (control: Element | null) => () => void,
): readonly DataTableColumn<PayoutWithAffiliate>[] => [
  ...COLUMNS,
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
        <MarkPaid payout={p} focusAfterMark={focusAfterMark} />
      ) : (
        '—'
      ),
  },
];

/**
 * A run's payouts as CSV, with the columns of the server's export (the same writer), built from the
 * run's rows: a run's payouts are recorded paid at once, and this file is the list of the
 * transfers to send. `ExportPayouts` makes it again later from the run's day.
 */
const runCsv = (payouts: readonly PayoutRow[]) =>
  payoutsCsv(payouts.map((p) => ({ ...p, affiliate_name: p.affiliate?.name ?? null })));

/** A finished run: its payouts, and the CSV of them to download (again). */
interface RunResult {
  payouts: PayoutRow[];
  csv: string;
  fileName: string;
}

function download({ csv, fileName }: { csv: string; fileName: string }) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const payoutCount = (n: number) => (n === 1 ? '1 payout' : `${n} payouts`);

/** A day as yyyy-mm-dd in the reader's time zone (file names). */
const dayName = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** The last 30 days up to today, the picker's default. */
function lastThirtyDays(): DateRangeValue {
  const today = new Date();
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return {
    range: { from: new Date(to.getFullYear(), to.getMonth(), to.getDate() - 29), to },
    compare: false,
  };
}

/**
 * The payouts made in a period, downloaded as CSV: a past run's file made again (a run's payouts
 * are recorded paid at once, so its file is the list of the transfers to send). The days are the
 * reader's, from the first day's midnight to the midnight after the last.
 */
function ExportPayouts() {
  const [period, setPeriod] = useState(lastThirtyDays);
  const [outcome, setOutcome] = useState<string | null>(null);
  const exportCsv = useMutation({
    mutationFn: () => {
      const { from, to } = period.range;
      return api.payouts.exportCsv({
        from: from.toISOString(),
        to: new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).toISOString(),
      });
    },
    onMutate: () => setOutcome(null),
    onSuccess: ({ count, csv }) => {
      const { from, to } = period.range;
      const days =
        dayName(from) === dayName(to) ? dayName(from) : `${dayName(from)}-to-${dayName(to)}`;
      if (count === 0) {
        setOutcome('No payouts were made in this period: there is no file to download.');
        return;
      }
      download({ csv, fileName: `verdant-payouts-${days}.csv` });
      setOutcome(`${payoutCount(count)} downloaded as a CSV file.`);
    },
  });
  return (
    <Card>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Export payouts
        </Heading>
        <Text as="p" color="gray">
          Download the payouts made in a period as a CSV file, in the columns of a run’s file: a
          past run’s transfers, or a month’s for the books.
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <DateRangePicker
            aria-label="Payouts made"
            value={period}
            onValueChange={(next) => {
              setPeriod(next);
              setOutcome(null);
            }}
            hideCompare
            numberOfMonths={1}
          />
          <Button
            variant="secondary"
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
          >
            Download CSV
          </Button>
        </Flex>
        <Text as="p" size="2" role="status">
          {outcome}
        </Text>
        {exportCsv.error ? (
          <ErrorCard
            title="The payouts could not be exported"
            message={errorMessage(exportCsv.error)}
            onRetry={() => exportCsv.mutate()}
            retrying={exportCsv.isPending}
          />
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * Payouts (/admin/payouts): release due commissions and pay affiliates, with a CSV export, and the
 * history of every payout.
 */
export function Component() {
  const queryClient = useQueryClient();
  // The history's page is in the address (?page=2), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number, { replace = false } = {}) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: true, replace },
    );
  const [result, setResult] = useState<RunResult | null>(null);
  const history = useQuery({
    queryKey: [...HISTORY_KEY, page],
    queryFn: () => api.payouts.list({ page: page - 1, pageSize: PAGE_SIZE }),
    // The page shown stays while the next one loads: the table and its pagination stay in place,
    // so the focus stays on the control the reader pressed.
    placeholderData: keepPreviousData,
  });
  // A page past the last (an old link, a history that shrank) becomes the last page, in place of
  // the address asked for: Back does not return to a page that shows nothing.
  const pageCount = Math.ceil((history.data?.total ?? 0) / PAGE_SIZE);
  const pastTheEnd =
    history.isSuccess && !history.isPlaceholderData && page > Math.max(1, pageCount);
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(1, pageCount), { replace: true });
  });
  // Until the last page has loaded in its place (the empty page held meanwhile), the table shows
  // placeholder rows, not "No payouts yet" over a range such as "21–20 of 26".
  const awaitingLastPage =
    pastTheEnd || (history.isPlaceholderData && history.data.rows.length === 0);
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
  // A payout marked paid loses its "Mark paid" (and the dialog with it): the focus goes to the next
  // payout's "Mark paid" (else the one before), or to the history table once none is left, never to
  // the page body (its status badge would hold it with no visible focus indicator).
  const focusWhenShown = useFocusWhenShown();
  const columns = useMemo(
    () =>
      historyColumns((control) => {
        const table = control?.closest('table');
        const next = inPlaceOfRow(control, MARK_PAID_SELECTOR, () => {
          if (table) table.tabIndex = -1;
          return table;
        });
        return () => focusWhenShown(next);
      }),
    [focusWhenShown],
  );
  // A run's payouts are the newest: show the first page of the refreshed history.
  const afterRun = async () => {
    setPage(1);
    await queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
  };
  // The run's payouts are recorded paid at once, so a run always gives both the table of them and
  // their CSV for the bank transfers (downloaded at once, and again from the result on demand): an
  // administrator never ends up with paid payouts and no list of the transfers to send.
  const run = useMutation({
    mutationFn: () => api.payouts.run(),
    onSuccess: async ({ payouts }) => {
      const made: RunResult = {
        payouts,
        csv: runCsv(payouts),
        fileName: `verdant-payouts-${new Date().toISOString().slice(0, 10)}.csv`,
      };
      setResult(made);
      if (payouts.length > 0) {
        download(made);
        toast({
          title: 'Payout run finished',
          description: `${payoutCount(payouts.length)} recorded paid. The CSV file was downloaded.`,
        });
      } else {
        toast({
          title: 'Payout run finished',
          description: 'Nobody was due a payout: no file to download.',
        });
      }
      await afterRun();
    },
  });

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
            A run records its payouts as paid when it finishes and downloads them as a CSV file:
            send the transfers from it. Running twice is safe: commissions already in a payout are
            never paid again.
          </Text>
          <Text as="p" color="gray">
            A payout marked Processing was bundled on its own, outside a run, and no run pays it:
            mark it paid once its transfer has arrived, with the transfer’s reference.
          </Text>
          <Flex gap="3" wrap="wrap">
            <ConfirmDialog
              title="Run payouts and export a CSV?"
              description="This is a real run: due commissions are approved, and every affiliate above the minimum gets a payout recorded as paid. Its payouts download as a CSV file for the bank transfers."
              confirmLabel="Run and export CSV"
              onConfirm={() => run.mutateAsync().then(() => undefined)}
              errorMessage={(failure) => errorMessage(failure)}
              trigger={<Button loading={run.isPending}>Run and export CSV</Button>}
            />
          </Flex>
        </Flex>
      </Card>
      {run.error ? <ErrorCard title="The run failed" message={errorMessage(run.error)} /> : null}
      {result ? (
        <Flex direction="column" gap="3">
          <DataTable
            caption="Payouts of this run"
            showCaption
            columns={COLUMNS}
            rows={result.payouts}
            getRowId={(p) => p.id}
            emptyState={
              // An h2: the table's caption is no heading, so the page's h1 is the next one up.
              <EmptyState
                headingLevel={2}
                title="Nobody was due a payout"
                description="No affiliate had approved commissions above the minimum: no payout was made, and there is no file to download."
              />
            }
          />
          {result.payouts.length > 0 ? (
            <Flex gap="3" align="center" wrap="wrap">
              <Button variant="secondary" onClick={() => download(result)}>
                Download the CSV of this run
              </Button>
              <Text size="2" color="gray">
                Later, Export payouts below makes the file again from the day of the run.
              </Text>
            </Flex>
          ) : null}
        </Flex>
      ) : null}
      <ExportPayouts />
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
          loading={history.isPending || awaitingLastPage}
          aria-busy={history.isPlaceholderData || undefined}
          getRowId={(p) => p.id}
          emptyState={
            <EmptyState
              headingLevel={2}
              title="No payouts yet"
              description="Payouts appear here once a run has paid an affiliate."
            />
          }
        />
      )}
    </Flex>
  );
}
