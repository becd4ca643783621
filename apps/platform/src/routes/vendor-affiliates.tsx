import { Flex, Text } from '@radix-ui/themes';
import type { MembershipDecision, MerchantAffiliate } from '@verdant/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  Tabs,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { inPlaceOfRow, useFocusWhenShown, type Find } from '../lib/focus-when-shown.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage, formatCount, formatDate, formatMoney } from './vendor-format.ts';

const STATUS_TONE = {
  pending: 'warning',
  approved: 'success',
  rejected: 'neutral',
  removed: 'danger',
} as const;

type Tab = 'applicants' | 'members' | 'past';

/** Rows per page of each table (the kit's default). */
const TABLE_PAGE_SIZE = 10;

/** The merchant's applicants and members (/vendor-affiliates): approve, reject, remove. */
export function Component() {
  const queryClient = useQueryClient();
  const affiliates = useQuery({
    queryKey: ['vendor', 'affiliates'],
    queryFn: () => api.vendor.affiliates(),
  });
  const decide = useMutation({
    mutationFn: ({ row, decision }: { row: MerchantAffiliate; decision: MembershipDecision }) =>
      api.memberships.decide(row.membership_id, decision),
    onSuccess: async (_membership, { row, decision }) => {
      await queryClient.invalidateQueries({ queryKey: ['vendor'] });
      toast({ title: `${row.name} ${decision}`, description: `Program: ${row.program_name}` });
    },
    onError: (error) =>
      toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
  });

  // A decision moves the affiliate to another tab, so its row leaves this one: the focus goes to the
  // same action in the next row (else the previous one), or to the tab's panel once it is empty,
  // never to the page body.
  const focusWhenShown = useFocusWhenShown();
  const idPrefix = useId();
  const actionId = (r: MerchantAffiliate, action: string) =>
    `${idPrefix}-${action}-${r.membership_id}`;
  const panels = useRef<Partial<Record<Tab, HTMLDivElement | null>>>({});
  const panel =
    (tab: Tab): Find =>
    () =>
      panels.current[tab];
  /** Records the decision; once its row has left, the focus goes to the next row's `action`. */
  const decideInPlace = (
    r: MerchantAffiliate,
    decision: MembershipDecision,
    action: {
      button: HTMLElement | null;
      selector: string;
      tab: Tab;
    },
  ) => {
    const next = inPlaceOfRow(action.button, action.selector, panel(action.tab));
    return decide.mutateAsync({ row: r, decision }).then(() => focusWhenShown(next));
  };

  const rows = affiliates.data ?? [];
  const applicants = rows.filter((r) => r.status === 'pending');
  const members = rows.filter((r) => r.status === 'approved');
  const past = rows.filter((r) => r.status === 'rejected' || r.status === 'removed');

  // An affiliate in two programs has a row in each: every row action names the program as well as
  // the affiliate ("Remove Sofia Marín from Evergreen Home Partners"), its visible word first.
  // Once a list runs past one page, it can be searched by name or username.
  const identity = (list: readonly MerchantAffiliate[]): DataTableColumn<MerchantAffiliate>[] => [
    {
      id: 'name',
      header: 'Affiliate',
      cell: (r) => (
        <Flex direction="column">
          <Text weight="medium">{r.name}</Text>
          <Text size="1" color="gray">
            @{r.username}
          </Text>
        </Flex>
      ),
      sortValue: (r) => r.name,
      rowHeader: true,
      ...(list.length > TABLE_PAGE_SIZE
        ? {
            filter: { type: 'text' } as const,
            filterValue: (r: MerchantAffiliate) => `${r.name} @${r.username}`,
            filterLabel: 'Name or username',
          }
        : {}),
    },
    {
      id: 'program',
      header: 'Program',
      cell: (r) => r.program_name,
      sortValue: (r) => r.program_name,
      // A long program name wraps rather than pushing the actions out of view.
      wrap: true,
    },
  ];
  // Applicants are all waiting and members all approved: only the past decisions differ.
  const status: DataTableColumn<MerchantAffiliate> = {
    id: 'status',
    header: 'Status',
    cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{valueLabel(r.status)}</Badge>,
  };
  // The figures cover all time (`vendor.affiliates()` takes no range, unlike the dashboard), as
  // the page says above the table. Three columns rather than four, so the actions after them fit
  // a laptop's width: the clicks go under the sales they led to.
  const performance: DataTableColumn<MerchantAffiliate>[] = [
    {
      id: 'orders',
      header: 'Sales',
      cell: (r) => (
        <Flex direction="column" align="end">
          <Text>{formatCount(r.orders)}</Text>
          <Text size="1" color="gray">
            {r.clicks === 1 ? '1 click' : `${formatCount(r.clicks)} clicks`}
          </Text>
        </Flex>
      ),
      align: 'end',
      sortValue: (r) => r.orders,
    },
    {
      id: 'revenue',
      header: 'Revenue',
      cell: (r) => formatMoney(r.revenue_cents),
      align: 'end',
      sortValue: (r) => r.revenue_cents,
    },
    {
      id: 'commission',
      header: 'Commission',
      cell: (r) => formatMoney(r.commission_cents),
      align: 'end',
      sortValue: (r) => r.commission_cents,
    },
  ];
  const applicantColumns: DataTableColumn<MerchantAffiliate>[] = [
    ...identity(applicants),
    { id: 'applied', header: 'Applied', cell: (r) => formatDate(r.applied_at) },
    { id: 'note', header: 'Note', cell: (r) => r.application_note ?? '—', wrap: true },
    {
      id: 'actions',
      header: 'Decision',
      actions: true,
      cell: (r) => (
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            loading={decide.isPending && decide.variables?.row.membership_id === r.membership_id}
            onClick={(event) =>
              // A failure is told by the mutation's toast; the button keeps the focus.
              void decideInPlace(r, 'approved', {
                button: event.currentTarget,
                selector: '[aria-label^="Approve "]',
                tab: 'applicants',
              }).catch(() => undefined)
            }
            aria-label={`Approve ${r.name} for ${r.program_name}`}
          >
            Approve
          </Button>
          <ConfirmDialog
            title={`Reject ${r.name}?`}
            description={`${r.name} does not join ${r.program_name}. The application moves to Rejected and removed, where you can still approve it later.`}
            confirmLabel="Reject"
            tone="danger"
            onConfirm={() =>
              decideInPlace(r, 'rejected', {
                button: document.getElementById(actionId(r, 'reject')),
                selector: '[aria-label^="Reject "]',
                tab: 'applicants',
              })
            }
            errorMessage={(error) => errorMessage(error)}
            trigger={
              <Button
                id={actionId(r, 'reject')}
                size="sm"
                variant="outline"
                aria-label={`Reject ${r.name} for ${r.program_name}`}
              >
                Reject
              </Button>
            }
          />
        </Flex>
      ),
    },
  ];
  const memberColumns: DataTableColumn<MerchantAffiliate>[] = [
    ...identity(members),
    ...performance,
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Flex gap="2">
          <Button asChild size="sm" variant="secondary">
            <Link
              to={`/vendor-messages?with=${r.affiliate_id}`}
              aria-label={`Message ${r.name}, member of ${r.program_name}`}
            >
              Message
            </Link>
          </Button>
          <ConfirmDialog
            title={`Remove ${r.name}?`}
            description={`${r.name} leaves ${r.program_name}. Their links stop earning new commissions; commissions already earned are kept.`}
            confirmLabel="Remove"
            onConfirm={() =>
              decideInPlace(r, 'removed', {
                button: document.getElementById(actionId(r, 'remove')),
                selector: '[aria-label^="Remove "]',
                tab: 'members',
              })
            }
            errorMessage={(error) => errorMessage(error)}
            trigger={
              <Button
                id={actionId(r, 'remove')}
                size="sm"
                variant="outline"
                aria-label={`Remove ${r.name} from ${r.program_name}`}
              >
                Remove
              </Button>
            }
          />
        </Flex>
      ),
    },
  ];

  // A rejected applicant or a removed member can be taken (back) into the program: the merchant
  // may have decided too fast, or the reason for removing them is settled.
  const pastColumns: DataTableColumn<MerchantAffiliate>[] = [
    ...identity(past),
    status,
    ...performance,
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <ConfirmDialog
          title={`Approve ${r.name}?`}
          description={`${r.name} joins ${r.program_name} ${r.status === 'removed' ? 'again' : 'after all'}. Their links for it earn commissions from now on.`}
          confirmLabel="Approve"
          onConfirm={() =>
            decideInPlace(r, 'approved', {
              button: document.getElementById(actionId(r, 'approve-again')),
              selector: '[aria-label^="Approve "]',
              tab: 'past',
            })
          }
          errorMessage={(error) => errorMessage(error)}
          trigger={
            <Button
              id={actionId(r, 'approve-again')}
              size="sm"
              variant="outline"
              aria-label={`Approve ${r.name} for ${r.program_name}`}
            >
              Approve
            </Button>
          }
        />
      ),
    },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Affiliates — Verdant</title>
      <PageHeader
        title="Affiliates"
        description="Creators who applied to your programs, your members and how each one performs."
      />
      {affiliates.isError ? (
        <ErrorCard
          message={errorMessage(affiliates.error)}
          onRetry={() => void affiliates.refetch()}
        />
      ) : (
        <Tabs.Root
          defaultValue={applicants.length > 0 || affiliates.isPending ? 'applicants' : 'members'}
        >
          {/* On a phone the three tabs do not fit one row: they wrap onto a second one, every
              label whole, rather than scrolling the last one out of view. */}
          <Tabs.List aria-label="Affiliates" wrap="wrap">
            <Tabs.Trigger value="applicants">Applicants ({applicants.length})</Tabs.Trigger>
            <Tabs.Trigger value="members">Members ({members.length})</Tabs.Trigger>
            <Tabs.Trigger value="past">Rejected and removed ({past.length})</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content
            value="applicants"
            ref={(element) => {
              panels.current.applicants = element;
            }}
          >
            <DataTable
              caption="Applicants waiting for a decision"
              pageSize={TABLE_PAGE_SIZE}
              emptyHeadingLevel={2}
              columns={applicantColumns}
              rows={applicants}
              loading={affiliates.isPending}
              getRowId={(r) => r.membership_id}
              emptyState={
                <EmptyState
                  title="No applications waiting"
                  headingLevel={2}
                  description="New applications to your programs appear here."
                />
              }
            />
          </Tabs.Content>
          <Tabs.Content
            value="members"
            ref={(element) => {
              panels.current.members = element;
            }}
          >
            <Text as="p" size="2" color="gray" mb="3">
              Sales, clicks, revenue and commission are all-time totals of each member for the
              program. Your dashboard shows the last 7, 30 or 90 days.
            </Text>
            <DataTable
              caption="Members and their performance, all time"
              pageSize={TABLE_PAGE_SIZE}
              emptyHeadingLevel={2}
              columns={memberColumns}
              rows={members}
              loading={affiliates.isPending}
              getRowId={(r) => r.membership_id}
              defaultSort={{ columnId: 'revenue', direction: 'descending' }}
              emptyState={
                <EmptyState
                  title="No members yet"
                  headingLevel={2}
                  description="Approve applicants to add them to your program."
                />
              }
            />
          </Tabs.Content>
          <Tabs.Content
            value="past"
            ref={(element) => {
              panels.current.past = element;
            }}
          >
            <DataTable
              caption="Rejected and removed affiliates"
              pageSize={TABLE_PAGE_SIZE}
              emptyHeadingLevel={2}
              columns={pastColumns}
              rows={past}
              loading={affiliates.isPending}
              getRowId={(r) => r.membership_id}
              emptyState={<EmptyState title="Nobody here" headingLevel={2} />}
            />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Flex>
  );
}
