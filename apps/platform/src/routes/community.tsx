import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import {
  POST_CATEGORIES,
  REACTION_KINDS,
  REPORT_REASONS,
  type CommunityTarget,
  type PostAuthor,
  type PostCategory,
  type PostWithComments,
  type ReactionKind,
  type ReportReason,
  type ValidationDetails,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { sanitizeText } from '@verdant/validation';
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorCard,
  Field,
  Modal,
  PageHeader,
  Pagination,
  NativeSelect,
  Skeleton,
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Markdown from 'react-markdown';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { errorCode, formError, upstreamCode } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { REPORT_REASON_LABELS } from '../lib/labels.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { fetchOpenReports, reportKey } from './community-reports.ts';
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
const POST_FIELDS = ['title', 'category', 'body'] as const;
type PostField = (typeof POST_FIELDS)[number];
/** The post forms' labels, which name their fields in the message shown at each. */
const POST_FIELD_LABELS: Record<PostField, string> = {
  title: 'Title',
  category: 'Topic',
  body: 'Post',
};
/** The database's own checks of a post's columns (`posts_<column>_check`), in words. */
const POST_CHECK_MESSAGES: Record<PostField, string> = {
  title: 'Title must be 3 to 200 characters long',
  category: 'Choose one of the topics listed',
  body: 'Post must be 1 to 10,000 characters long',
};
/** The limits of a post's title and text: the API client's, which the database's match. */
const TITLE_MIN = 3;
const TITLE_MAX = 200;
const BODY_MAX = 10_000;

type PostFailure = { field: PostField | undefined; message: string };

/**
 * A failed save of a post as its forms show it: the field it concerns (undefined: the form's error
 * card) and the message, which names that field by the form's label.
 */
function postFailure(caught: unknown): PostFailure {
  const { field, message } = formError(caught, POST_FIELDS);
  if (field) {
    // The client names the field by its column ("Body must not be empty"); the form by its label.
    const reason = (caught as { details?: Partial<ValidationDetails> }).details?.reason;
    return { field, message: reason ? `${POST_FIELD_LABELS[field]} ${reason}` : message };
  }
  // A column's check in the database names its constraint ("… violates check constraint
  // "posts_title_check""): told at that field too, in words rather than the server's.
  if (upstreamCode(caught) === '23514' && caught instanceof Error) {
    const column = /\bposts_(\w+)_check\b/.exec(caught.message)?.[1];
    const checked = POST_FIELDS.find((f) => f === column);
    if (checked) return { field: checked, message: POST_CHECK_MESSAGES[checked] };
  }
  return { field: undefined, message };
}

/** A post's title and text as they are sent: sanitised (which trims them) like the server does. */
function sentPost(draft: { title: string; body: string }): { title: string; body: string } {
  return {
    title: sanitizeText(draft.title),
    body: sanitizeText(draft.body, { maxLength: BODY_MAX }),
  };
}

/** The toast's words when a post was stored other than as typed (see `markupRemovedNote`). */
function changedNote(
  typed: { title: string; body: string },
  stored: { title: string; body: string },
) {
  return markupRemovedNote('Posts are', [
    [typed.title, stored.title],
    [typed.body, stored.body],
  ]);
}

/**
 * What keeps a post from being sent, new or edited, by field, checked before any request with the
 * limits the API client and the database enforce: both forms say the same thing of the same
 * title. The shortest title is counted in characters, as the database counts (an emoji is one),
 * the longest in UTF-16 units, as the client counts: the stricter of the two each time.
 */
function postErrors(draft: { title: string; body: string }): Partial<Record<PostField, string>> {
  const { title, body } = sentPost(draft);
  const errors: Partial<Record<PostField, string>> = {};
  if (title === '') errors.title = 'Enter a title';
  else if ([...title].length < TITLE_MIN)
    errors.title = `Write a title of at least ${TITLE_MIN} characters`;
  else if (title.length > TITLE_MAX)
    errors.title = `Shorten the title to at most ${TITLE_MAX} characters`;
  if (body === '') errors.body = 'Write your post';
  return errors;
}

/**
 * Whether a report was refused because this member's earlier one is still open (the database's
 * one-open-report-per-member unique index: a `conflict`).
 */
const alreadyReported = (caught: unknown) => errorCode(caught) === 'conflict';

/**
 * A post's or comment's Report button. Once the member has an open report about it, it reads
 * "Reported" and is inactive (`aria-disabled`, and drawn as the kit draws a disabled button), but
 * stays focusable: it is the button the report dialog hands the focus back to when it closes,
 * and a disabled one would drop the focus to the page. Each name starts with its visible words.
 */
function ReportButton({
  reported,
  name,
  reportedName,
  onReport,
  children,
}: {
  reported: boolean;
  name: string;
  reportedName: string;
  onReport: (opener: HTMLElement) => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={reported ? reportedName : name}
      aria-disabled={reported || undefined}
      data-disabled={reported ? '' : undefined}
      onClick={(event) => {
        if (!reported) onReport(event.currentTarget);
      }}
    >
      {reported ? 'Reported' : children}
    </Button>
  );
}

/** The name shown for an author: their public name, else their username. */
function authorName(author: PostAuthor | null): string {
  return author?.name?.trim() || (author?.username ? `@${author.username}` : 'Unknown member');
}

/** Who wrote a post or comment (picture and name) and when. */
function Byline({
  author,
  date,
  size = '1',
  children,
}: {
  author: PostAuthor | null;
  date: string;
  size?: '1' | '2';
  children?: ReactNode;
}) {
  const name = authorName(author);
  return (
    <Flex align="center" gap="2" minWidth="0">
      <Avatar name={name} src={author?.profile_image} size={size} decorative />
      <Text size={size} color="gray" style={{ overflowWrap: 'anywhere' }}>
        <Text weight="medium" highContrast>
          {name}
        </Text>
        {children}
        {' · '}
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(date)}</span>
      </Text>
    </Flex>
  );
}

