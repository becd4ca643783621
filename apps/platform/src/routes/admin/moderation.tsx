import { Flex, Heading, Text } from '@radix-ui/themes';
import type { HiddenContent, Report, ReportReason } from '@verdant/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api.ts';
import { REPORT_REASON_LABELS, valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDateTime } from '../vendor-format.ts';

type Action = 'dismiss' | 'hide' | 'remove';

const ACTION_LABELS: Record<Action, string> = {
  hide: 'Hide',
  remove: 'Remove',
  dismiss: 'Dismiss',
};

const actionButtonId = (action: Action, reportId: string) => `moderate-${action}-${reportId}`;

/** How much of a comment names it in its row's buttons. */
const EXCERPT_MAX = 60;

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_MAX ? `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : line;
};

const HIDDEN_KEY = ['admin', 'hidden-content'] as const;
const restoreButtonId = (item: HiddenContent) => `restore-${item.kind}-${item.id}`;
const RESTORE_SELECTOR = '[id^="restore-"]';

/** A hidden post or comment in a few words: what its Restore button is named by. */
const hiddenName = (item: HiddenContent) =>
  item.kind === 'post' ? `post “${item.title}”` : `comment “${excerpt(item.body)}”`;

/**
 * What moderators hid, newest first, each with Restore: a hide is undone here (the content is
 * published again). Removed content is gone for good and not listed.
 */
function HiddenContentTable() {
  const queryClient = useQueryClient();
  const hidden = useQuery({ queryKey: HIDDEN_KEY, queryFn: () => api.admin.listHiddenContent() });
  const tableRef = useRef<HTMLDivElement>(null);
  // The row restored, and where it stood: its Restore goes, so the focus moves to the next one.
  const restored = useRef<{ id: string; index: number } | null>(null);
  const items = hidden.data ?? [];
  const restore = useMutation({
    mutationFn: async (item: HiddenContent) => {
      if (item.kind === 'post') await api.admin.moderatePost(item.id, 'published');
      else await api.admin.moderateComment(item.id, 'published');
    },
    onMutate: (item) => {
      restored.current = { id: restoreButtonId(item), index: items.indexOf(item) };
    },
    onSuccess: async (_row, item) => {
      toast({ title: 'Content restored', description: `The ${hiddenName(item)} is public again.` });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      restored.current = null;
      toast({ title: 'Not restored', description: errorMessage(error), variant: 'destructive' });
    },
  });
  // A restored row leaves the table with its button: the focus goes to the Restore that takes its
  // place (or the one before it), or to "Nothing is hidden" once none is left.
  useEffect(() => {
    const target = restored.current;
    if (!target || restore.isPending || !hidden.data) return;
    const buttons = [...(tableRef.current?.querySelectorAll<HTMLElement>(RESTORE_SELECTOR) ?? [])];
    if (buttons.some((b) => b.id === target.id)) return;
    restored.current = null;
    const next = buttons[target.index] ?? buttons[target.index - 1];
    if (next) {
      next.focus();
      return;
    }
    const empty = tableRef.current?.querySelector<HTMLElement>('[data-slot="empty-state-title"]');
    if (empty) {
      empty.tabIndex = -1;
      empty.focus();
    }
  }, [hidden.data, restore.isPending]);

  const columns: readonly DataTableColumn<HiddenContent>[] = [
    { id: 'when', header: 'Hidden', cell: (item) => formatDateTime(item.updated_at) },
    {
      id: 'content',
      header: 'Content',
      rowHeader: true,
      wrap: true,
      cell: (item) => (
        <Flex direction="column" gap="1">
          <Text size="2">
            {item.kind === 'post'
              ? `Post: “${item.title}” — ${item.body.slice(0, 160)}`
              : `Comment: “${item.body.slice(0, 200)}”`}
          </Text>
          {item.kind === 'comment' && item.post_title ? (
            <Text size="1" color="gray">
              On “{item.post_title}”
            </Text>
          ) : null}
        </Flex>
      ),
    },
    {
      id: 'author',
      header: 'Author',
      cell: (item) =>
        item.author ? `${item.author.name} (@${item.author.username})` : 'Unknown author',
    },
    {
      id: 'action',
      header: 'Action',
      actions: true,
      cell: (item) => {
        const mine = restore.isPending && restore.variables === item;
        return (
          <Button
            id={restoreButtonId(item)}
            size="sm"
            variant="secondary"
            loading={mine}
            disabled={restore.isPending && !mine}
            aria-label={`Restore: ${hiddenName(item)}`}
            onClick={() => restore.mutate(item)}
          >
            Restore
          </Button>
        );
      },
    },
  ];

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Hidden content
      </Heading>
      <Text as="p" color="gray">
        Posts and comments hidden from the community, newest first. Restore publishes one again.
      </Text>
      {hidden.isError ? (
        <ErrorCard
          title="The hidden content could not be loaded"
          message={errorMessage(hidden.error)}
          onRetry={() => void hidden.refetch()}
          retrying={hidden.isFetching}
        />
      ) : (
        <DataTable
          ref={tableRef}
          caption="Hidden content"
          columns={columns}
          rows={items}
          loading={hidden.isPending}
          getRowId={(item) => `${item.kind}-${item.id}`}
          emptyState={<EmptyState title="Nothing is hidden" headingLevel={3} />}
        />
      )}
    </Flex>
  );
}

/** Community moderation (/admin/moderation): open reports, hide or remove, or dismiss. */
export function Component() {
  const queryClient = useQueryClient();
  const reports = useQuery({
    queryKey: ['admin', 'reports'],
    queryFn: () => api.admin.listOpenReports({ pageSize: 50 }),
  });
  const rows = reports.data?.rows ?? [];
  const postIds = [
    ...new Set(rows.map((r) => r.post_id).filter((id): id is string => id !== null)),
  ];
  const posts = useQueries({
    queries: postIds.map((id) => ({
      queryKey: ['admin', 'post', id],
      queryFn: () => api.community.getPost(id),
    })),
  });
  const postById = new Map(posts.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])));

  const tableRef = useRef<HTMLDivElement>(null);
  const resolved = useRef<{ action: Action; reportId: string; index: number } | null>(null);

  const act = useMutation({
    mutationFn: async ({ report, action }: { report: Report; action: Action }) => {
      if (action !== 'dismiss') {
        const status = action === 'hide' ? 'hidden' : 'removed';
        if (report.comment_id) await api.admin.moderateComment(report.comment_id, status);
        else if (report.post_id) await api.admin.moderatePost(report.post_id, status);
      }
      return api.admin.resolveReport(report.id, action === 'dismiss' ? 'dismissed' : 'actioned');
    },
    onSuccess: async (_r, { action }) => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      toast({
        title:
          action === 'dismiss'
            ? 'Report dismissed'
            : `Content ${action === 'hide' ? 'hidden' : 'removed'}`,
      });
    },
    onError: (error) => {
      resolved.current = null;
      toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' });
    },
  });
  const run = (report: Report, action: Action) => {
    resolved.current = {
      action,
      reportId: report.id,
      index: Math.max(
        0,
        rows.findIndex((r) => r.id === report.id),
      ),
    };
    return act.mutateAsync({ report, action });
  };
  // The button pressed shows the work and keeps the focus; the others wait.
  const acting = (report: Report, action: Action) =>
    act.isPending && act.variables?.report.id === report.id && act.variables.action === action;
  const actionProps = (report: Report, action: Action) => ({
    id: actionButtonId(action, report.id),
    size: 'sm' as const,
    loading: acting(report, action),
    disabled: act.isPending && !acting(report, action),
    'aria-label': `${ACTION_LABELS[action]}: ${nameOf(report)}`,
  });

  // A resolved report leaves the table, and its buttons with it: the focus moves to the same
  // action of the report that takes its place (the next one, or the one before when it was the
  // last), or to the table's "No open reports" when none is left. It moves once the work is done:
  // until then the other buttons are disabled, and a disabled button takes no focus.
  useEffect(() => {
    const target = resolved.current;
    const list = reports.data?.rows;
    if (!target || act.isPending || !list || list.some((r) => r.id === target.reportId)) return;
    resolved.current = null;
    const next = list[target.index] ?? list[target.index - 1];
    if (next) {
      document.getElementById(actionButtonId(target.action, next.id))?.focus();
      return;
    }
    const empty = tableRef.current?.querySelector<HTMLElement>('[data-slot="empty-state-title"]');
    if (empty) {
      empty.tabIndex = -1;
      empty.focus();
    }
  }, [reports.data, act.isPending]);

  const contentOf = (r: Report) => {
    const post = r.post_id ? postById.get(r.post_id) : undefined;
    if (r.comment_id) {
      const comment = post?.comments.find((c) => c.id === r.comment_id);
      return comment ? `Comment: “${comment.body}”` : 'A comment';
    }
    return post ? `Post: “${post.title}” — ${post.body.slice(0, 160)}` : 'A post';
  };
  /** The reported content in a few words, naming the row's buttons ("Hide: <post title>"). */
  const nameOf = (r: Report) => {
    const post = r.post_id ? postById.get(r.post_id) : undefined;
    if (r.comment_id) {
      const comment = post?.comments.find((c) => c.id === r.comment_id);
      return comment
        ? `comment “${excerpt(comment.body)}”`
        : `a comment reported ${formatDateTime(r.created_at)}`;
    }
    return post ? post.title : `a post reported ${formatDateTime(r.created_at)}`;
  };

  const columns: readonly DataTableColumn<Report>[] = [
    { id: 'when', header: 'Reported', cell: (r) => formatDateTime(r.created_at) },
    {
      id: 'reason',
      header: 'Reason',
      cell: (r) => (
        <Badge tone="warning">
          {REPORT_REASON_LABELS[r.reason as ReportReason] ?? valueLabel(r.reason)}
        </Badge>
      ),
    },
    {
      id: 'content',
      header: 'Content',
      rowHeader: true,
      wrap: true,
      cell: (r) => (
        <Flex direction="column" gap="1">
          <Text size="2">{contentOf(r)}</Text>
          {r.details ? (
            <Text size="1" color="gray">
              Reporter: {r.details}
            </Text>
          ) : null}
        </Flex>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <Flex gap="2" wrap="wrap">
          <Button
            {...actionProps(r, 'hide')}
            variant="secondary"
            onClick={() => void run(r, 'hide').catch(() => undefined)}
          >
            Hide
          </Button>
          <ConfirmDialog
            title="Remove this content?"
            description={`${contentOf(r)} is deleted for everyone, with its replies, and the report is closed. Hide keeps it for its author.`}
            confirmLabel="Remove"
            tone="danger"
            onConfirm={() => run(r, 'remove').then(() => undefined)}
            errorMessage={(error) => errorMessage(error)}
            trigger={
              <Button {...actionProps(r, 'remove')} variant="outline">
                Remove
              </Button>
            }
          />
          <Button
            {...actionProps(r, 'dismiss')}
            variant="ghost"
            onClick={() => void run(r, 'dismiss').catch(() => undefined)}
          >
            Dismiss
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Moderation — Verdant admin</title>
      <PageHeader
        title="Moderation"
        description="Reports from the community, oldest first. Hidden content stays visible to its author and can be restored below; removed content to nobody."
      />
      {reports.isError ? (
        <ErrorCard message={errorMessage(reports.error)} onRetry={() => void reports.refetch()} />
      ) : (
        <DataTable
          ref={tableRef}
          caption="Open reports"
          columns={columns}
          rows={rows}
          loading={reports.isPending}
          getRowId={(r) => r.id}
          emptyState={<EmptyState title="No open reports" headingLevel={2} />}
        />
      )}
      <HiddenContentTable />
    </Flex>
  );
}
