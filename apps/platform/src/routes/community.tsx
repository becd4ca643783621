import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import {
  POST_CATEGORIES,
  REACTION_KINDS,
  REPORT_REASONS,
  type CommunityTarget,
  type PostCategory,
  type ReactionKind,
  type ReportReason,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { sanitizeText } from '@verdant/validation';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  Modal,
  PageHeader,
  Pagination,
  NativeSelect,
  Select,
  Skeleton,
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import Markdown from 'react-markdown';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { errorCode } from '../lib/error-message.ts';
import { REPORT_REASON_LABELS } from '../lib/labels.ts';
import { errorMessage, formatDateTime } from './vendor-format.ts';

const PAGE_SIZE = 10;
const CATEGORY_LABELS: Record<PostCategory, string> = {
  general: 'General',
  sustainability: 'Sustainability',
  marketing: 'Marketing',
  products: 'Products',
  announcements: 'Announcements',
  help: 'Help',
};
const REACTION_LABELS: Record<ReactionKind, string> = {
  like: 'Like',
  insightful: 'Insightful',
  celebrate: 'Celebrate',
  support: 'Support',
};

/** The community (/community): posts with pagination, comments, reactions and reports. */
export function Component() {
  const { user, isAuthenticated, isDemoMode } = useAuth();
  const canWrite = isAuthenticated && !isDemoMode;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const category = (params.get('category') ?? 'all') as PostCategory | 'all';
  const openPost = params.get('post');

  const posts = useQuery({
    queryKey: ['community', 'posts', category, page],
    queryFn: () =>
      api.community.listPosts({
        page: page - 1,
        pageSize: PAGE_SIZE,
        ...(category === 'all' ? {} : { category }),
      }),
  });
  const post = useQuery({
    queryKey: ['community', 'post', openPost],
    queryFn: () => api.community.getPost(openPost!),
    enabled: Boolean(openPost),
  });
  const reactions = useQuery({
    queryKey: ['community', 'reactions', openPost],
    queryFn: () => api.community.listPostReactions(openPost!),
    enabled: Boolean(openPost),
  });

  const [draft, setDraft] = useState({ title: '', body: '', category: 'general' as PostCategory });
  const [comment, setComment] = useState('');
  const [report, setReport] = useState<{ target: CommunityTarget; label: string } | null>(null);
  // No reason is chosen for the reporter: sending asks for one.
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [details, setDetails] = useState('');

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['community'] });
  const createPost = useMutation({
    mutationFn: () =>
      api.community.createPost({
        title: sanitizeText(draft.title),
        body: sanitizeText(draft.body, { maxLength: 10_000 }),
        category: draft.category,
      }),
    onSuccess: async (created) => {
      setDraft({ title: '', body: '', category: 'general' });
      await refresh();
      setParams({ post: created.id });
      toast({ title: 'Posted' });
    },
  });
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const addComment = useMutation({
    mutationFn: () => api.community.comment(openPost!, sanitizeText(comment, { maxLength: 5000 })),
    onSuccess: async () => {
      setComment('');
      // Back in the emptied box, ready for the next comment (the Send button goes inactive).
      commentRef.current?.focus();
      await refresh();
    },
  });
  const react = useMutation({
    mutationFn: async (kind: ReactionKind) => {
      const mine = (reactions.data ?? []).find(
        (r) => r.user_id === user?.id && r.kind === kind && r.comment_id === null,
      );
      if (mine) await api.community.unreact(mine.id);
      else await api.community.react({ postId: openPost! }, kind);
    },
    onSuccess: refresh,
    onError: (error) =>
      toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' }),
  });
  const sendReport = useMutation({
    mutationFn: (chosen: ReportReason) =>
      api.community.report(
        report!.target,
        chosen,
        details.trim() ? sanitizeText(details, { maxLength: 2000 }) : null,
      ),
    onSuccess: () => {
      setReport(null);
      setDetails('');
      setReason('');
      toast({ title: 'Reported', description: 'A moderator will look at it.' });
    },
  });

  const onPost = (event: FormEvent) => {
    event.preventDefault();
    createPost.mutate();
  };
  const onComment = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim()) addComment.mutate();
  };
  const pageCount = Math.max(1, Math.ceil((posts.data?.total ?? 0) / PAGE_SIZE));
  const go = (next: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...next });

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Community — Verdant</title>
      <PageHeader
        title="Community"
        description="Affiliates and merchants comparing notes on honest sustainability marketing."
      />
      <Flex gap="3" align="end" wrap="wrap">
        <Field label="Topic" style={{ flex: '0 1 240px' }}>
          <Select
            value={category}
            onValueChange={(value) => setParams(value === 'all' ? {} : { category: value })}
            options={[
              { value: 'all', label: 'All topics' },
              ...POST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
            ]}
          />
        </Field>
      </Flex>

      {openPost ? (
        <Card>
          {post.isError ? (
            <ErrorCard message={errorMessage(post.error)} />
          ) : post.isPending ? (
            <Skeleton height="200px" />
          ) : (
            <Flex direction="column" gap="3">
              <Flex justify="between" align="start" gap="3" wrap="wrap">
                <Heading as="h2" size="5">
                  {post.data.title}
                </Heading>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setParams({ ...(category === 'all' ? {} : { category }), page: String(page) })
                  }
                >
                  Back to the list
                </Button>
              </Flex>
              <Text size="1" color="gray">
                {CATEGORY_LABELS[post.data.category as PostCategory]} ·{' '}
                {formatDateTime(post.data.created_at)}
              </Text>
              <Box style={{ overflowWrap: 'anywhere' }}>
                <Markdown skipHtml urlTransform={() => ''}>
                  {post.data.body}
                </Markdown>
              </Box>
              <Flex gap="2" wrap="wrap" role="group" aria-label="Reactions">
                {REACTION_KINDS.map((kind) => {
                  const all = (reactions.data ?? []).filter(
                    (r) => r.kind === kind && r.comment_id === null,
                  );
                  const mine = all.some((r) => r.user_id === user?.id);
                  return (
                    <Button
                      key={kind}
                      size="sm"
                      variant={mine ? 'secondary' : 'outline'}
                      aria-pressed={mine}
                      disabled={!canWrite || react.isPending}
                      onClick={() => react.mutate(kind)}
                    >
                      {REACTION_LABELS[kind]} {all.length}
                    </Button>
                  );
                })}
                {/* Nobody reports their own post (the database refuses it too). */}
                {canWrite && post.data.author_id !== user?.id ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      setReport({
                        target: { postId: post.data.id },
                        label: `the post “${post.data.title}”`,
                      })
                    }
                  >
                    Report post
                  </Button>
                ) : null}
              </Flex>
              <Heading as="h3" size="3">
                Comments ({post.data.comments.length})
              </Heading>
              <Flex asChild direction="column" gap="2">
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {post.data.comments.map((c) => (
                    <li key={c.id}>
                      <Card size="sm">
                        <Text
                          as="p"
                          size="2"
                          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                        >
                          {c.body}
                        </Text>
                        <Flex justify="between" align="center">
                          <Text size="1" color="gray">
                            {formatDateTime(c.created_at)}
                          </Text>
                          {canWrite && c.author_id !== user?.id ? (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() =>
                                setReport({ target: { commentId: c.id }, label: 'this comment' })
                              }
                            >
                              Report
                            </Button>
                          ) : null}
                        </Flex>
                      </Card>
                    </li>
                  ))}
                </ul>
              </Flex>
              {canWrite ? (
                <form onSubmit={onComment} aria-label="Add a comment">
                  <Flex direction="column" gap="2">
                    <Field label="Your comment">
                      <Textarea
                        ref={commentRef}
                        value={comment}
                        rows={3}
                        maxLength={5000}
                        onChange={(e) => setComment(e.target.value)}
                      />
                    </Field>
                    {addComment.isError ? (
                      <ErrorCard title="Not posted" message={errorMessage(addComment.error)} />
                    ) : null}
                    <div>
                      <Button
                        type="submit"
                        loading={addComment.isPending}
                        disabled={!comment.trim()}
                      >
                        Comment
                      </Button>
                    </div>
                  </Flex>
                </form>
              ) : (
                <Text size="2" color="gray">
                  <Link to={`/login?next=${encodeURIComponent(`/community?post=${openPost}`)}`}>
                    Log in
                  </Link>{' '}
                  to comment and react.
                </Text>
              )}
            </Flex>
          )}
        </Card>
      ) : (
        <>
          {posts.isError ? (
            <ErrorCard message={errorMessage(posts.error)} onRetry={() => void posts.refetch()} />
          ) : posts.isPending ? (
            <Skeleton height="300px" />
          ) : posts.data.rows.length === 0 ? (
            <EmptyState
              title="No posts here yet"
              description={canWrite ? 'Start the conversation below.' : undefined}
            />
          ) : (
            <Flex asChild direction="column" gap="3">
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Posts">
                {posts.data.rows.map((p) => (
                  <li key={p.id}>
                    <Card>
                      <Flex direction="column" gap="1">
                        <Flex gap="2" align="center" wrap="wrap">
                          {p.is_pinned ? <Badge tone="brand">Pinned</Badge> : null}
                          <Badge>{CATEGORY_LABELS[p.category as PostCategory]}</Badge>
                          <Text size="1" color="gray">
                            {formatDateTime(p.created_at)}
                          </Text>
                        </Flex>
                        <Link to={`/community?post=${p.id}`}>
                          <Text weight="bold" size="4">
                            {p.title}
                          </Text>
                        </Link>
                        <Text as="p" color="gray" size="2" style={{ overflowWrap: 'anywhere' }}>
                          {sanitizeText(p.body).slice(0, 220)}
                          {p.body.length > 220 ? '…' : ''}
                        </Text>
                      </Flex>
                    </Card>
                  </li>
                ))}
              </ul>
            </Flex>
          )}
          {pageCount > 1 ? (
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => go({ page: String(next) })}
              label="Posts pages"
            />
          ) : null}
          {canWrite ? (
            <Card>
              <form onSubmit={onPost} aria-label="New post">
                <Flex direction="column" gap="3">
                  <Heading as="h2" size="4">
                    Start a thread
                  </Heading>
                  <Field label="Title" required>
                    <TextInput
                      value={draft.title}
                      maxLength={200}
                      onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                    />
                  </Field>
                  <Field label="Topic">
                    <Select
                      value={draft.category}
                      onValueChange={(v) => setDraft({ ...draft, category: v as PostCategory })}
                      options={POST_CATEGORIES.filter(
                        (c) => c !== 'announcements' || user?.role === 'admin',
                      ).map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                    />
                  </Field>
                  <Field label="Post" required>
                    <Textarea
                      value={draft.body}
                      rows={5}
                      maxLength={10_000}
                      onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                    />
                  </Field>
                  {createPost.isError ? (
                    <ErrorCard title="Not posted" message={errorMessage(createPost.error)} />
                  ) : null}
                  <div>
                    <Button type="submit" loading={createPost.isPending}>
                      Post
                    </Button>
                  </div>
                </Flex>
              </form>
            </Card>
          ) : (
            <Text color="gray">
              <Link to="/login?next=%2Fcommunity">Log in</Link> to start a thread.
            </Text>
          )}
        </>
      )}

      <Modal.Root
        open={report !== null}
        onOpenChange={(open) => {
          if (open) return;
          setReport(null);
          setReason('');
          setReasonMissing(false);
        }}
      >
        <Modal.Content>
          <Modal.Title>Report {report?.label}</Modal.Title>
          <Modal.Description>
            Moderators review every report. The author is not told who reported.
          </Modal.Description>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (reason === '') {
                setReasonMissing(true);
                event.currentTarget.querySelector('select')?.focus();
                return;
              }
              sendReport.mutate(reason);
            }}
          >
            <Flex direction="column" gap="3" mt="3">
              <Field
                label="Reason"
                required
                error={reasonMissing && reason === '' ? 'Choose a reason' : undefined}
              >
                <NativeSelect
                  value={reason}
                  placeholder="Choose a reason"
                  onChange={(event) => setReason(event.target.value as ReportReason)}
                  options={REPORT_REASONS.map((r) => ({
                    value: r,
                    label: REPORT_REASON_LABELS[r],
                  }))}
                />
              </Field>
              <Field label="Details (optional)">
                <Textarea
                  value={details}
                  rows={3}
                  maxLength={2000}
                  onChange={(e) => setDetails(e.target.value)}
                />
              </Field>
              {sendReport.isError ? (
                <ErrorCard
                  title="Not reported"
                  message={
                    errorCode(sendReport.error) === 'conflict'
                      ? 'You have already reported this, and a moderator has not looked at it yet.'
                      : errorMessage(sendReport.error)
                  }
                />
              ) : null}
              <Flex gap="2" justify="end">
                <Button type="button" variant="ghost" onClick={() => setReport(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={sendReport.isPending}>
                  Send report
                </Button>
              </Flex>
            </Flex>
          </form>
        </Modal.Content>
      </Modal.Root>
    </Flex>
  );
}
