// The plan gate on storefronts (free: one; Affiliate Pro or admin: unlimited), enforced by a
// trigger for every client, and the link page editor's preview, which gives the owner the same
// public addresses that visitors of /@{username} get.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';
import { createUser } from './support/users.ts';

let stack: RunningStack;

const LINK_B_OFF = '00000000-0000-4000-8000-00000000e001';
const item = (n: number) => `00000000-0000-4000-8000-00000000e1${n.toString().padStart(2, '0')}`;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  await stack.pool.query(`
    update public.profiles set username = 'plp-b' where id = '${ID.B}';
    insert into public.affiliate_links (id, code, affiliate_id, program_id, destination_url, is_active) values
      ('${LINK_B_OFF}', 'plp-b-off', '${ID.B}', '${ID.programM2}', 'https://secret-off.example/x', false);
    insert into public.link_page_items (id, page_id, kind, label, affiliate_link_id, product_id, position, is_visible, url) values
      ('${item(1)}', '${ID.linkPageB}', 'affiliate_link', 'Rival deal', '${ID.linkB}', null, 1, true, null),
      ('${item(2)}', '${ID.linkPageB}', 'product', null, null, '${ID.productM2Pub}', 2, true, null),
      ('${item(3)}', '${ID.linkPageB}', 'affiliate_link', 'Disabled deal', '${LINK_B_OFF}', null, 3, true, null),
      ('${item(4)}', '${ID.linkPageB}', 'affiliate_link', 'Hidden deal', '${ID.linkB}', null, 4, false, null),
      ('${item(5)}', '${ID.linkPageB}', 'product', null, null, '${ID.productDraft}', 5, true, null),
      ('${item(6)}', '${ID.linkPageB}', 'affiliate_link', 'Not my link', '${ID.linkA}', null, 6, true, null),
      ('${item(7)}', '${ID.linkPageB}', 'header', 'Favourites', null, null, 7, true, null);
    update public.link_page_items set position = 9 where id = '${ID.linkPageItemB}';
  `);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const storefrontCount = async (owner: string) =>
  Number(
    (
      await stack.pool.query<{ n: string }>(
        'select count(*) as n from public.storefronts where owner_id = $1',
        [owner],
      )
    ).rows[0]!.n,
  );

async function createStorefront(client: SupabaseClient, owner: string, slug: string) {
  return client
    .from('storefronts')
    .insert({ owner_id: owner, slug, title: 'My picks' })
    .select('id');
}

