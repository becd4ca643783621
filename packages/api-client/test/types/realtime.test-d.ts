import { describe, expectTypeOf, it } from 'vitest';
import {
  subscribeToConversationMessages,
  subscribeToMerchantCommissions,
  subscribeToNewCommissions,
  subscribeToUnreadCounts,
  type ApiClient,
  type Commission,
  type Message,
  type RealtimeStatus,
  type RealtimeSubscription,
  type UnreadCounts,
} from '../../src/index.ts';

declare const api: ApiClient;

describe('realtime subscriptions', () => {
  it('hand typed rows to their callbacks and return a subscription', () => {
    const messages = subscribeToConversationMessages(api.supabase, 'id', {
      onMessage: (message) => expectTypeOf(message).toEqualTypeOf<Message>(),
      onMessageUpdated: (message) => expectTypeOf(message.read_at).toEqualTypeOf<string | null>(),
      onMessageDeleted: (id) => expectTypeOf(id).toEqualTypeOf<string>(),
      onStatus: (status, error) => {
        expectTypeOf(status).toEqualTypeOf<RealtimeStatus>();
        expectTypeOf(error).toEqualTypeOf<Error | undefined>();
      },
    });
    expectTypeOf(messages).toEqualTypeOf<RealtimeSubscription>();
    expectTypeOf(messages.ready).toEqualTypeOf<Promise<void>>();

    subscribeToUnreadCounts(api.supabase, (counts) => {
      expectTypeOf(counts).toEqualTypeOf<UnreadCounts>();
      expectTypeOf(counts.byConversation).toEqualTypeOf<Record<string, number>>();
    });
    subscribeToMerchantCommissions(api.supabase, 'id', (commission) => {
      expectTypeOf(commission).toEqualTypeOf<Commission>();
    });
    subscribeToNewCommissions(api.supabase, 'id', (commission) => {
      expectTypeOf(commission).toEqualTypeOf<Commission>();
      expectTypeOf(commission.amount_cents).toEqualTypeOf<number>();
    });
  });
});
