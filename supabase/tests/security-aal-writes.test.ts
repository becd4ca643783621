// A password-only (aal1) token of a user with a verified MFA factor changes nothing and reads none
// of the user's money (migration 20261129000700), replayed through PostgREST and storage with
// supabase-js: the same user at aal2, and a user without a factor at aal1, keep working, and
// public pages read the same for everybody.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';

const MFA_REQUIRED = 'Multi-factor authentication required (aal2)';

let stack: RunningStack;

const as = (email: string) => signedInClient(stack, email, PASSWORD);

/** A client of `email` that has passed a new TOTP factor (aal2), which is verified from then on. */
async function withVerifiedFactor(email: string): Promise<SupabaseClient> {
  const client = await as(email);
  const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
  expect(error).toBeNull();
  const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
  const verified = await client.auth.mfa.verify({
    factorId: factor!.id,
    challengeId: challenge!.id,
    code: generateSync({ secret: factor!.totp.secret }),
  });
  expect(verified.error).toBeNull();
  return client;
}

const png = () =>
  new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
    type: 'image/png',
  });

const aalOf = async (client: SupabaseClient) => {
  const { data } = await client.auth.getSession();
  const claims = JSON.parse(
    Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
  ) as { aal: string };
  return claims.aal;
};

const bioOf = async (id: string) =>
  (
    await stack.pool.query<{ bio: string | null }>(
      'select bio from public.profiles where id = $1',
      [id],
    )
  ).rows[0]!.bio;

/** Affiliate A and merchant M at aal2 (factor verified) and, signed in again by password, aal1. */
let affiliateAal2: SupabaseClient;
let affiliateAal1: SupabaseClient;
let merchantAal2: SupabaseClient;
let merchantAal1: SupabaseClient;
/** Affiliate B has no factor: aal1 is all B's sessions need. */
let noFactor: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  affiliateAal2 = await withVerifiedFactor(EMAIL.A);
  affiliateAal1 = await as(EMAIL.A);
  merchantAal2 = await withVerifiedFactor(EMAIL.M);
  merchantAal1 = await as(EMAIL.M);
  noFactor = await as(EMAIL.B);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

it('the sessions carry the levels the tests rely on', async () => {
  expect(await aalOf(affiliateAal1)).toBe('aal1');
  expect(await aalOf(affiliateAal2)).toBe('aal2');
  expect(await aalOf(merchantAal1)).toBe('aal1');
  expect(await aalOf(merchantAal2)).toBe('aal2');
  expect(await aalOf(noFactor)).toBe('aal1');
});

describe('an aal1 token of a user with a verified factor', () => {
  it('cannot update the profile', async () => {
    const before = await bioOf(ID.A);
    const { data, error } = await affiliateAal1
      .from('profiles')
      .update({ bio: 'Changed without the second step' })
      .eq('id', ID.A)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await bioOf(ID.A)).toBe(before);
  });

  it('cannot insert, update or delete its other rows', async () => {
    const insert = await affiliateAal1
      .from('enrollments')
      .insert({ user_id: ID.A, course_id: ID.coursePub2 });
    expect(insert.error?.code).toBe('42501');

    const update = await affiliateAal1
      .from('affiliate_links')
      .update({ title: 'Renamed at aal1' })
      .eq('id', ID.linkA)
      .select('id');
    expect(update.data).toEqual([]);
    const remove = await affiliateAal1
      .from('storefront_items')
      .delete()
      .eq('id', ID.storefrontItemA)
      .select('id');
    expect(remove.data).toEqual([]);
    const { rows } = await stack.pool.query(
      `select (select title from public.affiliate_links where id = $1) as title,
              exists (select 1 from public.storefront_items where id = $2) as item,
              exists (select 1 from public.enrollments where user_id = $3 and course_id = $4) as made`,
      [ID.linkA, ID.storefrontItemA, ID.A, ID.coursePub2],
    );
    expect(rows[0]).toMatchObject({ item: true, made: false });
    expect(rows[0].title).not.toBe('Renamed at aal1');

    const product = await merchantAal1
      .from('products')
      .update({ name: 'Renamed at aal1' })
      .eq('id', ID.productPub)
      .select('id');
    expect(product.data).toEqual([]);
  });

  it('cannot write through the SECURITY DEFINER functions or upload files', async () => {
    const onboarding = await affiliateAal1.rpc('complete_onboarding');
    expect(onboarding.error).toMatchObject({ code: '42501', message: MFA_REQUIRED });
    const certificate = await affiliateAal1.rpc('issue_certificate', { course: ID.coursePub });
    expect(certificate.error).toMatchObject({ code: '42501', message: MFA_REQUIRED });

    const upload = await affiliateAal1.storage
      .from('avatars')
      .upload(`${ID.A}/aal1.png`, png(), { contentType: 'image/png' });
    expect(upload.error).not.toBeNull();
    // The same upload with the second step taken goes through.
    const passed = await affiliateAal2.storage
      .from('avatars')
      .upload(`${ID.A}/aal2.png`, png(), { contentType: 'image/png' });
    expect(passed.error).toBeNull();
  });

  it('reads neither the dashboards nor the money behind them', async () => {
    const affiliate = await affiliateAal1.rpc('affiliate_dashboard', { days: 30 });
    expect(affiliate.data).toBeNull();
    expect(affiliate.error).toMatchObject({ code: '42501', message: MFA_REQUIRED });
    const merchant = await merchantAal1.rpc('merchant_dashboard', { days: 30 });
    expect(merchant.error).toMatchObject({ code: '42501', message: MFA_REQUIRED });
    const partners = await merchantAal1.rpc('merchant_affiliates');
    expect(partners.error).toMatchObject({ code: '42501', message: MFA_REQUIRED });

    for (const [client, table] of [
      [affiliateAal1, 'commission_balances'],
      [affiliateAal1, 'commission_daily'],
      [affiliateAal1, 'commissions'],
      [affiliateAal1, 'payouts'],
      [affiliateAal1, 'orders'],
      [merchantAal1, 'orders'],
      [merchantAal1, 'order_items'],
    ] as const) {
      const { data, error } = await client.from(table).select('*');
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
  });

  it('still reads its own profile and the public pages, as a visitor does', async () => {
    const own = await affiliateAal1.from('profiles').select('id').eq('id', ID.A);
    expect(own.data).toEqual([{ id: ID.A }]);
    for (const [table, key] of [
      ['products', ID.productPub],
      ['storefronts', ID.storefrontA],
      ['storefront_items', ID.storefrontItemA],
      ['courses', ID.coursePub],
    ] as const) {
      const visitor = await anonClient(stack).from(table).select('id').eq('id', key);
      const held = await affiliateAal1.from(table).select('id').eq('id', key);
      expect(visitor.data, table).toEqual([{ id: key }]);
      expect(held.data, table).toEqual(visitor.data);
    }
    const page = await affiliateAal1.rpc('public_storefront_items', { storefront_slug: 'a-picks' });
    expect(page.error).toBeNull();
  });

  it('may still send the contact form, which anybody may', async () => {
    const { error } = await affiliateAal1.from('contact_messages').insert({
      name: 'Affiliate A',
      email: 'affiliate-a@matrix.test',
      message: 'Sent from the code step',
    });
    expect(error).toBeNull();
  });
});

