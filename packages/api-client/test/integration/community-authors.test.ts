import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, Post } from '../../src/index.ts';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let rowan: Actor;
let ines: Actor;
let theo: Actor;
let rowanUsername: string;
let rowanPost: Post;
let inesPost: Post;

/** A client signed in as `actor` that records the paths of its REST reads of `public_profiles`. */
async function countingProfileReads(actor: Actor): Promise<{ api: ApiClient; reads: string[] }> {
  const reads: string[] = [];
  const api = await w.signIn(actor.email, {
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/rest/v1/public_profiles')) reads.push(url);
      return fetch(input, init);
    },
  });
  return { api, reads };
}

beforeAll(async () => {
  [rowan, ines, theo] = await Promise.all([
    w.actor('affiliate', 'Rowan Ash'),
    w.actor('merchant', 'Ines Birch'),
    w.actor('affiliate', 'Theo Marsh'),
  ]);
  rowanUsername = `rowan-${unique()}`;
  await must(
    w.service
      .from('profiles')
      .update({ username: rowanUsername, profile_image: 'https://example.com/rowan.png' })
      .eq('id', rowan.id),
  );
  rowanPost = await rowan.api.community.createPost({
    title: 'Mending circles',
    body: 'Who runs one near them?',
    category: 'sustainability',
  });
  inesPost = await ines.api.community.createPost({ title: 'Refill pricing', body: 'By weight?' });
});

describe('community authors', () => {
  it('lists each post with its author’s public name, username and picture', async () => {
    const feed = await w.anon.community.listPosts();
    expect(feed.total).toBe(2);
    const byId = new Map(feed.rows.map((p) => [p.id, p]));
    expect(byId.get(rowanPost.id)?.author).toEqual({
      id: rowan.id,
      name: 'Rowan Ash',
      username: rowanUsername,
      profile_image: 'https://example.com/rowan.png',
    });
    expect(byId.get(inesPost.id)?.author).toMatchObject({ id: ines.id, name: 'Ines Birch' });
    // Only the public face of a profile: no role, no subscription, no bio.
    expect(Object.keys(byId.get(inesPost.id)?.author ?? {}).sort()).toEqual(
      ['id', 'name', 'profile_image', 'username'].sort(),
    );
  });

  it('opens a post with its author and the author of each comment', async () => {
    const first = await theo.api.community.comment(rowanPost.id, 'Our library hosts one monthly.');
    const second = await ines.api.community.comment(rowanPost.id, 'We lend the sewing machines.');
    const reply = await rowan.api.community.comment(rowanPost.id, 'Thanks, both of you!');
    const thread = await w.anon.community.getPost(rowanPost.id);
    expect(thread.author).toMatchObject({ id: rowan.id, name: 'Rowan Ash' });
    expect(thread.comments.map((c) => [c.id, c.author?.name])).toEqual([
      [first.id, 'Theo Marsh'],
      [second.id, 'Ines Birch'],
      [reply.id, 'Rowan Ash'],
    ]);
    expect(thread.comments[2]?.author).toEqual(thread.author);
  });

  it('reads the authors of a page or a thread with one request, however many rows', async () => {
    const { api, reads } = await countingProfileReads(theo);
    const feed = await api.community.listPosts();
    expect(feed.rows.every((p) => p.author !== null)).toBe(true);
    expect(reads).toHaveLength(1);

    reads.length = 0;
    const thread = await api.community.getPost(rowanPost.id);
    expect(thread.comments).toHaveLength(3);
    expect(reads).toHaveLength(1);
    // Three distinct people wrote the post and its three comments: each id is asked for once.
    const ids = new URL(reads[0]!).searchParams.get('id') ?? '';
    expect(
      ids
        .replace(/^in\.\(|\)$/g, '')
        .split(',')
        .sort(),
    ).toEqual([rowan.id, ines.id, theo.id].sort());
  });

  it('an empty page asks for no authors', async () => {
    const { api, reads } = await countingProfileReads(theo);
    await expect(api.community.listPosts({ category: 'help' })).resolves.toEqual({
      rows: [],
      total: 0,
    });
    expect(reads).toEqual([]);
  });

  it('shows the name an author changes to on their next read', async () => {
    await rowan.api.profiles.update(rowan.id, { name: 'Rowan Ashby' });
    const thread = await w.anon.community.getPost(rowanPost.id);
    expect(thread.author?.name).toBe('Rowan Ashby');
    expect(thread.comments.at(-1)?.author?.name).toBe('Rowan Ashby');
  });
});
