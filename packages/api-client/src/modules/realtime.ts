import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { VerdantSupabaseClient } from '../context.ts';
import { run } from '../request.ts';
import type { Row } from '../types.ts';
import { uuid } from '../validate.ts';

type Message = Row<'messages'>;
type Commission = Row<'commissions'>;

/** Channel states a subscription reports (supabase-js's `REALTIME_SUBSCRIBE_STATES`). */
export type RealtimeStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

export interface RealtimeSubscriptionOptions {
  /**
   * Every state change of the channel: `SUBSCRIBED` again after a reconnect, `CHANNEL_ERROR`
   * (with the server's reason), `TIMED_OUT`, `CLOSED` (e.g. the access token expired).
   */
  onStatus?: (status: RealtimeStatus, error?: Error) => void;
}

export interface RealtimeSubscription {
  /**
   * Resolves once the channel is joined: changes committed after this arrive. Rejects when the
   * first join fails (invalid token, limits).
   */
  ready: Promise<void>;
  /** Leaves the channel; no callback runs afterwards. */
  unsubscribe(): Promise<void>;
}

export interface ConversationMessageHandlers extends RealtimeSubscriptionOptions {
  /** A new message in the conversation. */
  onMessage: (message: Message) => void;
  /** A message changed (the recipient read it). */
  onMessageUpdated?: (message: Message) => void;
  /** A message was deleted (its sender removed it). */
  onMessageDeleted?: (id: string) => void;
}

/** Unread messages to the signed-in user, in total and per conversation. */
export interface UnreadCounts {
  total: number;
  byConversation: Record<string, number>;
}

let channelCounter = 0;

/** A topic of its own per subscription: supabase-js hands out one channel per topic. */
function topic(name: string): string {
  channelCounter += 1;
  return `${name}:${Date.now().toString(36)}${channelCounter}`;
}

/** Subscribes `channel` and ties its lifecycle to a `RealtimeSubscription`. */
function track(
  supabase: VerdantSupabaseClient,
  channel: RealtimeChannel,
  options: RealtimeSubscriptionOptions,
  onSubscribed?: () => void,
): RealtimeSubscription {
  let active = true;
  let settled = false;
  const ready = new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (!active) return;
      options.onStatus?.(status, error);
      if (status === 'SUBSCRIBED') {
        onSubscribed?.();
        if (!settled) {
          settled = true;
          resolve();
        }
      } else if (!settled) {
        settled = true;
        reject(error ?? new Error(`Realtime channel ${status.toLowerCase().replace('_', ' ')}`));
      }
    });
  });
  // A caller that never awaits `ready` must not see an unhandled rejection.
  ready.catch(() => undefined);
  return {
    ready,
    async unsubscribe() {
      if (!active) return;
      active = false;
      await supabase.removeChannel(channel);
    },
  };
}

/**
 * New messages in one conversation (and, when asked, read marks and deletions) as they happen.
 * Only the conversation's participants receive them: the server checks every change against the
 * messages table's row-level security as the signed-in user.
 */
export function subscribeToConversationMessages(
  supabase: VerdantSupabaseClient,
  conversationId: string,
  handlers: ConversationMessageHandlers,
): RealtimeSubscription {
  const id = uuid('conversationId', conversationId);
  const filter = `conversation_id=eq.${id}`;
  const channel = supabase
    .channel(topic(`messages:${id}`))
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'messages', filter },
      (change: RealtimePostgresChangesPayload<Message>) => {
        if (change.eventType === 'INSERT') handlers.onMessage(change.new);
        else if (change.eventType === 'UPDATE') handlers.onMessageUpdated?.(change.new);
        else if (change.old.id) handlers.onMessageDeleted?.(change.old.id);
      },
    );
  return track(supabase, channel, handlers);
}

/** `my_conversations()` may be newer than the generated types; called through this signature. */
type UntypedRpc = (fn: string) => PromiseLike<{
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}>;

/** The signed-in user's unread counts now (from `my_conversations()`). */
export async function fetchUnreadCounts(supabase: VerdantSupabaseClient): Promise<UnreadCounts> {
  const rpc = supabase.rpc.bind(supabase) as unknown as UntypedRpc;
  const rows = ((await run(rpc('my_conversations'))) ?? []) as Array<{
    id: string;
    unread: number | string;
  }>;
  const byConversation: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const unread = Number(row.unread) || 0;
    byConversation[row.id] = unread;
    total += unread;
  }
  return { total, byConversation };
}

/**
 * The signed-in user's unread message counts, kept current: `onCounts` runs with the counts when
 * subscribed (again after every reconnect, so nothing missed while offline is lost) and whenever
 * a message or conversation of the user changes.
 */
export function subscribeToUnreadCounts(
  supabase: VerdantSupabaseClient,
  onCounts: (counts: UnreadCounts) => void,
  options: RealtimeSubscriptionOptions & {
    /** Receives a failed refresh (the counts stay as they were). */
    onError?: (error: unknown) => void;
  } = {},
): RealtimeSubscription {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let generation = 0;
  const refresh = () => {
    if (timer) clearTimeout(timer);
    // Changes often come in bursts (a conversation read at once): one query for the burst.
    timer = setTimeout(() => {
      timer = undefined;
      const mine = (generation += 1);
      fetchUnreadCounts(supabase).then(
        (counts) => {
          if (!stopped && mine === generation) onCounts(counts);
        },
        (error: unknown) => options.onError?.(error),
      );
    }, 50);
  };
  const channel = supabase
    .channel(topic('unread'))
    .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, refresh)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations' }, refresh);
  const subscription = track(supabase, channel, options, refresh);
  return {
    ready: subscription.ready,
    async unsubscribe() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await subscription.unsubscribe();
    },
  };
}

/**
 * Commissions an affiliate earns, as they are created (a sale attributed to them). The server
 * checks every change against the commissions table's row-level security as the signed-in user:
 * the affiliate receives their own; anyone else asking for them (except the merchant who owes
 * them and admins) receives nothing.
 */
export function subscribeToNewCommissions(
  supabase: VerdantSupabaseClient,
  affiliateId: string,
  onCommission: (commission: Commission) => void,
  options: RealtimeSubscriptionOptions = {},
): RealtimeSubscription {
  return subscribeToCommissionInserts(
    supabase,
    'affiliate_id',
    uuid('affiliateId', affiliateId),
    onCommission,
    options,
  );
}

/**
 * Commissions a merchant owes, as they are created (an attributed sale of theirs). The server
 * checks every change against the commissions table's row-level security as the signed-in user:
 * the merchant receives those on their sales; an affiliate asking receives only their own.
 */
export function subscribeToMerchantCommissions(
  supabase: VerdantSupabaseClient,
  merchantId: string,
  onCommission: (commission: Commission) => void,
  options: RealtimeSubscriptionOptions = {},
): RealtimeSubscription {
  return subscribeToCommissionInserts(
    supabase,
    'merchant_id',
    uuid('merchantId', merchantId),
    onCommission,
    options,
  );
}

function subscribeToCommissionInserts(
  supabase: VerdantSupabaseClient,
  column: 'affiliate_id' | 'merchant_id',
  id: string,
  onCommission: (commission: Commission) => void,
  options: RealtimeSubscriptionOptions,
): RealtimeSubscription {
  const channel = supabase
    .channel(topic(`commissions:${column}:${id}`))
    .on<Commission>(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'commissions', filter: `${column}=eq.${id}` },
      (change) => onCommission(change.new),
    );
  return track(supabase, channel, options);
}
