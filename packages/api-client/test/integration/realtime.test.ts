import { beforeAll, describe, expect, it } from 'vitest';
import {
  subscribeToConversationMessages,
  subscribeToMerchantCommissions,
  subscribeToNewCommissions,
  subscribeToUnreadCounts,
  type Commission,
  type Message,
  type RealtimeSubscription,
  type UnreadCounts,
} from '../../src/index.ts';
import { must, useWorld, type Actor } from './world.ts';

const w = useWorld();
let merchant: Actor;
let affiliateA: Actor;
let affiliateB: Actor;
let conversationA: string;
let conversationB: string;
let program: string;

/** Collects values and waits until one matches. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: Array<() => void> = [];
  return {
    items,
    push: (item: T) => {
      items.push(item);
      for (const wake of waiters.splice(0)) wake();
    },
    async until(test: (items: T[]) => boolean, timeoutMs = 15_000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs;
      while (!test(items)) {
        if (Date.now() > deadline) throw new Error(`not in time; got ${JSON.stringify(items)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return items;
    },
  };
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [merchant, affiliateA, affiliateB] = await Promise.all([
    w.approvedMerchant('Realtime Merchant'),
    w.actor('affiliate', 'Affiliate A'),
    w.actor('affiliate', 'Affiliate B'),
  ]);
  const conversation = async (affiliate: Actor) =>
    (
      await must(
        w.service
          .from('conversations')
          .insert({ merchant_id: merchant.id, affiliate_id: affiliate.id })
          .select('id')
          .single(),
      )
    ).id;
  conversationA = await conversation(affiliateA);
  conversationB = await conversation(affiliateB);
  program = (
    await must(
      w.service
        .from('affiliate_programs')
        .insert({
          merchant_id: merchant.id,
          name: 'Realtime program',
          commission_type: 'percent',
          commission_rate_bps: 1000,
        })
        .select('id')
        .single(),
    )
  ).id;
});

async function sale(affiliate: Actor, amountCents: number): Promise<string> {
  const order = await must(
    w.service
      .from('orders')
      .insert({
        merchant_id: merchant.id,
        status: 'paid',
        paid_at: new Date().toISOString(),
        total_cents: amountCents * 10,
        subtotal_cents: amountCents * 10,
        merchant_amount_cents: amountCents * 9,
        affiliate_amount_cents: amountCents,
        attributed_affiliate_id: affiliate.id,
      })
      .select('id')
      .single(),
  );
  const commission = await must(
    w.service
      .from('commissions')
      .insert({
        affiliate_id: affiliate.id,
        merchant_id: merchant.id,
        program_id: program,
        order_id: order.id,
        amount_cents: amountCents,
        available_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
      .select('id')
      .single(),
  );
  return commission.id;
}

describe('subscribeToConversationMessages', () => {
  it('delivers new messages and read marks of one conversation to its participant', async () => {
    const received = inbox<Message>();
    const updated = inbox<Message>();
    const subscription = subscribeToConversationMessages(affiliateA.api.supabase, conversationA, {
      onMessage: received.push,
      onMessageUpdated: updated.push,
    });
    await subscription.ready;
    const sent = await merchant.api.messages.send(conversationA, 'New samples are on the way');
    const [message] = await received.until((items) => items.length === 1);
    expect(message).toMatchObject({
      id: sent.id,
      body: 'New samples are on the way',
      sender_id: merchant.id,
      read_at: null,
    });
    await affiliateA.api.messages.markConversationRead(conversationA);
    const [read] = await updated.until((items) => items.length === 1);
    expect(read?.read_at).toEqual(expect.any(String));
    await subscription.unsubscribe();
  });

  it('a user outside the conversation receives nothing, even when subscribed to it', async () => {
    const received = inbox<Message>();
    const subscription = subscribeToConversationMessages(affiliateB.api.supabase, conversationA, {
      onMessage: received.push,
    });
    await subscription.ready;
    await merchant.api.messages.send(conversationA, 'Only for A');
    await quiet(500);
    expect(received.items).toEqual([]);
    await subscription.unsubscribe();
  });

  it('refuses an id that is not a UUID before touching the network', () => {
    expect(() =>
      subscribeToConversationMessages(affiliateA.api.supabase, 'nope', { onMessage: () => {} }),
    ).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});

describe('subscribeToUnreadCounts', () => {
  it('starts from the current counts and follows new and read messages', async () => {
    await affiliateA.api.messages.markConversationRead(conversationA);
    const counts = inbox<UnreadCounts>();
    const subscription: RealtimeSubscription = subscribeToUnreadCounts(
      affiliateA.api.supabase,
      counts.push,
    );
    await subscription.ready;
    await counts.until((items) => items.at(-1)?.total === 0);
    await merchant.api.messages.send(conversationA, 'One');
    await merchant.api.messages.send(conversationA, 'Two');
    const [latest] = (await counts.until((items) => items.at(-1)?.total === 2)).slice(-1);
    expect(latest?.byConversation[conversationA]).toBe(2);
    // Messages in someone else's conversation do not count for A.
    await merchant.api.messages.send(conversationB, 'For B');
    await affiliateA.api.messages.markConversationRead(conversationA);
    await counts.until((items) => items.at(-1)?.total === 0);
    expect(counts.items.at(-1)?.byConversation[conversationB]).toBeUndefined();
    await subscription.unsubscribe();
  });
});

describe('subscribeToNewCommissions', () => {
  it('delivers an affiliate its own new commissions only', async () => {
    const forA = inbox<Commission>();
    const snoop = inbox<Commission>();
    const mine = subscribeToNewCommissions(affiliateA.api.supabase, affiliateA.id, forA.push);
    // B asks for A's commissions: the server's RLS check keeps them from B.
    const theirs = subscribeToNewCommissions(affiliateB.api.supabase, affiliateA.id, snoop.push);
    await Promise.all([mine.ready, theirs.ready]);
    const bSale = await sale(affiliateB, 120);
    const aSale = await sale(affiliateA, 340);
    const [commission] = await forA.until((items) => items.length === 1);
    expect(commission).toMatchObject({ id: aSale, amount_cents: 340, status: 'pending' });
    await quiet(500);
    expect(forA.items.map((c) => c.id)).not.toContain(bSale);
    expect(snoop.items).toEqual([]);
    await Promise.all([mine.unsubscribe(), theirs.unsubscribe()]);
  });
});

describe('subscribeToMerchantCommissions', () => {
  it('delivers a merchant the commissions on its sales; an affiliate asking sees only its own', async () => {
    const forMerchant = inbox<Commission>();
    const forA = inbox<Commission>();
    const owed = subscribeToMerchantCommissions(
      merchant.api.supabase,
      merchant.id,
      forMerchant.push,
    );
    // A asks for all of the merchant's commissions: RLS lets through only A's own.
    const asked = subscribeToMerchantCommissions(affiliateA.api.supabase, merchant.id, forA.push);
    await Promise.all([owed.ready, asked.ready]);
    const aSale = await sale(affiliateA, 210);
    const bSale = await sale(affiliateB, 430);
    const received = await forMerchant.until((items) => items.length === 2);
    expect(received.map((c) => [c.id, c.amount_cents])).toEqual([
      [aSale, 210],
      [bSale, 430],
    ]);
    await forA.until((items) => items.length === 1);
    await quiet(500);
    expect(forA.items.map((c) => c.id)).toEqual([aSale]);
    await Promise.all([owed.unsubscribe(), asked.unsubscribe()]);
  });

  it('refuses an id that is not a uuid before any request', () => {
    expect(() =>
      subscribeToMerchantCommissions(merchant.api.supabase, 'nope', () => undefined),
    ).toThrow();
  });
});
