// Contact messages (/contact and /investors) and the public marketing figures: the rules that live
// in the database whatever client writes.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from './support/clients.ts';
import { asUser, withClient } from './support/db.ts';
import { ID, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const stored = async (email: string) =>
  (
    await stack.pool.query(
      'select name, email, subject, message, sender_id from public.contact_messages where email = $1',
      [email],
    )
  ).rows;

describe('contact_messages', () => {
  it('sanitises what any client stores and lower-cases the address', async () => {
    const { error } = await anonClient(stack).from('contact_messages').insert({
      name: '  <b>Grace</b>\u0007 ',
      email: 'Grace@Example.COM',
      subject: '<img src=x onerror=alert(1)>Deck',
      message: 'Line one\nLine two <a href="javascript:alert(1)">link</a>',
    });
    expect(error).toBeNull();
    expect(await stored('grace@example.com')).toEqual([
      {
        name: 'Grace',
        email: 'grace@example.com',
        subject: 'Deck',
        message: 'Line one\nLine two link',
        sender_id: null,
      },
    ]);
  });

  it('stamps the signed-in sender and ignores a forged one', async () => {
    const sender = await withClient(stack, (client) =>
      asUser(client, ID.B, async (as) => {
        await as.query(
          `insert into public.contact_messages (name, email, message) values ('B', 'b-sender@matrix.test', 'Hi')`,
        );
        // Read back as the superuser inside the same (rolled back) transaction.
        await as.query('reset role');
        const { rows } = await as.query(
          `select sender_id from public.contact_messages where email = 'b-sender@matrix.test'`,
        );
        return rows[0]?.sender_id;
      }),
    );
    expect(sender).toBe(ID.B);
    const forged = await anonClient(stack)
      .from('contact_messages')
      .insert({ name: 'F', email: 'forger@matrix.test', message: 'Hi', sender_id: ID.admin });
    expect(forged.error?.code).toBe('42501');
    expect(await stored('forger@matrix.test')).toEqual([]);
  });

  it.each([
    ['a malformed address', { name: 'X', email: 'not-an-address', message: 'Hi' }],
    ['two dots in a row', { name: 'X', email: 'two..dots@example.com', message: 'Hi' }],
    [
      'a name that is only markup',
      { name: '<p></p>', email: 'empty-name@example.com', message: 'Hi' },
    ],
    [
      'a message over 4000 characters',
      { name: 'X', email: 'long@example.com', message: 'x'.repeat(4001) },
    ],
    ['an unknown source', { name: 'X', email: 'src@example.com', message: 'Hi', source: 'press' }],
  ])('refuses %s with a 400 and stores nothing', async (_case, row) => {
    const { error, status } = await anonClient(stack).from('contact_messages').insert(row);
    expect(status).toBe(400);
    expect(error).not.toBeNull();
    expect(await stored(row.email.toLowerCase())).toEqual([]);
  });

  it('answers 429 for the sixth message from one address within an hour', async () => {
    const anon = anonClient(stack);
    for (let i = 0; i < 5; i += 1) {
      const { error } = await anon
        .from('contact_messages')
        .insert({ name: 'Busy', email: 'busy@matrix.test', message: `#${i}` });
      expect(error).toBeNull();
    }
    const { error, status } = await anon
      .from('contact_messages')
      .insert({ name: 'Busy', email: 'BUSY@matrix.test', message: '#6' });
    expect(status).toBe(429);
    expect(error?.message).toMatch(/Too many messages/);
    expect(await stored('busy@matrix.test')).toHaveLength(5);
  });
});

describe('marketing_figures()', () => {
  it('gives anon aggregates over approved merchants and active programs only', async () => {
    const { data, error } = await anonClient(stack).rpc('marketing_figures');
    expect(error).toBeNull();
    const figures = (data as Record<string, unknown>[])[0] ?? {};
    const { rows } = await stack.pool.query(`
      select
        (select count(*)::int from public.affiliate_programs p join public.merchant_profiles m on m.id = p.merchant_id
          where p.status = 'active' and m.approval_status = 'approved') as active_programs,
        (select count(*)::int from public.merchant_profiles where approval_status = 'approved') as approved_merchants,
        (select count(*)::int from public.profiles where role = 'affiliate') as affiliates`);
    expect(figures).toMatchObject(rows[0]);
    expect(figures.as_of).toEqual(expect.any(String));
    // The function is its only way in: it returns one row of numbers, nothing identifying.
    expect(Object.values(figures).every((v) => v === null || typeof v !== 'object')).toBe(true);
  });
});

describe('public_program_terms()', () => {
  it('lists only active programs of approved merchants, with their terms, for anon', async () => {
    const { data, error } = await anonClient(stack).rpc('public_program_terms', { max_rows: 50 });
    expect(error).toBeNull();
    const { rows } = await stack.pool.query(`
      select p.id from public.affiliate_programs p join public.merchant_profiles m on m.id = p.merchant_id
      where p.status = 'active' and m.approval_status = 'approved' order by p.id`);
    const listed = (data as { program_id: string }[]).map((row) => row.program_id).sort();
    expect(listed).toEqual(rows.map((row) => row.id));
    expect(listed).not.toContain(ID.programM2Draft);
    expect(Object.keys((data as object[])[0]!).sort()).toEqual(
      [
        'commission_flat_cents',
        'commission_rate_bps',
        'commission_type',
        'cookie_window_days',
        'currency',
        'holding_days',
        'merchant_name',
        'program_id',
        'program_name',
      ].sort(),
    );
  });
});
