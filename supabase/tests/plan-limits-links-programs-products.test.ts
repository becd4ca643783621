// The plan limits of /pricing beyond storefronts, enforced by one trigger function for every
// client: Affiliate Free holds up to 10 tracked links (Affiliate Pro: unlimited); Merchant Starter,
// which also applies to merchants without a subscription, holds one affiliate program and up to 25
// products (Merchant Growth: unlimited). Administrators are not limited, rows beyond a limit that
// already exist are kept, and a refusal is a 403 with the plan's message that writes nothing.
import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/clients.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';
import { createUser } from './support/users.ts';

const LINK_LIMIT =
  'Affiliate Free includes up to 10 tracked links. Affiliate Pro unlocks unlimited tracked links.';
const PROGRAM_LIMIT =
  'Merchant Starter includes one affiliate program. Merchant Growth unlocks unlimited affiliate programs.';
const PRODUCT_LIMIT =
  'Merchant Starter includes up to 25 products. Merchant Growth unlocks unlimited products.';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const countOf = async (table: string, column: string, owner: string) =>
  Number(
    (
      await stack.pool.query<{ n: string }>(
        `select count(*) as n from public.${table} where ${column} = $1`,
        [owner],
      )
    ).rows[0]!.n,
  );

async function subscribe(userId: string, tier: 'pro' | 'starter' | 'business', ref: string) {
  await stack.pool.query(
    `insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_subscription_id)
     values ($1, $2, 'active', now() + interval '30 days', $3)`,
    [userId, tier, ref],
  );
}

async function endSubscription(ref: string) {
  await stack.pool.query(
    `update public.subscriptions set status = 'canceled' where stripe_subscription_id = $1`,
    [ref],
  );
}

interface Account {
  id: string;
  client: SupabaseClient;
}

async function account(role: 'affiliate' | 'merchant'): Promise<Account> {
  const email = `${role}-${randomUUID().slice(0, 8)}@plan-limits.test`;
  const user = await createUser(stack, {
    email,
    password: PASSWORD,
    metadata: { role, name: `Plan ${role}` },
  });
  if (role === 'merchant')
    await stack.pool.query(
      `insert into public.merchant_profiles (id, company_name, onboarding_step, approval_status)
       values ($1, 'Plan Goods', 'complete', 'approved')`,
      [user.id],
    );
  return { id: user.id, client: await signedInClient(stack, email, PASSWORD) };
}

