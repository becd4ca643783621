// The public creator surfaces read their items through SECURITY DEFINER functions: a visitor gets
// the public code of an active affiliate link (to follow /go/{code}) and never the link's
// destination. Disabled links: an affiliate_link item is left out; product and storefront items
// stay, without a code.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from './support/clients.ts';
import { ID, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

const LINK_B_OFF = '00000000-0000-4000-8000-00000000f001';
const LINK_B_EXPIRED = '00000000-0000-4000-8000-00000000f002';
const item = (n: number) => `00000000-0000-4000-8000-00000000f1${n.toString().padStart(2, '0')}`;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  await stack.pool.query(`
    update public.profiles set username = 'pcl-a' where id = '${ID.A}';
    update public.profiles set username = 'pcl-b' where id = '${ID.B}';
    update public.profiles set username = 'pcl-m' where id = '${ID.M}';
    insert into public.affiliate_links (id, code, affiliate_id, program_id, destination_url, is_active, expires_at) values
      ('${LINK_B_OFF}', 'pcl-b-off', '${ID.B}', '${ID.programM2}', 'https://secret-off.example/x', false, null),
      ('${LINK_B_EXPIRED}', 'pcl-b-expired', '${ID.B}', '${ID.programM2}', 'https://secret-expired.example/x', true, now() - interval '1 day');
    insert into public.link_page_items (id, page_id, kind, label, affiliate_link_id, product_id, position, is_visible, url) values
      ('${item(1)}', '${ID.linkPageB}', 'affiliate_link', 'Rival deal', '${ID.linkB}', null, 1, true, null),
      ('${item(2)}', '${ID.linkPageB}', 'product', null, null, '${ID.productM2Pub}', 2, true, null),
      ('${item(3)}', '${ID.linkPageB}', 'affiliate_link', 'Disabled deal', '${LINK_B_OFF}', null, 3, true, null),
      ('${item(4)}', '${ID.linkPageB}', 'affiliate_link', 'Hidden deal', '${ID.linkB}', null, 4, false, null),
      ('${item(5)}', '${ID.linkPageB}', 'product', null, null, '${ID.productDraft}', 5, true, null),
      ('${item(6)}', '${ID.linkPageB}', 'affiliate_link', 'Expired deal', '${LINK_B_EXPIRED}', null, 6, true, null),
      ('${item(7)}', '${ID.linkPageB}', 'affiliate_link', 'Not my link', '${ID.linkA}', null, 7, true, null),
      ('${item(8)}', '${ID.linkPageM}', 'link', 'Draft page link', null, null, 1, true, '/draft');
    update public.link_page_items set position = 9 where id = '${ID.linkPageItemB}';
  `);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const pageItems = async (username: string) => {
  const { data, error } = await anonClient(stack).rpc('public_link_page_items', {
    page_username: username,
  });
  expect(error).toBeNull();
  return data as Record<string, unknown>[];
};

const storefrontItems = async (slug: string) => {
  const { data, error } = await anonClient(stack).rpc('public_storefront_items', {
    storefront_slug: slug,
  });
  expect(error).toBeNull();
  return data as Record<string, unknown>[];
};

describe('public_link_page_items', () => {
  it('gives a visitor the visible items in order with the codes of active links only', async () => {
    const rows = await pageItems('pcl-b');
    expect(rows).toEqual([
      {
        id: item(1),
        kind: 'affiliate_link',
        label: 'Rival deal',
        url: null,
        link_code: 'matrix-b',
        link_title: null,
        product_slug: null,
        product_name: null,
        item_position: 1,
      },
      {
        id: item(2),
        kind: 'product',
        label: null,
        url: null,
        link_code: 'matrix-b',
        link_title: null,
        product_slug: 'rival-public',
        product_name: 'Rival public product',
        item_position: 2,
      },
      {
        id: ID.linkPageItemB,
        kind: 'link',
        label: 'My blog',
        url: '/blog',
        link_code: null,
        link_title: null,
        product_slug: null,
        product_name: null,
        item_position: 9,
      },
    ]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('secret-');
    expect(text).not.toContain('pcl-b-off');
    expect(text).not.toContain('pcl-b-expired');
    expect(text).not.toContain('matrix-a');
  });

  it('returns nothing for an unpublished page or an unknown username', async () => {
    expect(await pageItems('pcl-m')).toEqual([]);
    expect(await pageItems('nobody-here')).toEqual([]);
  });

  it('drops an item as soon as its link is disabled', async () => {
    await stack.pool.query('update public.affiliate_links set is_active = false where id = $1', [
      ID.linkB,
    ]);
    try {
      const rows = await pageItems('pcl-b');
      expect(rows.map((r) => [r.id, r.link_code])).toEqual([
        [item(2), null],
        [ID.linkPageItemB, null],
      ]);
    } finally {
      await stack.pool.query('update public.affiliate_links set is_active = true where id = $1', [
        ID.linkB,
      ]);
    }
  });
});

describe('public_storefront_items', () => {
  it('gives a visitor each product with the owner’s active link code', async () => {
    expect(await storefrontItems('a-picks')).toEqual([
      {
        id: ID.storefrontItemA,
        product_id: ID.productPub,
        note: null,
        link_code: 'matrix-a',
        item_position: 0,
      },
    ]);
  });

  it('returns nothing for an unpublished or unknown storefront', async () => {
    await stack.pool.query(
      `insert into public.storefront_items (storefront_id, product_id, affiliate_link_id)
       values ($1, $2, $3) on conflict do nothing`,
      [ID.storefrontB, ID.productM2Pub, ID.linkB],
    );
    expect(await storefrontItems('b-picks')).toEqual([]);
    expect(await storefrontItems('no-such-store')).toEqual([]);
  });

  it('keeps the product but drops the code of a disabled link', async () => {
    await stack.pool.query('update public.affiliate_links set is_active = false where id = $1', [
      ID.linkA,
    ]);
    try {
      const rows = await storefrontItems('a-picks');
      expect(rows.map((r) => [r.product_id, r.link_code])).toEqual([[ID.productPub, null]]);
    } finally {
      await stack.pool.query('update public.affiliate_links set is_active = true where id = $1', [
        ID.linkA,
      ]);
    }
  });

  it('does not let a visitor call the internal code lookup', async () => {
    const { error } = await anonClient(stack).rpc('active_link_code_for_product', {
      owner: ID.A,
      product: ID.productPub,
    });
    expect(error).not.toBeNull();
  });
});
