import { Flex, Text } from '@radix-ui/themes';
import type { Report, ReportReason } from '@verdant/api-client';
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
import { api } from '../../lib/api.ts';
import { REPORT_REASON_LABELS, valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDateTime } from '../vendor-format.ts';

type Action = 'dismiss' | 'hide' | 'remove';

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
    onError: (error) =>
      toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
  });

  const contentOf = (r: Report) => {
    const post = r.post_id ? postById.get(r.post_id) : undefined;
    if (r.comment_id) {
      const comment = post?.comments.find((c) => c.id === r.comment_id);
      return comment ? `Comment: “${comment.body}”` : 'A comment';
    }
    return post ? `Post: “${post.title}” — ${post.body.slice(0, 160)}` : 'A post';
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
            size="sm"
            variant="secondary"
            disabled={act.isPending}
            onClick={() => act.mutate({ report: r, action: 'hide' })}
          >
            Hide
          </Button>
          <ConfirmDialog
            title="Remove this content?"
            description={`${contentOf(r)} is deleted for everyone, with its replies, and the report is closed. Hide keeps it for its author.`}
            confirmLabel="Remove"
            tone="danger"
            onConfirm={() => act.mutateAsync({ report: r, action: 'remove' }).then(() => undefined)}
            errorMessage={(error) => errorMessage(error)}
            trigger={
              <Button size="sm" variant="outline" disabled={act.isPending}>
                Remove
              </Button>
            }
          />
          <Button
            size="sm"
            variant="ghost"
            disabled={act.isPending}
            onClick={() => act.mutate({ report: r, action: 'dismiss' })}
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
        description="Reports from the community, oldest first. Hidden content stays visible to its author; removed content to nobody."
      />
      {reports.isError ? (
        <ErrorCard message={errorMessage(reports.error)} onRetry={() => void reports.refetch()} />
      ) : (
        <DataTable
          caption="Open reports"
          columns={columns}
          rows={rows}
          loading={reports.isPending}
          getRowId={(r) => r.id}
          emptyState={<EmptyState title="No open reports" headingLevel={2} />}
        />
      )}
    </Flex>
  );
}