/** The author's (or an admin's) form for a post's title, topic and text, in place of the post. */
function PostEditForm({
  post,
  isAdmin,
  onClose,
}: {
  post: PostWithComments;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    title: post.title,
    category: post.category as PostCategory,
    body: post.body,
  });
  const [error, setError] = useState<PostFailure | null>(null);
  // The fields' own checks show once Save was pressed, and follow the typing from then on.
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const save = useMutation({
    mutationFn: () =>
      api.community.updatePost(post.id, { ...sentPost(values), category: values.category }),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: ['community'] });
      toast({ title: 'Post updated', ...changedNote(values, updated) });
      onClose();
    },
    onError: (caught) => {
      setError(postFailure(caught));
      focusFirstInvalid(formRef.current, errorRef);
    },
  });
  const issues = postErrors(values);
  /** A field's message: the check the new-post form makes too, else the server's refusal. */
  const errorAt = (field: PostField) =>
    (submitted ? issues[field] : undefined) ?? (error?.field === field ? error.message : undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    // The focus goes to the first field to fix, once its message is shown.
    if (Object.keys(issues).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    save.mutate();
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Edit post">
      <Flex direction="column" gap="3" mb="3">
        {error && !error.field ? (
          <ErrorCard
            ref={errorRef}
            tabIndex={-1}
            align="start"
            title="Not saved"
            message={error.message}
          />
        ) : null}
        <Field label="Title" required error={errorAt('title')}>
          <TextInput
            ref={titleRef}
            value={values.title}
            maxLength={TITLE_MAX}
            onChange={(e) => setValues({ ...values, title: e.target.value })}
          />
        </Field>
        <Field label="Topic" error={errorAt('category')} style={{ maxWidth: '320px' }}>
          <NativeSelect
            value={values.category}
            onChange={(e) => setValues({ ...values, category: e.target.value as PostCategory })}
            options={POST_CATEGORIES.filter(
              (c) => c !== 'announcements' || isAdmin || c === post.category,
            ).map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          />
        </Field>
        <Field label="Post" required error={errorAt('body')}>
          <Textarea
            value={values.body}
            rows={6}
            maxLength={BODY_MAX}
            onChange={(e) => setValues({ ...values, body: e.target.value })}
          />
        </Field>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** The community (/community): posts with pagination, comments, reactions and reports. */
export function Component() {
  const { user, isAuthenticated, isDemoMode } = useAuth();
  const canWrite = isAuthenticated && !isDemoMode;
  const isAdmin = user?.role === 'admin';
  // What row-level security lets a member change: their own posts and comments; admins any.
  const mayManage = (authorId: string) => canWrite && (isAdmin || authorId === user?.id);
  const queryClient = useQueryClient();
  const ids = useId();
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
    // The posts shown stay until the next page or category has loaded.
    placeholderData: keepPreviousData,
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

  // What this member has reported and a moderator has not closed yet: those Report buttons say
  // "Reported". Unread (or refused), every button offers the form, and the database still refuses
  // a second report, which then marks the button too.
  const reportsKey = ['community', 'my-reports', user?.id] as const;
  const myReports = useQuery({
    queryKey: reportsKey,
    queryFn: () => fetchOpenReports(),
    enabled: canWrite && Boolean(openPost) && Boolean(user),
  });
  const isReported = (target: CommunityTarget) => myReports.data?.has(reportKey(target)) ?? false;
  const markReported = (target: CommunityTarget) =>
    queryClient.setQueryData<ReadonlySet<string>>(reportsKey, (known) =>
      new Set(known).add(reportKey(target)),
    );

  const [draft, setDraft] = useState({ title: '', body: '', category: 'general' as PostCategory });
  // The new post's errors show once Post was pressed; a failed send's at its field or in the card.
  const [draftTouched, setDraftTouched] = useState(false);
  const [draftFailure, setDraftFailure] = useState<PostFailure | null>(null);
  const draftFormRef = useRef<HTMLFormElement>(null);
  const draftErrorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const [comment, setComment] = useState('');
  // What the report dialog is about. It stays while the dialog closes (its title does not blank
  // out as it fades); `reportOpen` says whether it is open.
  const [report, setReport] = useState<{ target: CommunityTarget; label: string } | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  // The dialog is opened from state, with no trigger for it to hand the focus back to: the button
  // that opened it is kept here and takes the focus again when it closes.
  const reportOpener = useRef<HTMLElement | null>(null);
  // No reason is chosen for the reporter: sending asks for one.
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [details, setDetails] = useState('');
  // The post whose edit form is open (none when another post opens).
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = openPost !== null && editingId === openPost;
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const focusEditButton = useRef(false);
  useEffect(() => {
    // Back from the edit form, the focus returns to the button that opened it.
    if (editing || !focusEditButton.current) return;
    focusEditButton.current = false;
    editButtonRef.current?.focus();
  }, [editing]);
  const closeEditor = () => {
    focusEditButton.current = true;
    setEditingId(null);
  };
  const commentsHeadingRef = useRef<HTMLHeadingElement>(null);
  // A thread opened from this page (just posted, or picked from the list) takes the focus to its
  // heading once it has loaded: the form or link that opened it is gone with the list.
  const threadHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusThreadHeading = useRef(false);
  const shownPostId = post.data?.id;
  useEffect(() => {
    if (!focusThreadHeading.current || !openPost || shownPostId !== openPost) return;
    focusThreadHeading.current = false;
    threadHeadingRef.current?.focus();
  }, [openPost, shownPostId]);
  // Set once a delete went through, so its dialog does not hand the focus back to a gone button.
  const deleted = useRef(false);
  const focusWhenShown = useFocusWhenShown();
  const postsListRef = useRef<HTMLUListElement>(null);
  /**
   * "Back to the list": the thread (and the button) give way to the list, so the focus goes to the
   * thread's own link in it, where the reader left off, or to the list when it is on another page.
   */
  const backToList = (postId: string) => {
    focusWhenShown(
      () =>
        postsListRef.current?.querySelector<HTMLElement>(
          `a[href="/community?post=${CSS.escape(postId)}"]`,
        ) ?? postsListRef.current,
    );
    setParams({ ...(category === 'all' ? {} : { category }), page: String(page) });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['community'] });
  const createPost = useMutation({
    mutationFn: () => api.community.createPost({ ...sentPost(draft), category: draft.category }),
    onSuccess: async (created) => {
      const note = changedNote(draft, created);
      setDraft({ title: '', body: '', category: 'general' });
      setDraftTouched(false);
      await refresh();
      focusThreadHeading.current = true;
      setParams({ post: created.id });
      toast({ title: 'Posted', ...note });
    },
    onError: (caught) => {
      setDraftFailure(postFailure(caught));
      focusFirstInvalid(draftFormRef.current, draftErrorRef);
    },
  });
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const addComment = useMutation({
    mutationFn: (typed: string) =>
      api.community.comment(openPost!, sanitizeText(typed, { maxLength: 5000 })),
    onSuccess: async (stored, typed) => {
      setComment('');
      // Stored other than as typed (the sanitiser removes markup): said, or the writer would
      // find out only by reading the thread.
      const note = markupRemovedNote('Comments are', [[typed, stored.body]]);
      if (note.description) toast({ title: 'Comment posted', ...note });
      // Back in the emptied box, ready for the next comment (the Send button goes inactive).
      commentRef.current?.focus();
      await refresh();
    },
  });
  const deletePost = useMutation({
    mutationFn: (id: string) => api.community.deletePost(id),
    onSuccess: async (_, id) => {
      deleted.current = true;
      setEditingId(null);
      setParams({ ...(category === 'all' ? {} : { category }), page: String(page) });
      queryClient.removeQueries({ queryKey: ['community', 'post', id] });
      await refresh();
      toast({ title: 'Post deleted' });
    },
  });
  const deleteComment = useMutation({
    mutationFn: (id: string) => api.community.deleteComment(id),
    onSuccess: async () => {
      deleted.current = true;
      await refresh();
      toast({ title: 'Comment deleted' });
    },
  });
  /**
   * A delete's dialog, closing: after the delete the focus goes to `target` (the deleted item's
   * button is gone); after Cancel it goes back to that button, as the dialog does by itself.
   */
  const focusAfterDelete = (event: Event, target: HTMLElement | null | undefined) => {
    if (!deleted.current) return;
    deleted.current = false;
    event.preventDefault();
    target?.focus({ preventScroll: true });
  };
  const onPostDialogClosed = (event: Event) =>
    focusAfterDelete(event, document.querySelector<HTMLElement>('main[tabindex]'));
  const onCommentDialogClosed = (event: Event) =>
    focusAfterDelete(event, commentsHeadingRef.current);
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
    mutationFn: ({ target, reason: chosen }: { target: CommunityTarget; reason: ReportReason }) =>
      api.community.report(
        target,
        chosen,
        details.trim() ? sanitizeText(details, { maxLength: 2000 }) : null,
      ),
    onSuccess: (_, { target }) => {
      markReported(target);
      setReportOpen(false);
      toast({ title: 'Reported', description: 'A moderator will look at it.' });
    },
    onError: (caught, { target }) => {
      // Reported before (in another tab, or before the list of reports was read): the dialog
      // says so, and the button behind it says "Reported" from now on.
      if (alreadyReported(caught)) markReported(target);
    },
  });
  /**
   * Opens the report dialog about `target`, from the button `opener`. Each opening starts clean
   * (no reason, no details, no error from the last report), however the last one closed.
   */
  const openReport = (target: { target: CommunityTarget; label: string }, opener: HTMLElement) => {
    reportOpener.current = opener;
    setReport(target);
    setReason('');
    setReasonMissing(false);
    setDetails('');
    sendReport.reset();
    setReportOpen(true);
  };

  const draftIssues = postErrors(draft);
  /** A new post's field's message: the browser's check once Post was pressed, else the server's. */
  const draftErrorAt = (field: PostField) =>
    (draftTouched ? draftIssues[field] : undefined) ??
    (draftFailure?.field === field ? draftFailure.message : undefined);
  const onPost = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDraftTouched(true);
    setDraftFailure(null);
    // The focus goes to the first field to fix, once its message is shown.
    if (Object.keys(draftIssues).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    createPost.mutate();
  };
  const onComment = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim()) addComment.mutate(comment);
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
          <NativeSelect
            value={category}
            onChange={(e) =>
              setParams(e.target.value === 'all' ? {} : { category: e.target.value })
            }
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
            <Flex direction="column" gap="3" asChild>
              <article aria-labelledby={`${ids}-title`}>
                <Flex justify="between" align="start" gap="3" wrap="wrap">
                  <Heading
                    as="h2"
                    size="5"
                    id={`${ids}-title`}
                    ref={threadHeadingRef}
                    tabIndex={-1}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {post.data.title}
                  </Heading>
                  <Button variant="ghost" size="sm" onClick={() => backToList(post.data.id)}>
                    Back to the list
                  </Button>
                </Flex>
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Byline author={post.data.author} date={post.data.created_at} size="2">
                    {' · '}
                    {CATEGORY_LABELS[post.data.category as PostCategory]}
                  </Byline>
                  {mayManage(post.data.author_id) && !editing ? (
                    <Flex gap="2" wrap="wrap">
                      <Button
                        ref={editButtonRef}
                        size="sm"
                        variant="outline"
                        onClick={() => setEditingId(post.data.id)}
                      >
                        Edit post
                      </Button>
                      <ConfirmDialog
                        title="Delete this post?"
                        description={`“${post.data.title}” and its ${
                          post.data.comments.length === 1
                            ? 'comment'
                            : `${post.data.comments.length} comments`
                        } are deleted for everyone. This cannot be undone.`}
                        confirmLabel="Delete post"
                        tone="danger"
                        onConfirm={() => deletePost.mutateAsync(post.data.id)}
                        errorMessage={(error) => errorMessage(error)}
                        onCloseAutoFocus={onPostDialogClosed}
                        trigger={
                          <Button size="sm" variant="danger">
                            Delete post
                          </Button>
                        }
                      />
                    </Flex>
                  ) : null}
                </Flex>
                {editing ? (
                  <PostEditForm post={post.data} isAdmin={isAdmin} onClose={closeEditor} />
                ) : (
                  <Box style={{ overflowWrap: 'anywhere' }}>
                    <Markdown skipHtml urlTransform={() => ''}>
                      {post.data.body}
                    </Markdown>
                  </Box>
                )}
                <Flex gap="2" wrap="wrap" align="center">
                  <Flex gap="2" wrap="wrap" role="group" aria-label="Reactions">
                    {REACTION_KINDS.map((kind) => {
                      const all = (reactions.data ?? []).filter(
                        (r) => r.kind === kind && r.comment_id === null,
                      );
                      const mine = all.some((r) => r.user_id === user?.id);
                      // While a reaction is saved the buttons refuse clicks but stay focusable, so
                      // the focus stays on the one pressed (a disabled button drops it to the page).
                      const busy = react.isPending && react.variables === kind;
                      return (
                        <Button
                          key={kind}
                          size="sm"
                          variant={mine ? 'secondary' : 'outline'}
                          aria-pressed={mine}
                          disabled={!canWrite}
                          loading={busy}
                          aria-disabled={react.isPending || undefined}
                          onClick={() => {
                            if (!react.isPending) react.mutate(kind);
                          }}
                        >
                          {REACTION_LABELS[kind]} {all.length}
                        </Button>
                      );
                    })}
                  </Flex>
                  {/* Beside the reactions, not in their group: reporting is not a reaction.
                      Nobody reports their own post (the database refuses it too). */}
                  {canWrite && post.data.author_id !== user?.id ? (
                    <ReportButton
                      reported={isReported({ postId: post.data.id })}
                      name="Report post"
                      reportedName="Reported post"
                      onReport={(opener) =>
                        openReport(
                          {
                            target: { postId: post.data.id },
                            label: `the post “${post.data.title}”`,
                          },
                          opener,
                        )
                      }
                    >
                      Report post
                    </ReportButton>
                  ) : null}
                </Flex>
                <Heading
                  as="h3"
                  size="3"
                  id={`${ids}-comments`}
                  ref={commentsHeadingRef}
                  tabIndex={-1}
                >
                  Comments ({post.data.comments.length})
                </Heading>
                <Flex asChild direction="column" gap="2">
                  <ul
                    style={{ listStyle: 'none', margin: 0, padding: 0 }}
                    aria-labelledby={`${ids}-comments`}
                  >
                    {post.data.comments.map((c) => (
                      <li key={c.id}>
                        <Card size="sm">
                          <Flex direction="column" gap="2">
                            <Byline author={c.author} date={c.created_at} />
                            <Text
                              as="p"
                              size="2"
                              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                            >
                              {c.body}
                            </Text>
                            {mayManage(c.author_id) || (canWrite && c.author_id !== user?.id) ? (
                              <Flex gap="3" justify="end" wrap="wrap">
                                {/* Each comment's buttons name whose comment they act on (the
                                    visible word first, so a spoken "Report" finds them). */}
                                {canWrite && c.author_id !== user?.id ? (
                                  <ReportButton
                                    reported={isReported({ commentId: c.id })}
                                    name={`Report comment by ${authorName(c.author)}`}
                                    reportedName={`Reported comment by ${authorName(c.author)}`}
                                    onReport={(opener) =>
                                      openReport(
                                        {
                                          target: { commentId: c.id },
                                          label: `the comment by ${authorName(c.author)}`,
                                        },
                                        opener,
                                      )
                                    }
                                  >
                                    Report
                                  </ReportButton>
                                ) : null}
                                {mayManage(c.author_id) ? (
                                  <ConfirmDialog
                                    title="Delete this comment?"
                                    description={`The comment by ${authorName(c.author)} is deleted for everyone. This cannot be undone.`}
                                    confirmLabel="Delete comment"
                                    tone="danger"
                                    onConfirm={() => deleteComment.mutateAsync(c.id)}
                                    errorMessage={(error) => errorMessage(error)}
                                    onCloseAutoFocus={onCommentDialogClosed}
                                    trigger={
                                      <Button
                                        size="sm"
                                        variant="ghost"
                                        aria-label={`Delete comment by ${authorName(c.author)}`}
                                      >
                                        Delete comment
                                      </Button>
                                    }
                                  />
                                ) : null}
                              </Flex>
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
              </article>
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
              <ul
                ref={postsListRef}
                tabIndex={-1}
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label="Posts"
              >
                {posts.data.rows.map((p) => (
                  <li key={p.id}>
                    <Card>
                      <Flex direction="column" gap="2">
                        <Flex gap="2" align="center" wrap="wrap">
                          {p.is_pinned ? <Badge tone="brand">Pinned</Badge> : null}
                          <Badge>{CATEGORY_LABELS[p.category as PostCategory]}</Badge>
                        </Flex>
                        <Link
                          to={`/community?post=${p.id}`}
                          onClick={(event) => {
                            // Not when the thread opens in another tab or window.
                            const elsewhere =
                              event.button !== 0 ||
                              event.metaKey ||
                              event.ctrlKey ||
                              event.shiftKey ||
                              event.altKey;
                            focusThreadHeading.current = !elsewhere;
                          }}
                        >
                          <Text weight="bold" size="4" style={{ overflowWrap: 'anywhere' }}>
                            {p.title}
                          </Text>
                        </Link>
                        <Text as="p" color="gray" size="2" style={{ overflowWrap: 'anywhere' }}>
                          {sanitizeText(p.body).slice(0, 220)}
                          {p.body.length > 220 ? '…' : ''}
                        </Text>
                        <Byline author={p.author} date={p.created_at} />
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
              <form ref={draftFormRef} onSubmit={onPost} noValidate aria-label="New post">
                <Flex direction="column" gap="3">
                  <Heading as="h2" size="4">
                    Start a thread
                  </Heading>
                  <Field label="Title" required error={draftErrorAt('title')}>
                    <TextInput
                      value={draft.title}
                      maxLength={TITLE_MAX}
                      onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                    />
                  </Field>
                  <Field
                    label="Topic"
                    error={draftErrorAt('category')}
                    style={{ maxWidth: '320px' }}
                  >
                    <NativeSelect
                      value={draft.category}
                      onChange={(e) =>
                        setDraft({ ...draft, category: e.target.value as PostCategory })
                      }
                      options={POST_CATEGORIES.filter(
                        (c) => c !== 'announcements' || user?.role === 'admin',
                      ).map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                    />
                  </Field>
                  <Field label="Post" required error={draftErrorAt('body')}>
                    <Textarea
                      value={draft.body}
                      rows={5}
                      maxLength={BODY_MAX}
                      onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                    />
                  </Field>
                  {draftFailure && !draftFailure.field ? (
                    <ErrorCard
                      ref={draftErrorRef}
                      tabIndex={-1}
                      align="start"
                      title="Not posted"
                      message={draftFailure.message}
                    />
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

      <Modal.Root open={reportOpen} onOpenChange={setReportOpen}>
        <Modal.Content
          onCloseAutoFocus={(event) => {
            // Sent, cancelled or dismissed: back to the Report button that opened the dialog (or,
            // were it gone, to the thread's heading) rather than to the page body.
            event.preventDefault();
            const opener = reportOpener.current;
            reportOpener.current = null;
            (opener?.isConnected ? opener : threadHeadingRef.current)?.focus();
          }}
        >
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
              if (report) sendReport.mutate({ target: report.target, reason });
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
                    alreadyReported(sendReport.error)
                      ? 'You have already reported this, and a moderator has not looked at it yet.'
                      : errorMessage(sendReport.error)
                  }
                />
              ) : null}
              <Flex gap="2" justify="end">
                <Button type="button" variant="ghost" onClick={() => setReportOpen(false)}>
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