describe('storefront plan limit', () => {
  it('lets a free affiliate own one storefront and refuses a second with 403, changing nothing', async () => {
    const user = await createUser(stack, {
      email: 'free-plan@plan.test',
      password: PASSWORD,
      metadata: { role: 'affiliate', name: 'Free Plan' },
    });
    const client = await signedInClient(stack, 'free-plan@plan.test', PASSWORD);
    const first = await createStorefront(client, user.id, 'free-first');
    expect(first.error).toBeNull();
    const second = await createStorefront(client, user.id, 'free-second');
    expect(second.status).toBe(403);
    expect(second.error?.code).toBe('42501');
    expect(second.error?.message).toBe(
      'The free plan includes one storefront. Affiliate Pro unlocks unlimited storefronts.',
    );
    expect(await storefrontCount(user.id)).toBe(1);
  });

  it('counts only Affiliate Pro: a merchant-tier subscriber with a storefront is refused', async () => {
    // B holds an active "starter" (merchant) subscription and already owns a storefront.
    const client = await signedInClient(stack, EMAIL.B, PASSWORD);
    const { status } = await createStorefront(client, ID.B, 'b-second');
    expect(status).toBe(403);
    expect(await storefrontCount(ID.B)).toBe(1);
  });

  it('lifts the limit while Affiliate Pro is active and restores it when it ends', async () => {
    const user = await createUser(stack, {
      email: 'pro-plan@plan.test',
      password: PASSWORD,
      metadata: { role: 'affiliate', name: 'Pro Plan' },
    });
    const client = await signedInClient(stack, 'pro-plan@plan.test', PASSWORD);
    expect((await createStorefront(client, user.id, 'pro-first')).error).toBeNull();
    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_subscription_id)
       values ($1, 'pro', 'active', now() + interval '30 days', 'sub_plan_pro')`,
      [user.id],
    );
    expect((await createStorefront(client, user.id, 'pro-second')).error).toBeNull();
    expect((await createStorefront(client, user.id, 'pro-third')).error).toBeNull();

    await stack.pool.query(
      `update public.subscriptions set status = 'canceled' where stripe_subscription_id = 'sub_plan_pro'`,
    );
    expect((await createStorefront(client, user.id, 'pro-fourth')).status).toBe(403);

    // A period that has ended does not count even while the row still says active.
    await stack.pool.query(
      `update public.subscriptions set status = 'active', current_period_end = now() - interval '1 hour'
       where stripe_subscription_id = 'sub_plan_pro'`,
    );
    expect((await createStorefront(client, user.id, 'pro-fifth')).status).toBe(403);
    expect(await storefrontCount(user.id)).toBe(3);
  });

  it('holds for every writer, not only the API, and exempts administrators', async () => {
    await expect(
      stack.pool.query(
        `insert into public.storefronts (owner_id, slug, title) values ($1, 'b-direct', 'Direct')`,
        [ID.B],
      ),
    ).rejects.toThrow(/free plan includes one storefront/);
    await expect(
      stack.pool.query(`update public.storefronts set owner_id = $1 where id = $2`, [
        ID.B,
        ID.storefrontA,
      ]),
    ).rejects.toThrow(/free plan includes one storefront/);

    const admin = await signedInClient(stack, EMAIL.admin, PASSWORD);
    expect((await createStorefront(admin, ID.admin, 'admin-one')).error).toBeNull();
    expect((await createStorefront(admin, ID.admin, 'admin-two')).error).toBeNull();
  });

  it('keeps the plan check private', async () => {
    const client = await signedInClient(stack, EMAIL.B, PASSWORD);
    const { error } = await client.rpc('storefront_limit_for', { owner: ID.A });
    expect(error).not.toBeNull();
  });
});

describe('my_link_page_preview_items', () => {
  it('gives the owner every item with the addresses visitors get for the shown ones', async () => {
    const owner = await signedInClient(stack, EMAIL.B, PASSWORD);
    const preview = await owner.rpc('my_link_page_preview_items');
    expect(preview.error).toBeNull();
    const rows = preview.data as Record<string, unknown>[];
    const publicRows = (await anonClient(stack).rpc('public_link_page_items', {
      page_username: 'plp-b',
    })) as { data: Record<string, unknown>[] };

    // Every item the visitor sees is in the preview with the same fields.
    for (const shown of publicRows.data) {
      const match = rows.find((row) => row.id === shown.id);
      expect(match).toEqual({ ...shown, is_visible: true });
    }
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    // Items the visitor does not get carry no public address (the view leaves them out).
    expect(byId(item(3))).toMatchObject({ kind: 'affiliate_link', link_code: null });
    expect(byId(item(4))).toMatchObject({ is_visible: false, link_code: 'matrix-b' });
    expect(byId(item(5))).toMatchObject({ kind: 'product', product_slug: null, link_code: null });
    expect(byId(item(6))).toMatchObject({ kind: 'affiliate_link', link_code: null });
    expect(byId(item(2))).toMatchObject({ kind: 'product', link_code: 'matrix-b' });
    expect(byId(item(7))).toMatchObject({ kind: 'header', label: 'Favourites' });
    expect(rows.map((row) => row.item_position)).toEqual(
      [...rows.map((row) => row.item_position as number)].sort((a, b) => a - b),
    );
    expect(rows).toHaveLength(publicRows.data.length + 4);
  });

  it('shows nobody else’s page and nothing to visitors', async () => {
    const other = await signedInClient(stack, EMAIL.A, PASSWORD);
    const { data, error } = await other.rpc('my_link_page_preview_items');
    expect(error).toBeNull();
    expect((data as { id: string }[]).some((row) => row.id === item(1))).toBe(false);

    const anon = await anonClient(stack).rpc('my_link_page_preview_items');
    expect(anon.error).not.toBeNull();
  });
});
