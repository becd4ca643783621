import type { ModuleContext } from '../context.ts';
import { currentUserId, run, runDelete, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  invalid,
  oneOf,
  optionalText,
  patch,
  range,
  record,
  text,
  uuid,
  type PageInput,
  type Check,
} from '../validate.ts';

export type Post = Row<'posts'>;
export type Comment = Row<'comments'>;
export type Reaction = Row<'reactions'>;
export type Report = Row<'reports'>;
export type PostWithComments = Post & { comments: Comment[] };

export const POST_CATEGORIES = [
  'general',
  'sustainability',
  'marketing',
  'products',
  'announcements',
  'help',
] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];
export const REACTION_KINDS = ['like', 'insightful', 'celebrate', 'support'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'misinformation',
  'greenwashing',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a reaction or report is about: a post or a comment. */
export type CommunityTarget = { postId: string } | { commentId: string };

export interface PostFields {
  title: string;
  body: string;
  category: PostCategory;
}

const postChecks: { [K in keyof PostFields]-?: Check<PostFields[K]> } = {
  title: (f, v) => text(f, v, { min: 3, max: 200 }),
  body: (f, v) => text(f, v, { max: 10_000, allowBasicHtml: true }),
  category: (f, v) => oneOf(f, v, POST_CATEGORIES),
};

function target(input: CommunityTarget): { post_id: string | null; comment_id: string | null } {
  if (input && 'postId' in input && !('commentId' in input))
    return { post_id: uuid('postId', input.postId), comment_id: null };
  if (input && 'commentId' in input && !('postId' in input))
    return { post_id: null, comment_id: uuid('commentId', input.commentId) };
  return invalid('target', 'must name either a post or a comment');
}

export interface PostQuery extends PageInput {
  category?: PostCategory;
}

/** Community threads, replies, reactions and reports. */
export function createCommunityModule({ supabase }: ModuleContext) {
  return {
    /** Published posts, pinned first, then newest. */
    async listPosts(query: PostQuery = {}): Promise<Page<Post>> {
      const { from, to } = range(query);
      let request = supabase
        .from('posts')
        .select('*', { count: 'exact' })
        .eq('status', 'published');
      if (query.category !== undefined)
        request = request.eq('category', oneOf('category', query.category, POST_CATEGORIES));
      return runPage(
        request
          .order('is_pinned', { ascending: false })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },

    /** A post with its visible comments, oldest first. */
    async getPost(id: string): Promise<PostWithComments> {
      return run(
        supabase
          .from('posts')
          .select('*, comments(*)')
          .eq('id', uuid('id', id))
          .order('created_at', { referencedTable: 'comments', ascending: true })
          .single(),
      );
    },

    async createPost(
      input: Pick<PostFields, 'title' | 'body'> & Partial<PostFields>,
    ): Promise<Post> {
      const values = await record<PostFields, 'title' | 'body'>('post', input, postChecks, [
        'title',
        'body',
      ]);
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('posts')
          .insert({ ...values, author_id: me })
          .select('*')
          .single(),
      );
    },

    async updatePost(id: string, changes: Partial<PostFields>): Promise<Post> {
      const postId = uuid('id', id);
      const values = await patch<PostFields>('post', changes, postChecks);
      return run(supabase.from('posts').update(values).eq('id', postId).select('*').single());
    },

    async deletePost(id: string): Promise<void> {
      await runDelete(
        supabase.from('posts').delete().eq('id', uuid('id', id)).select('id'),
        'Post',
      );
    },

    async comment(postId: string, body: string, parentId?: string | null): Promise<Comment> {
      const values = {
        post_id: uuid('postId', postId),
        body: await text('body', body, { max: 5000 }),
        parent_id: parentId == null ? null : uuid('parentId', parentId),
      };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('comments')
          .insert({ ...values, author_id: me })
          .select('*')
          .single(),
      );
    },

    async deleteComment(id: string): Promise<void> {
      await runDelete(
        supabase.from('comments').delete().eq('id', uuid('id', id)).select('id'),
        'Comment',
      );
    },

    async react(on: CommunityTarget, kind: ReactionKind): Promise<Reaction> {
      const values = { ...target(on), kind: oneOf('kind', kind, REACTION_KINDS) };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('reactions')
          .insert({ ...values, user_id: me })
          .select('*')
          .single(),
      );
    },

    /** The reactions on a post and on its comments (who reacted how), oldest first. */
    async listPostReactions(postId: string): Promise<Reaction[]> {
      const id = uuid('postId', postId);
      return run(
        supabase
          .from('reactions')
          .select('*')
          .eq('post_id', id)
          .order('created_at', { ascending: true }),
      );
    },

    async unreact(reactionId: string): Promise<void> {
      await runDelete(
        supabase.from('reactions').delete().eq('id', uuid('reactionId', reactionId)).select('id'),
        'Reaction',
      );
    },

    /** Reports a post or comment to the moderators. */
    async report(
      on: CommunityTarget,
      reason: ReportReason,
      details?: string | null,
    ): Promise<Report> {
      const values = {
        ...target(on),
        reason: oneOf('reason', reason, REPORT_REASONS),
        details: await optionalText('details', details ?? null, { max: 2000 }),
      };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('reports')
          .insert({ ...values, reporter_id: me })
          .select('*')
          .single(),
      );
    },
  };
}

export type CommunityModule = ReturnType<typeof createCommunityModule>;
