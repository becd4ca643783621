// The public creator surfaces read their items through SECURITY DEFINER functions: a visitor gets
// the public code of an active affiliate link (to follow /go/{code}) and never the link's
// destination. Disabled links: an affiliate_link item is left out; product and storefront items
// stay, without a code.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';

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

// One read per public page: what /@{username} and /s/{slug} draw, under the reader's RLS.
describe('public_link_page', () => {
  const view = async (username: string, client = anonClient(stack)) => {
    const { data, error } = await client.rpc('public_link_page', { page_username: username });
    expect(error).toBeNull();
    return data as { page: Record<string, unknown>; items: unknown[]; profile: unknown } | null;
  };

  it('answers the page, its public items and the owner’s public profile', async () => {
    const page = await view('pcl-b');
    expect(page?.page).toMatchObject({ id: ID.linkPageB, owner_id: ID.B, is_published: true });
    expect(page?.items).toEqual(await pageItems('pcl-b'));
    expect(page?.profile).toEqual({
      id: ID.B,
      name: expect.any(String),
      username: 'pcl-b',
      profile_image: null,
      bio: null,
    });
    expect(JSON.stringify(page)).not.toContain('secret-');
  });

  it('is null for a visitor of a draft or an unknown username; the owner gets the draft', async () => {
    expect(await view('pcl-m')).toBeNull();
    expect(await view('nobody-here')).toBeNull();
    const owner = await signedInClient(stack, EMAIL.M, PASSWORD);
    const draft = await view('pcl-m', owner);
    expect(draft?.page).toMatchObject({ id: ID.linkPageM, is_published: false });
    expect(draft?.items).toEqual([]);
  });
});

describe('public_storefront', () => {
  const view = async (slug: string, client = anonClient(stack)) => {
    const { data, error } = await client.rpc('public_storefront', { storefront_slug: slug });
    expect(error).toBeNull();
    return data as {
      storefront: Record<string, unknown>;
      items: unknown[];
      products: {
        id: string;
        product_claims: { id: string }[];
        merchant_claims: { id: string }[];
      }[];
      owner: unknown;
    } | null;
  };
  const EXPIRED_CLAIM = '00000000-0000-4000-8000-00000000f201';

  it('answers the products in item order with verified, unexpired claims only', async () => {
    await stack.pool.query(`
      insert into public.sustainability_claims (id, merchant_id, claim, evidence_url, review_status, expires_on)
        values ('${EXPIRED_CLAIM}', '${ID.M}', 'Lapsed certificate', '/evidence/old.pdf', 'approved', current_date - 1);
      update public.storefront_items set position = 3 where id = '${ID.storefrontItemA}';
      insert into public.storefront_items (storefront_id, product_id, position) values
        ('${ID.storefrontA}', '${ID.productM2Pub}', 1),
        ('${ID.storefrontA}', '${ID.productDraft}', 2);
    `);
    try {
      const shop = await view('a-picks');
      expect(shop?.storefront).toMatchObject({ id: ID.storefrontA, slug: 'a-picks' });
      expect(shop?.items).toEqual(await storefrontItems('a-picks'));
      expect(shop?.owner).toEqual({
        id: ID.A,
        name: expect.any(String),
        username: 'pcl-a',
        profile_image: null,
      });
      // The draft product is not public: left out. The rival's product comes first (position 1).
      expect(shop?.products).toEqual([
        expect.objectContaining({
          id: ID.productM2Pub,
          slug: 'rival-public',
          merchant: { company_name: 'Rival Goods' },
          product_claims: [],
          merchant_claims: [],
        }),
        expect.objectContaining({
          id: ID.productPub,
          slug: 'matrix-public',
          name: 'Public product',
          price_cents: 2500,
          merchant: { company_name: 'Matrix Goods' },
          // The merchant's company-wide claim (about no single product).
          product_claims: [],
          merchant_claims: [
            {
              id: ID.claimApproved,
              claim: 'Plastic-free packaging',
              issuer: null,
              expires_on: null,
              evidence_url: '/evidence/approved.pdf',
            },
          ],
        }),
      ]);
    } finally {
      await stack.pool.query(`
        delete from public.sustainability_claims where id = '${EXPIRED_CLAIM}';
        delete from public.storefront_items
          where storefront_id = '${ID.storefrontA}' and id <> '${ID.storefrontItemA}';
        update public.storefront_items set position = 0 where id = '${ID.storefrontItemA}';
      `);
    }
  });

  it('is null for a visitor of a draft or an unknown slug; the owner gets the draft', async () => {
    expect(await view('b-picks')).toBeNull();
    expect(await view('no-such-store')).toBeNull();
    const owner = await signedInClient(stack, EMAIL.B, PASSWORD);
    const draft = await view('b-picks', owner);
    expect(draft?.storefront).toMatchObject({ id: ID.storefrontB, is_published: false });
    expect(draft?.items).toEqual([]);
  });
});