describe('with the second step taken, or without a factor', () => {
  it('aal2 updates the profile and reads the dashboards', async () => {
    const { data, error } = await affiliateAal2
      .from('profiles')
      .update({ bio: 'Changed at aal2' })
      .eq('id', ID.A)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ID.A }]);
    expect(await bioOf(ID.A)).toBe('Changed at aal2');

    const affiliate = await affiliateAal2.rpc('affiliate_dashboard', { days: 30 });
    expect(affiliate.error).toBeNull();
    expect(affiliate.data.balances).toEqual([
      expect.objectContaining({ currency: 'USD', pending_cents: 250 }),
    ]);
    expect((await affiliateAal2.from('commission_balances').select('status')).data).toEqual([
      { status: 'pending' },
    ]);
    const merchant = await merchantAal2.rpc('merchant_dashboard', { days: 30 });
    expect(merchant.error).toBeNull();
    expect(merchant.data.totals).toMatchObject({ orders: 1, revenue_cents: 2500 });
    const partners = await merchantAal2.rpc('merchant_affiliates');
    expect(partners.error).toBeNull();
    expect((await merchantAal2.from('orders').select('id')).data).toEqual([{ id: ID.orderA }]);
  });

  it('a user without a factor updates the profile and reads the dashboard at aal1', async () => {
    const { data, error } = await noFactor
      .from('profiles')
      .update({ bio: 'Changed at aal1 without a factor' })
      .eq('id', ID.B)
      .select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ID.B }]);
    expect(await bioOf(ID.B)).toBe('Changed at aal1 without a factor');
    const dashboard = await noFactor.rpc('affiliate_dashboard', { days: 30 });
    expect(dashboard.error).toBeNull();
    expect(dashboard.data.balances).toEqual([
      expect.objectContaining({ currency: 'USD', pending_cents: 270 }),
    ]);
    expect((await noFactor.from('orders').select('id')).data).toEqual([{ id: ID.orderB }]);
  });
});

describe('coverage', () => {
  it('every write on every public table with RLS needs the level, unless visitors may make it', async () => {
    const { rows } = await stack.pool.query<{ table: string; op: string }>(`
      select c.relname as table, op
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      cross join unnest(array['INSERT', 'UPDATE', 'DELETE']) as op
      where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
        and not exists (
          select 1 from pg_policies p
          where p.schemaname = 'public' and p.tablename = c.relname
            and p.permissive = 'RESTRICTIVE' and p.cmd in (op, 'ALL')
            and p.roles @> array['authenticated']::name[]
            and coalesce(p.with_check, p.qual) like '%has_required_aal()%')
        and not exists (
          select 1 from pg_policies p
          where p.schemaname = 'public' and p.tablename = c.relname
            and p.permissive = 'PERMISSIVE' and p.cmd in (op, 'ALL')
            and p.roles && array['anon', 'public']::name[])
      order by 1, 2`);
    expect(rows).toEqual([]);
  });
});
