import type { ModuleContext } from '../context.ts';
import { currentUserId, run, runOne, runDelete, runPage } from '../request.ts';
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

/** The public face of who wrote a post or comment, read from `public_profiles`. */
export interface PostAuthor {
  id: string;
  name: string | null;
  username: string | null;
  profile_image: string | null;
}
/** A post with its author; `author` is `null` when no public profile answers for `author_id`. */
export type PostWithAuthor = Post & { author: PostAuthor | null };
/** A comment with its author; `author` is `null` when no public profile answers for `author_id`. */
export type CommentWithAuthor = Comment & { author: PostAuthor | null };
export type PostWithComments = PostWithAuthor & { comments: CommentWithAuthor[] };

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

/**
 * The public profiles of the given authors, by id, in one request (none for no ids). An author
 * without a public profile is absent from the map.
 */
async function authorsById(
  supabase: ModuleContext['supabase'],
  ids: readonly string[],
): Promise<Map<string, PostAuthor>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await run(
    supabase.from('public_profiles').select('id, name, username, profile_image').in('id', unique),
  );
  const authors = new Map<string, PostAuthor>();
  for (const { id, name, username, profile_image } of rows ?? []) {
    if (id !== null) authors.set(id, { id, name, username, profile_image });
  }
  return authors;
}

/** Community threads, replies, reactions and reports. */
export function createCommunityModule({ supabase }: ModuleContext) {
  return {
    /** Published posts, pinned first, then newest, each with its author. */
    async listPosts(query: PostQuery = {}): Promise<Page<PostWithAuthor>> {
      const { from, to } = range(query);
      let request = supabase
        .from('posts')
        .select('*', { count: 'exact' })
        .eq('status', 'published');
      if (query.category !== undefined)
        request = request.eq('category', oneOf('category', query.category, POST_CATEGORIES));
      const { rows, total } = await runPage(
        request
          .order('is_pinned', { ascending: false })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
      const authors = await authorsById(
        supabase,
        rows.map((p) => p.author_id),
      );
      return {
        rows: rows.map((p) => ({ ...p, author: authors.get(p.author_id) ?? null })),
        total,
      };
    },

    /** A post with its visible comments, oldest first, the post and each comment with its author. */
    async getPost(id: string): Promise<PostWithComments> {
      const { comments, ...post } = await runOne(
        supabase
          .from('posts')
          .select('*, comments(*)')
          .eq('id', uuid('id', id))
          .order('created_at', { referencedTable: 'comments', ascending: true })
          .maybeSingle(),
        'Post',
      );
      const authors = await authorsById(supabase, [
        post.author_id,
        ...comments.map((c) => c.author_id),
      ]);
      return {
        ...post,
        author: authors.get(post.author_id) ?? null,
        comments: comments.map((c) => ({ ...c, author: authors.get(c.author_id) ?? null })),
      };
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

    /**
     * What the signed-in member has an open report about: the database takes one open report per
     * member and post or comment, so a page can say "Reported" instead of offering a form that
     * could only be refused. A report a moderator has closed is not listed (that content may be
     * reported again).
     */
    async listMyOpenReports(): Promise<CommunityTarget[]> {
      const me = await currentUserId(supabase);
      const rows = await run(
        supabase
          .from('reports')
          .select('post_id, comment_id')
          .eq('reporter_id', me)
          .eq('status', 'open'),
      );
      return rows.flatMap((row): CommunityTarget[] =>
        row.post_id
          ? [{ postId: row.post_id }]
          : row.comment_id
            ? [{ commentId: row.comment_id }]
            : [],
      );
    },
  };
}

export type CommunityModule = ReturnType<typeof createCommunityModule>;
