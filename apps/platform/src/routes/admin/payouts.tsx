import { Flex, Text } from '@radix-ui/themes';
import type { PayoutRun } from '@verdant/api-client';
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
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { errorMessage, formatMoney } from '../vendor-format.ts';

type PayoutRow = PayoutRun['payouts'][number];

const COLUMNS: readonly DataTableColumn<PayoutRow>[] = [
  {
    id: 'affiliate',
    header: 'Affiliate',
    cell: (p) => <code>{p.affiliate_id}</code>,
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
    cell: (p) => <Badge tone={p.status === 'paid' ? 'success' : 'warning'}>{p.status}</Badge>,
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

/** Payouts (/admin/payouts): release due commissions and pay affiliates, with a CSV export. */
export function Component() {
  const [result, setResult] = useState<PayoutRun | null>(null);
  const run = useMutation({
    mutationFn: () => api.payouts.run(),
    onSuccess: (data) => {
      setResult(data);
      toast({ title: 'Payout run finished', description: `${data.payouts.length} payouts.` });
    },
  });
  const csv = useMutation({
    mutationFn: () => api.payouts.runAsCsv(),
    onSuccess: (text) => {
      download(text);
      toast({ title: 'Payout run finished', description: 'The CSV file was downloaded.' });
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
    </Flex>
  );
}
