import type { ModuleContext } from '../context.ts';
import { currentUserId, run, runDelete, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { optionalText, range, text, uuid, type PageInput } from '../validate.ts';

export type Conversation = Row<'conversations'>;
export type Message = Row<'messages'>;

/** A conversation as the list shows it: the other participant's public fields, unread count, latest message. */
export interface ConversationSummary extends Conversation {
  counterpart_id: string;
  counterpart_name: string;
  counterpart_username: string;
  counterpart_image: string | null;
  /** Messages to the signed-in user not read yet. */
  unread: number;
  last_message: string | null;
}

/** `my_conversations()` is newer than the generated types may be; called through this signature. */
type UntypedRpc = (fn: string) => PromiseLike<{
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}>;

export interface OpenConversation {
  /** The other participant: an affiliate when a merchant opens it, a merchant when an affiliate does. */
  counterpartId: string;
  programId?: string | null;
  subject?: string | null;
}

export interface StartConversation extends OpenConversation {
  /** The first message (1–5000 characters). */
  body: string;
}

/** A conversation started (or continued) with a message, and that message. */
export interface StartedConversation {
  conversation: Conversation;
  message: Message;
}

/** Private merchant ↔ affiliate conversations, visible only to their two participants. */
export function createMessagesModule({ supabase }: ModuleContext) {
  const findConversation = (me: string, counterpart: string) =>
    run(
      supabase
        .from('conversations')
        .select('*')
        .or(
          `and(merchant_id.eq.${me},affiliate_id.eq.${counterpart}),and(merchant_id.eq.${counterpart},affiliate_id.eq.${me})`,
        )
        .maybeSingle(),
    );

  /** The conversation with a counterpart, created when there is none (`created` says which). */
  const openConversation = async (
    input: OpenConversation,
  ): Promise<{ conversation: Conversation; created: boolean }> => {
    const counterpart = uuid('counterpartId', input.counterpartId);
    const extra = {
      program_id: input.programId == null ? null : uuid('programId', input.programId),
      subject: await optionalText('subject', input.subject ?? null, { max: 200 }),
    };
    const me = await currentUserId(supabase);
    const existing = await findConversation(me, counterpart);
    if (existing) return { conversation: existing, created: false };
    const role = await run(supabase.rpc('current_user_role'));
    const sides =
      role === 'merchant'
        ? { merchant_id: me, affiliate_id: counterpart }
        : { merchant_id: counterpart, affiliate_id: me };
    const conversation = await run(
      supabase
        .from('conversations')
        .insert({ ...sides, ...extra })
        .select('*')
        .single(),
    );
    return { conversation, created: true };
  };

  const insertMessage = async (conversationId: string, body: string): Promise<Message> => {
    const me = await currentUserId(supabase);
    return run(
      supabase
        .from('messages')
        .insert({ conversation_id: conversationId, body, sender_id: me })
        .select('*')
        .single(),
    );
  };

  return {
    /** The signed-in user's conversations, most recent activity first. */
    async listConversations(page?: PageInput): Promise<Page<Conversation>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('conversations')
          .select('*', { count: 'exact' })
          .order('last_message_at', { ascending: false, nullsFirst: false })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },

    /** The signed-in user's conversations with names, unread counts and latest messages. */
    async listSummaries(): Promise<ConversationSummary[]> {
      const rpc = supabase.rpc.bind(supabase) as unknown as UntypedRpc;
      return ((await run(rpc('my_conversations'))) ?? []) as ConversationSummary[];
    },

    /** Marks every message to the signed-in user in a conversation read; returns how many. */
    async markConversationRead(conversationId: string): Promise<number> {
      const id = uuid('conversationId', conversationId);
      const me = await currentUserId(supabase);
      const rows = await run(
        supabase
          .from('messages')
          .update({ read_at: new Date().toISOString() })
          .eq('conversation_id', id)
          .neq('sender_id', me)
          .is('read_at', null)
          .select('id'),
      );
      return rows.length;
    },

    /**
     * Opens the conversation with a counterpart, or returns the existing one. The signed-in user's
     * role decides which side it takes.
     */
    async open(input: OpenConversation): Promise<Conversation> {
      return (await openConversation(input)).conversation;
    },

    /**
     * Sends a first message to a counterpart: the conversation is created with it (or the existing
     * one continues), so no conversation exists without a message. Both inputs are checked before
     * any request; when the message is refused, a conversation this call created is removed again.
     */
    async start(input: StartConversation): Promise<StartedConversation> {
      const body = await text('body', input.body, { max: 5000 });
      const { conversation, created } = await openConversation(input);
      try {
        const message = await insertMessage(conversation.id, body);
        return { conversation: { ...conversation, last_message_at: message.created_at }, message };
      } catch (error) {
        // The builder reports a failed delete in its result rather than throwing: the message's
        // error is the one to pass on.
        if (created) await supabase.from('conversations').delete().eq('id', conversation.id);
        throw error;
      }
    },

    /** Messages of a conversation, oldest first. */
    async listMessages(conversationId: string, page?: PageInput): Promise<Page<Message>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('messages')
          .select('*', { count: 'exact' })
          .eq('conversation_id', uuid('conversationId', conversationId))
          .order('created_at', { ascending: true })
          .range(from, to),
      );
    },

    async send(conversationId: string, body: string): Promise<Message> {
      const id = uuid('conversationId', conversationId);
      return insertMessage(id, await text('body', body, { max: 5000 }));
    },

    /** The recipient marks a message read. */
    async markRead(messageId: string): Promise<Message> {
      return run(
        supabase
          .from('messages')
          .update({ read_at: new Date().toISOString() })
          .eq('id', uuid('messageId', messageId))
          .select('*')
          .single(),
      );
    },

    async deleteMessage(messageId: string): Promise<void> {
      await runDelete(
        supabase.from('messages').delete().eq('id', uuid('messageId', messageId)).select('id'),
        'Message',
      );
    },
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