const code = () => `pl-${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** Creates a tracked link through the API, as the app does. */
const createLink = (who: Account) =>
  who.client
    .from('affiliate_links')
    .insert({ code: code(), affiliate_id: who.id, destination_url: '/shop', title: 'A link' })
    .select('id')
    .single();

/** Writes links directly (the database's own writer), e.g. to build history quickly. */
async function insertLinks(owner: string, n: number) {
  await stack.pool.query(
    `insert into public.affiliate_links (code, affiliate_id, destination_url)
     select 'pl-' || substr(md5(random()::text), 1, 12), $1, '/shop' from generate_series(1, $2)`,
    [owner, n],
  );
}

const createProgram = (who: Account, name = 'Partners') =>
  who.client
    .from('affiliate_programs')
    .insert({ merchant_id: who.id, name, commission_type: 'percent', commission_rate_bps: 1000 })
    .select('id')
    .single();

const createProduct = (who: Account) =>
  who.client
    .from('products')
    .insert({
      merchant_id: who.id,
      name: 'Refill pouch',
      slug: `pouch-${randomUUID().slice(0, 12)}`,
      price_cents: 1250,
    })
    .select('id')
    .single();

async function insertProducts(owner: string, n: number) {
  await stack.pool.query(
    `insert into public.products (merchant_id, name, slug, price_cents)
     select $1, 'Soap ' || g, 'soap-' || substr(md5(random()::text), 1, 12), 500 from generate_series(1, $2) g`,
    [owner, n],
  );
}

describe('tracked links: Affiliate Free holds up to 10', () => {
  it('lets a free affiliate create the 10th link and refuses the 11th with 403, writing nothing', async () => {
    const free = await account('affiliate');
    await insertLinks(free.id, 9);
    const tenth = await createLink(free);
    expect(tenth.error).toBeNull();
    expect(await countOf('affiliate_links', 'affiliate_id', free.id)).toBe(10);

    const eleventh = await createLink(free);
    expect(eleventh.status).toBe(403);
    expect(eleventh.error?.code).toBe('42501');
    expect(eleventh.error?.message).toBe(LINK_LIMIT);
    expect(eleventh.error?.hint).toMatch(/Affiliate Pro on \/pricing/);
    expect(await countOf('affiliate_links', 'affiliate_id', free.id)).toBe(10);
  });

  it('keeps links beyond the limit working: editing, disabling and re-enabling are not creations', async () => {
    // Twelve links made while Affiliate Pro was active, then the subscription ended.
    const lapsed = await account('affiliate');
    await subscribe(lapsed.id, 'pro', `sub_${lapsed.id}`);
    await insertLinks(lapsed.id, 11);
    expect((await createLink(lapsed)).error).toBeNull();
    await endSubscription(`sub_${lapsed.id}`);
    expect(await countOf('affiliate_links', 'affiliate_id', lapsed.id)).toBe(12);

    const { data: links } = await lapsed.client
      .from('affiliate_links')
      .select('id, code')
      .eq('affiliate_id', lapsed.id);
    expect(links).toHaveLength(12);
    const first = links![0]!;
    for (const changes of [{ is_active: false }, { is_active: true }, { title: 'Renamed' }]) {
      const { error } = await lapsed.client
        .from('affiliate_links')
        .update(changes)
        .eq('id', first.id)
        .select('id')
        .single();
      expect(error).toBeNull();
    }
    // An insert that meets an existing row creates nothing, so it is not refused either.
    await stack.pool.query(
      `insert into public.affiliate_links (id, code, affiliate_id, destination_url)
       values ($1, $2, $3, '/shop') on conflict (id) do nothing`,
      [first.id, first.code, lapsed.id],
    );

    // A new one is refused until fewer than 10 remain.
    expect((await createLink(lapsed)).status).toBe(403);
    const { error: removed } = await lapsed.client
      .from('affiliate_links')
      .delete()
      .in(
        'id',
        links!.slice(0, 3).map((l) => l.id),
      );
    expect(removed).toBeNull();
    expect((await createLink(lapsed)).error).toBeNull();
    expect((await createLink(lapsed)).status).toBe(403);
    expect(await countOf('affiliate_links', 'affiliate_id', lapsed.id)).toBe(10);
  });

  it('lifts the limit while Affiliate Pro is active, and only Affiliate Pro', async () => {
    const creator = await account('affiliate');
    await insertLinks(creator.id, 10);
    // A merchant tier does not lift an affiliate limit.
    await subscribe(creator.id, 'business', `sub_biz_${creator.id}`);
    expect((await createLink(creator)).status).toBe(403);

    await subscribe(creator.id, 'pro', `sub_pro_${creator.id}`);
    for (let i = 0; i < 3; i += 1) expect((await createLink(creator)).error).toBeNull();
    expect(await countOf('affiliate_links', 'affiliate_id', creator.id)).toBe(13);

    // A period that has ended does not count even while the row still says active.
    await stack.pool.query(
      `update public.subscriptions set current_period_end = now() - interval '1 hour'
       where stripe_subscription_id = $1`,
      [`sub_pro_${creator.id}`],
    );
    expect((await createLink(creator)).status).toBe(403);
  });

  it('lets only one of several parallel creations take the last place', async () => {
    const racer = await account('affiliate');
    await insertLinks(racer.id, 8);
    const results = await Promise.all(Array.from({ length: 6 }, () => createLink(racer)));
    expect(results.filter((r) => r.error === null)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
    expect(await countOf('affiliate_links', 'affiliate_id', racer.id)).toBe(10);
  });

  it('holds for every writer and for moving links to another owner; administrators are not limited', async () => {
    const full = await account('affiliate');
    await insertLinks(full.id, 10);
    await expect(insertLinks(full.id, 1)).rejects.toThrow(/Affiliate Free includes up to 10/);
    const other = await account('affiliate');
    await insertLinks(other.id, 1);
    await expect(
      stack.pool.query(
        `update public.affiliate_links set affiliate_id = $1 where affiliate_id = $2`,
        [full.id, other.id],
      ),
    ).rejects.toThrow(/Affiliate Free includes up to 10/);

    await insertLinks(ID.admin, 12);
    expect(await countOf('affiliate_links', 'affiliate_id', ID.admin)).toBe(12);
  });

  it('says nothing about another user’s plan to a client writing for them', async () => {
    const full = await account('affiliate');
    await insertLinks(full.id, 10);
    const intruder = await signedInClient(stack, EMAIL.B, PASSWORD);
    const { status, error } = await intruder
      .from('affiliate_links')
      .insert({ code: code(), affiliate_id: full.id, destination_url: '/shop' });
    expect(status).toBe(403);
    expect(error?.message).not.toMatch(/Affiliate/);
  });
});

describe('affiliate programs: Merchant Starter holds one', () => {
  it('lets a merchant without a subscription run one program and refuses a second with 403', async () => {
    const merchant = await account('merchant');
    expect((await createProgram(merchant)).error).toBeNull();
    const second = await createProgram(merchant, 'Second');
    expect(second.status).toBe(403);
    expect(second.error?.code).toBe('42501');
    expect(second.error?.message).toBe(PROGRAM_LIMIT);
    expect(second.error?.hint).toMatch(/without a subscription have the Merchant Starter limits/);
    expect(await countOf('affiliate_programs', 'merchant_id', merchant.id)).toBe(1);
  });

  it('holds Merchant Starter subscribers to one and lifts it with Merchant Growth', async () => {
    const merchant = await account('merchant');
    await subscribe(merchant.id, 'starter', `sub_starter_${merchant.id}`);
    expect((await createProgram(merchant)).error).toBeNull();
    expect((await createProgram(merchant, 'Second')).status).toBe(403);

    await subscribe(merchant.id, 'business', `sub_growth_${merchant.id}`);
    expect((await createProgram(merchant, 'Second')).error).toBeNull();
    expect((await createProgram(merchant, 'Third')).error).toBeNull();

    // Growth ends: the three programs stay and can be edited; a fourth is refused.
    await endSubscription(`sub_growth_${merchant.id}`);
    const { data: programs } = await merchant.client
      .from('affiliate_programs')
      .select('id')
      .eq('merchant_id', merchant.id);
    expect(programs).toHaveLength(3);
    const paused = await merchant.client
      .from('affiliate_programs')
      .update({ status: 'paused' })
      .eq('id', programs![0]!.id)
      .select('id')
      .single();
    expect(paused.error).toBeNull();
    expect((await createProgram(merchant, 'Fourth')).status).toBe(403);
  });

  it('lets only one of parallel program creations pass', async () => {
    const merchant = await account('merchant');
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createProgram(merchant, `Race ${i}`)),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(await countOf('affiliate_programs', 'merchant_id', merchant.id)).toBe(1);
  });
});

describe('products: Merchant Starter holds up to 25', () => {
  it('lets a merchant create the 25th product and refuses the 26th with 403, writing nothing', async () => {
    const merchant = await account('merchant');
    await insertProducts(merchant.id, 24);
    expect((await createProduct(merchant)).error).toBeNull();
    const extra = await createProduct(merchant);
    expect(extra.status).toBe(403);
    expect(extra.error?.code).toBe('42501');
    expect(extra.error?.message).toBe(PRODUCT_LIMIT);
    expect(await countOf('products', 'merchant_id', merchant.id)).toBe(25);

    // Editing an existing product is not a creation.
    const { data } = await merchant.client
      .from('products')
      .select('id')
      .eq('merchant_id', merchant.id)
      .limit(1)
      .single();
    const edited = await merchant.client
      .from('products')
      .update({ name: 'Renamed soap' })
      .eq('id', data!.id)
      .select('id')
      .single();
    expect(edited.error).toBeNull();
  });

  it('is unlimited with Merchant Growth, and concurrent creations cannot pass the limit', async () => {
    const grower = await account('merchant');
    await subscribe(grower.id, 'business', `sub_growth_${grower.id}`);
    await insertProducts(grower.id, 26);
    expect((await createProduct(grower)).error).toBeNull();
    expect(await countOf('products', 'merchant_id', grower.id)).toBe(27);

    const racer = await account('merchant');
    await insertProducts(racer.id, 23);
    const results = await Promise.all(Array.from({ length: 5 }, () => createProduct(racer)));
    expect(results.filter((r) => r.error === null)).toHaveLength(2);
    expect(await countOf('products', 'merchant_id', racer.id)).toBe(25);
  });

  it('holds for moving products between merchants', async () => {
    const full = await account('merchant');
    await insertProducts(full.id, 25);
    const other = await account('merchant');
    await insertProducts(other.id, 1);
    await expect(
      stack.pool.query(`update public.products set merchant_id = $1 where merchant_id = $2`, [
        full.id,
        other.id,
      ]),
    ).rejects.toThrow(/Merchant Starter includes up to 25 products/);
  });
});

describe('plan_limit_for', () => {
  it('answers per resource and owner, and stays private', async () => {
    const free = await account('affiliate');
    const { rows } = await stack.pool.query<Record<string, number | null>>(
      `select public.plan_limit_for($1, 'affiliate_links') as links,
              public.plan_limit_for($1, 'storefronts') as storefronts,
              public.plan_limit_for($1, 'affiliate_programs') as programs,
              public.plan_limit_for($1, 'products') as products,
              public.plan_limit_for($2, 'products') as admin_products,
              public.plan_limit_for($3, 'affiliate_links') as pro_links`,
      [free.id, ID.admin, ID.A],
    );
    expect(rows[0]).toEqual({
      links: 10,
      storefronts: 1,
      programs: 1,
      products: 25,
      admin_products: null,
      pro_links: null,
    });
    await expect(
      stack.pool.query(`select public.plan_limit_for($1, 'courses')`, [free.id]),
    ).rejects.toThrow(/Unknown plan resource/);

    const client = await signedInClient(stack, EMAIL.B, PASSWORD);
    const { error } = await client.rpc('plan_limit_for', { owner: ID.B, resource: 'products' });
    expect(error).not.toBeNull();
  });
});
