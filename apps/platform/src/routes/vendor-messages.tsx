import { Box, Flex, Grid, ScrollArea, Text } from '@radix-ui/themes';
import {
  subscribeToConversationMessages,
  subscribeToUnreadCounts,
  type ConversationSummary,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  Skeleton,
  Textarea,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { formError, plainTextWords } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { errorMessage, formatDateTime } from './vendor-format.ts';

/**
 * New messages and unread counts arrive through realtime subscriptions; a slow re-read is kept
 * only as a safety net for a dropped connection.
 */
const FALLBACK_REFRESH_MS = 60_000;

/** Where a message goes: an open conversation, or an affiliate a first message starts one with. */
type Recipient = { conversationId: string } | { affiliateId: string; programId: string };

/**
 * Conversations with affiliates (/vendor-messages): unread counts, thread, reply.
 * `?with=<affiliate>` (the affiliates page's Message button) opens the conversation with that
 * affiliate, or, when there is none yet, a new message to them: the conversation is created with
 * the first message sent, so none is left empty.
 */
export function Component() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const withId = params.get('with');
  const [draft, setDraft] = useState('');

  const conversations = useQuery({
    queryKey: ['messages', 'summaries'],
    queryFn: () => api.messages.listSummaries(),
    refetchInterval: FALLBACK_REFRESH_MS,
  });

  const list = conversations.data ?? [];
  // `?with=<affiliate>`: their conversation when there is one, else a new message to them.
  const existing = withId ? list.find((c) => c.counterpart_id === withId) : undefined;
  const active: ConversationSummary | undefined = openId
    ? list.find((c) => c.id === openId)
    : withId
      ? existing
      : list[0];
  const composing = Boolean(withId) && !openId && conversations.isSuccess && !existing;
  const existingId = existing?.id;
  useEffect(() => {
    if (existingId && !openId) setParams({ c: existingId }, { replace: true });
  }, [existingId, openId, setParams]);

  // Who a new message goes to: a member or applicant of one of the merchant's programs (the
  // conversations' rule), named as the affiliates page names them.
  const affiliates = useQuery({
    queryKey: ['vendor', 'affiliates'],
    queryFn: () => api.vendor.affiliates(),
    enabled: composing,
  });
  const newRecipient = composing
    ? affiliates.data?.find(
        (r) => r.affiliate_id === withId && (r.status === 'approved' || r.status === 'pending'),
      )
    : undefined;

  const thread = useQuery({
    queryKey: ['messages', 'thread', active?.id],
    queryFn: () => api.messages.listMessages(active!.id, { pageSize: 100 }),
    enabled: Boolean(active),
    refetchInterval: FALLBACK_REFRESH_MS,
  });

  // Unread counts of every conversation stay current without a reload.
  useEffect(() => {
    const subscription = subscribeToUnreadCounts(api.supabase, () => {
      void queryClient.invalidateQueries({ queryKey: ['messages', 'summaries'] });
    });
    // A failed join leaves the slow re-read in charge; nothing to show the reader.
    subscription.ready.catch(() => undefined);
    return () => void subscription.unsubscribe();
  }, [queryClient]);

  // New messages in the open conversation appear as they are written.
  const openConversation = active?.id;
  useEffect(() => {
    if (!openConversation) return;
    const subscription = subscribeToConversationMessages(api.supabase, openConversation, {
      onMessage: () => {
        void queryClient.invalidateQueries({ queryKey: ['messages', 'thread', openConversation] });
        void queryClient.invalidateQueries({ queryKey: ['messages', 'summaries'] });
      },
    });
    subscription.ready.catch(() => undefined);
    return () => void subscription.unsubscribe();
  }, [openConversation, queryClient]);

  // Reading the thread marks what was sent to me read.
  const unread = active?.unread ?? 0;
  const activeId = active?.id;
  useEffect(() => {
    if (!activeId || unread === 0) return;
    void api.messages
      .markConversationRead(activeId)
      .then(() => queryClient.invalidateQueries({ queryKey: ['messages', 'summaries'] }));
  }, [activeId, unread, queryClient]);

  const messageRef = useRef<HTMLTextAreaElement>(null);
  // A thread opens at its newest message, and follows each new one to the bottom.
  const threadRef = useRef<HTMLDivElement>(null);
  const newestId = thread.data?.rows.at(-1)?.id;
  useEffect(() => {
    const region = threadRef.current;
    if (region) region.scrollTop = region.scrollHeight;
  }, [active?.id, newestId]);
  // Set as a message is handed to the mutation, cleared once it has settled: a second submit in
  // the same moment (a double click, or Enter on the Send button just clicked) comes before the
  // render that shows the mutation pending, so only this ref can keep it from sending twice.
  const sending = useRef(false);
  const send = useMutation({
    mutationFn: async ({ body, to }: { body: string; to: Recipient }) => {
      if ('conversationId' in to) {
        await api.messages.send(to.conversationId, body);
        return to.conversationId;
      }
      const started = await api.messages.start({
        counterpartId: to.affiliateId,
        programId: to.programId,
        body,
      });
      return started.conversation.id;
    },
    onSuccess: async (conversationId, { to }) => {
      setDraft('');
      // The Send button turns inactive with the empty draft: the focus goes back to the message box.
      messageRef.current?.focus();
      await queryClient.invalidateQueries({ queryKey: ['messages'] });
      // The first message started the conversation: it is the one open now.
      if (!('conversationId' in to)) setParams({ c: conversationId }, { replace: true });
    },
    // Here, not in mutate()'s own callbacks, which do not run once the page has moved on.
    onSettled: () => {
      sending.current = false;
    },
  });

  // The box is only sent filled in: "must not be empty" means nothing was left once markup was
  // removed, which is told as what to write instead.
  const sendError = send.isError
    ? formError(send.error, ['body'], { body: plainTextWords('your message') })
    : undefined;
  const sendErrorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const recipient: Recipient | undefined = active
    ? { conversationId: active.id }
    : newRecipient
      ? { affiliateId: newRecipient.affiliate_id, programId: newRecipient.program_id }
      : undefined;
  const onSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!recipient || draft.trim() === '' || sending.current) return;
    sending.current = true;
    const form = event.currentTarget;
    send.mutate(
      { body: draft.trim(), to: recipient },
      { onError: () => focusFirstInvalid(form, sendErrorRef) },
    );
  };
  // The person on the other side of the open conversation or of the new message.
  const counterpart = active
    ? { name: active.counterpart_name, username: active.counterpart_username }
    : newRecipient
      ? { name: newRecipient.name, username: newRecipient.username }
      : undefined;

  const totalUnread = list.reduce((sum, c) => sum + c.unread, 0);

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Messages — Verdant</title>
      <PageHeader
        title="Messages"
        description="Private conversations with the affiliates in your programs."
        meta={totalUnread > 0 ? <Badge tone="brand">{totalUnread} unread</Badge> : undefined}
      />
      {conversations.isError ? (
        <ErrorCard
          message={errorMessage(conversations.error)}
          onRetry={() => void conversations.refetch()}
        />
      ) : conversations.isPending ? (
        <Skeleton height="360px" />
      ) : list.length === 0 && !composing ? (
        <EmptyState
          bordered
          title="No conversations yet"
          description="Start one from the affiliates page with the Message button next to a member."
        />
      ) : (
        <Grid columns={{ initial: '1', md: '280px 1fr' }} gap="4">
          <Card asChild>
            <nav aria-label="Conversations">
              <Flex asChild direction="column" gap="1">
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {list.map((c) => (
                    <li key={c.id}>
                      <Button
                        variant={c.id === active?.id ? 'secondary' : 'ghost'}
                        fullWidth
                        aria-current={c.id === active?.id ? 'true' : undefined}
                        onClick={() => setParams({ c: c.id })}
                        // Radix ghost buttons are content-box; border-box keeps items the list's width.
                        style={{
                          justifyContent: 'flex-start',
                          height: 'auto',
                          padding: '8px',
                          boxSizing: 'border-box',
                        }}
                      >
                        <Flex gap="2" align="center" flexGrow="1" minWidth="0">
                          {/* The name beside it says who it is: the picture is not read out too. */}
                          <Avatar
                            name={c.counterpart_name}
                            src={c.counterpart_image ?? undefined}
                            size="2"
                            decorative
                          />
                          <Flex
                            direction="column"
                            // Stretched, so a long name or message is cut with an ellipsis.
                            style={{ minWidth: 0, flex: 1, textAlign: 'start' }}
                          >
                            <Text weight="medium" truncate>
                              {c.counterpart_name}
                            </Text>
                            <Text size="1" color="gray" truncate>
                              {c.last_message ?? c.subject ?? 'No messages yet'}
                            </Text>
                          </Flex>
                          {c.unread > 0 ? (
                            <Badge tone="brand" aria-label={`${c.unread} unread`}>
                              {c.unread}
                            </Badge>
                          ) : null}
                        </Flex>
                      </Button>
                    </li>
                  ))}
                </ul>
              </Flex>
            </nav>
          </Card>
          <Card>
            {counterpart ? (
              <Flex direction="column" gap="3">
                <Text as="p" weight="bold" size="4">
                  {counterpart.name}
                  <Text size="2" color="gray" weight="regular">
                    {' '}
                    @{counterpart.username}
                  </Text>
                </Text>
                {active ? (
                  // A long thread scrolls: keyboard users focus the scrolling region (named, with
                  // Radix's focus ring) to scroll it with the arrow keys.
                  <ScrollArea
                    ref={threadRef}
                    type="auto"
                    scrollbars="vertical"
                    style={{ maxHeight: 420 }}
                    tabIndex={0}
                    role="region"
                    aria-label={`Messages with ${active.counterpart_name}`}
                  >
                    <Flex asChild direction="column" gap="2" pr="3">
                      <ol
                        aria-label={`Messages with ${active.counterpart_name}`}
                        aria-live="polite"
                        style={{ listStyle: 'none', margin: 0, padding: 0 }}
                      >
                        {(thread.data?.rows ?? []).map((m) => {
                          const mine = m.sender_id === user?.id;
                          return (
                            <li
                              key={m.id}
                              style={{
                                alignSelf: mine ? 'flex-end' : 'flex-start',
                                maxWidth: '85%',
                              }}
                            >
                              <Box
                                p="2"
                                style={{
                                  borderRadius: 'var(--radius-3)',
                                  background: mine ? 'var(--accent-a4)' : 'var(--gray-a3)',
                                }}
                              >
                                <Text
                                  as="p"
                                  size="2"
                                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                                >
                                  {m.body}
                                </Text>
                                <Text as="p" size="1" color="gray">
                                  {mine ? 'You' : active.counterpart_name} ·{' '}
                                  {formatDateTime(m.created_at)}
                                </Text>
                              </Box>
                            </li>
                          );
                        })}
                      </ol>
                    </Flex>
                  </ScrollArea>
                ) : (
                  <Text as="p" size="2" color="gray">
                    No messages with {counterpart.name} yet. Your first message starts the
                    conversation.
                  </Text>
                )}
                {/* One form for a reply and a first message, so the message box keeps the focus
                    when the first message has started the conversation. */}
                <form onSubmit={onSend} aria-label={active ? 'Reply' : 'New message'}>
                  <Flex direction="column" gap="2">
                    <Field
                      label={`Message to ${counterpart.name}`}
                      error={sendError?.field ? sendError.message : undefined}
                    >
                      <Textarea
                        ref={messageRef}
                        value={draft}
                        rows={3}
                        maxLength={5000}
                        onChange={(e) => setDraft(e.target.value)}
                      />
                    </Field>
                    {sendError && !sendError.field ? (
                      <ErrorCard
                        ref={sendErrorRef}
                        tabIndex={-1}
                        title="Not sent"
                        message={sendError.message}
                      />
                    ) : null}
                    <div>
                      <Button type="submit" loading={send.isPending} disabled={draft.trim() === ''}>
                        Send
                      </Button>
                    </div>
                  </Flex>
                </form>
              </Flex>
            ) : composing && affiliates.isPending ? (
              <Skeleton height="160px" />
            ) : composing && affiliates.isError ? (
              <ErrorCard
                message={errorMessage(affiliates.error)}
                onRetry={() => void affiliates.refetch()}
              />
            ) : composing ? (
              <EmptyState
                title="This affiliate is not in your programs"
                description="You can write to the members and applicants of your programs."
                action={
                  <Button asChild variant="secondary">
                    <Link to="/vendor-affiliates">Go to your affiliates</Link>
                  </Button>
                }
              />
            ) : (
              <EmptyState title="Choose a conversation" />
            )}
          </Card>
        </Grid>
      )}
    </Flex>
  );
}
