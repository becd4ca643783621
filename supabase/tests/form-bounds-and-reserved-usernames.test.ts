// Bounds of the merchant's forms and the profile form, held by the database for every client
// (migration 20261129000600): a flat commission of at most 10,000.00 per item sold, a price of at least
// 0.50, and no reserved username (the list of @verdant/validation) for a new or changed username.
// The stack carries the demo seed: it must satisfy the new constraints, which are validated.
import { RESERVED_USERNAMES, isReservedUsername } from '@verdant/validation';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/clients.ts';
import { createUser } from './support/users.ts';

let stack: RunningStack;
let merchant: SupabaseClient;
let merchantId: string;

const RESERVED = 'That username is reserved. Choose another.';

beforeAll(async () => {
  stack = await startTestStack();
  merchant = await signedInClient(stack, 'merchant@verdant.test', 'Fern&Market26');
  const { data } = await merchant.auth.getUser();
  merchantId = data.user!.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const one = async <T>(sql: string, values: unknown[] = []) =>
  (await stack.pool.query(sql, values)).rows[0] as T;

describe('the new constraints', () => {
  it('are validated, and the seed satisfies them', async () => {
    const { rows } = await stack.pool.query<{ conname: string; convalidated: boolean }>(
      `select conname, convalidated from pg_constraint
       where conname in ('affiliate_programs_commission_flat_cents_max', 'products_price_cents_min')
       order by conname`,
    );
    expect(rows).toEqual([
      { conname: 'affiliate_programs_commission_flat_cents_max', convalidated: true },
      { conname: 'products_price_cents_min', convalidated: true },
    ]);
    const seed = await one<{ products: number; cheapest: number; flat: number; reserved: number }>(
      `select (select count(*)::int from public.products) as products,
              (select min(price_cents) from public.products) as cheapest,
              (select count(*)::int from public.affiliate_programs where commission_type = 'flat') as flat,
              (select count(*)::int from public.profiles where public.is_reserved_username(username)) as reserved`,
    );
    expect(seed.products).toBeGreaterThan(0);
    expect(seed.cheapest).toBeGreaterThanOrEqual(50);
    expect(seed.flat).toBeGreaterThan(0);
    expect(seed.reserved).toBe(0);
  });
});

describe('flat commissions', () => {
  it('are at most 10,000.00 per item sold', async () => {
    const program = await one<{ id: string }>(
      `select id from public.affiliate_programs where merchant_id = $1 and commission_type = 'flat' limit 1`,
      [merchantId],
    );
    const set = (cents: number) =>
      merchant
        .from('affiliate_programs')
        .update({ commission_flat_cents: cents })
        .eq('id', program.id)
        .select('commission_flat_cents')
        .single();
    for (const cents of [1_000_001, 25_000_000]) {
      const { error } = await set(cents);
      expect(error?.code, String(cents)).toBe('23514');
      expect(error?.message).toContain('affiliate_programs_commission_flat_cents_max');
    }
    expect((await set(1_000_000)).data).toEqual({ commission_flat_cents: 1_000_000 });
    expect((await set(300)).data).toEqual({ commission_flat_cents: 300 });
  });
});

describe('prices', () => {
  it('are at least 0.50, for a new product and a changed one', async () => {
    const insert = (price: number) =>
      merchant
        .from('products')
        .insert({
          merchant_id: merchantId,
          name: 'Free sample',
          slug: `free-${price}`,
          price_cents: price,
        })
        .select('price_cents')
        .single();
    for (const price of [0, 1, 49]) {
      const { error } = await insert(price);
      expect(error?.code, String(price)).toBe('23514');
      expect(error?.message).toContain('products_price_cents_min');
    }
    const { data: created, error } = await insert(50);
    expect(error).toBeNull();
    expect(created).toEqual({ price_cents: 50 });

    const { error: toZero } = await merchant
      .from('products')
      .update({ price_cents: 0 })
      .eq('slug', 'free-50')
      .select('id')
      .single();
    expect(toZero?.code).toBe('23514');
  });
});

describe('reserved usernames', () => {
  it('are the list of @verdant/validation, with every name starting with "verdant"', async () => {
    const { list } = await one<{ list: string[] }>(`select public.reserved_usernames() as list`);
    expect([...list].sort()).toEqual([...RESERVED_USERNAMES].sort());
    const candidates = [
      ...RESERVED_USERNAMES,
      ...RESERVED_USERNAMES.map((name) => `${name}-fan`),
      'verdant',
      'verdant-team',
      'verdantofficial',
      'green-verdant',
      'avery',
      'Admin',
      ' support ',
    ];
    const { rows } = await stack.pool.query<{ name: string; reserved: boolean }>(
      `select name, public.is_reserved_username(name) as reserved from unnest($1::text[]) name`,
      [candidates],
    );
    for (const { name, reserved } of rows) expect(reserved, name).toBe(isReservedUsername(name));
  });

  it('are refused when a user sets one, with the message in words', async () => {
    const user = await createUser(stack, {
      email: 'reserved.taker@usernames.test',
      password: 'Pine#Cone2026',
    });
    const client = await signedInClient(stack, 'reserved.taker@usernames.test', 'Pine#Cone2026');
    const takeable = RESERVED_USERNAMES.filter((name) => name.length >= 3);
    for (const username of [...takeable, 'verdant-official', 'verdanthq']) {
      const { error } = await client.from('profiles').update({ username }).eq('id', user.id);
      expect(error?.code, username).toBe('23514');
      expect(error?.message, username).toBe(RESERVED);
    }
    const { error } = await client
      .from('profiles')
      .update({ username: 'admins-fan' })
      .eq('id', user.id);
    expect(error).toBeNull();
  });

  it('are refused for new profiles too, by anyone writing the table', async () => {
    const user = await createUser(stack);
    await expect(
      stack.pool.query(`update public.profiles set username = 'support' where id = $1`, [user.id]),
    ).rejects.toMatchObject({ code: '23514', message: RESERVED });
  });

  it('leave a name taken before them usable: other changes of that profile still save', async () => {
    const user = await createUser(stack, {
      email: 'early.bird@usernames.test',
      password: 'Pine#Cone2026',
    });
    // A name from before the migration (the trigger did not exist): written past the trigger.
    await stack.pool.query(
      `begin;
       alter table public.profiles disable trigger profiles_refuse_reserved_username;
       update public.profiles set username = 'team' where id = '${user.id}';
       alter table public.profiles enable trigger profiles_refuse_reserved_username;
       commit;`,
    );
    const client = await signedInClient(stack, 'early.bird@usernames.test', 'Pine#Cone2026');
    const { data, error } = await client
      .from('profiles')
      .update({ bio: 'Here before the list' })
      .eq('id', user.id)
      .select('username, bio')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ username: 'team', bio: 'Here before the list' });
  });

  it('never become a new user’s generated username: sign-up takes "member-…" instead', async () => {
    const fromEmail = await createUser(stack, { email: 'admin@usernames.test' });
    const fromMetadata = await createUser(stack, { metadata: { username: 'Verdant' } });
    const prefixed = await createUser(stack, { email: 'verdant.fan@usernames.test' });
    const again = await createUser(stack, { email: 'admin@other-usernames.test' });
    expect(fromEmail.username).toBe('member-admin');
    expect(fromMetadata.username).toBe('member-verdant');
    expect(prefixed.username).toBe('member-verdant-fan');
    expect(again.username).toBe('member-admin-2');
    const free = await createUser(stack, { email: 'maya.green@usernames.test' });
    expect(free.username).toBe('maya-green');
  });
});
