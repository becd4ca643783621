// Attacks on the schema that used to succeed (issue 9, items 3, 4 and 8), replayed through
// PostgREST with supabase-js: private profile fields of partners, uninvited conversations, the
// admin list, role oracles, password-only (aal1) sessions of users with a verified TOTP factor,
// and certificates for courses without modules.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';
import { createUser } from './support/users.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const as = (email: string) => signedInClient(stack, email, PASSWORD);

const claimsOf = (client: SupabaseClient) =>
  client.auth
    .getSession()
    .then(
      ({ data }) =>
        JSON.parse(
          Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
        ) as { aal: string },
    );

describe('private profile fields', () => {
  it('a program and conversation partner reads only the public face, never subscription or onboarding', async () => {
    await stack.pool.query(
      `update public.profiles set subscription_tier = 'pro', has_active_subscription = true where id = $1`,
      [ID.A],
    );
    const merchant = await as(EMAIL.M);
    const direct = await merchant
      .from('profiles')
      .select('subscription_tier, has_completed_onboarding')
      .eq('id', ID.A);
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual([]);

    const face = await merchant.from('public_profiles').select('*').eq('id', ID.A).single();
    expect(face.error).toBeNull();
    expect(Object.keys(face.data).sort()).toEqual([
      'bio',
      'id',
      'name',
      'profile_image',
      'username',
    ]);
    expect(face.data!.name).toBe('Affiliate A');

    // And the other way round: the affiliate sees the merchant's public face only.
    const affiliate = await as(EMAIL.A);
    expect((await affiliate.from('profiles').select('id').eq('id', ID.M)).data).toEqual([]);
    expect((await affiliate.from('public_profiles').select('id').eq('id', ID.M)).data).toEqual([
      { id: ID.M },
    ]);
    // The owner still reads the whole row.
    const own = await affiliate.from('profiles').select('*').eq('id', ID.A).single();
    expect(own.data).toMatchObject({ subscription_tier: 'pro', has_active_subscription: true });
  });

  it('public_profiles does not list the administrators', async () => {
    const byRole = await anonClient(stack).from('public_profiles').select('id').eq('role', 'admin');
    expect(byRole.data).toBeNull();
    expect(byRole.error?.code).toBe('42703');
  });
});

describe('conversations', () => {
  it('a new, unapproved merchant cannot message an affiliate it has no membership with', async () => {
    const pending = await as(EMAIL.M3);
    const { error } = await pending
      .from('conversations')
      .insert({ merchant_id: ID.M3, affiliate_id: ID.B });
    expect(error?.code).toBe('42501');
  });

  it('an affiliate cannot open a conversation with a merchant whose programs it has not joined', async () => {
    const a = await as(EMAIL.A);
    const { error } = await a
      .from('conversations')
      .insert({ merchant_id: ID.M2, affiliate_id: ID.A });
    expect(error?.code).toBe('42501');
  });

  it('a pending membership is enough, and an admin may open any merchant–affiliate conversation', async () => {
    const affiliate = await createUser(stack, {
      email: 'pending-member@security.test',
      password: PASSWORD,
    });
    await stack.pool.query(
      `insert into public.program_memberships (program_id, affiliate_id, status) values ($1, $2, 'pending')`,
      [ID.programM2, affiliate.id],
    );
    const member = await as('pending-member@security.test');
    const opened = await member
      .from('conversations')
      .insert({ merchant_id: ID.M2, affiliate_id: affiliate.id })
      .select('id')
      .single();
    expect(opened.error).toBeNull();

    const admin = await as(EMAIL.admin);
    const byAdmin = await admin
      .from('conversations')
      .insert({ merchant_id: ID.M3, affiliate_id: ID.B });
    expect(byAdmin.error).toBeNull();
    await stack.pool.query('delete from public.conversations where merchant_id = $1', [ID.M3]);
  });
});

describe('MFA is enforced in Postgres', () => {
  let aal2: SupabaseClient;
  let aal1: SupabaseClient;

  beforeAll(async () => {
    aal2 = await as(EMAIL.admin);
    const { data: factor, error } = await aal2.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Admin phone',
    });
    expect(error).toBeNull();
    const { data: challenge } = await aal2.auth.mfa.challenge({ factorId: factor!.id });
    const verified = await aal2.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: generateSync({ secret: factor!.totp.secret }),
    });
    expect(verified.error).toBeNull();
    // A new password-only sign-in of the same admin: aal1 with a verified factor.
    aal1 = await as(EMAIL.admin);
  }, 60_000);

  afterAll(async () => {
    await stack.pool.query('delete from auth.mfa_factors where user_id = $1', [ID.admin]);
  });

  it('the tokens carry aal1 and aal2', async () => {
    expect((await claimsOf(aal1)).aal).toBe('aal1');
    expect((await claimsOf(aal2)).aal).toBe('aal2');
  });

  it('an aal1 session cannot change roles', async () => {
    const { error } = await aal1.rpc('change_user_role', { target_id: ID.B, new_role: 'merchant' });
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('Multi-factor authentication required (aal2)');
    const { rows } = await stack.pool.query('select role from public.profiles where id = $1', [
      ID.B,
    ]);
    expect(rows[0].role).toBe('affiliate');
  });

  it('an aal1 session reads no other profile, no stripe event, payout or audit row', async () => {
    const profiles = await aal1.from('profiles').select('id');
    expect(profiles.data).toEqual([{ id: ID.admin }]);
    for (const table of [
      'stripe_events',
      'payouts',
      'commissions',
      'role_change_audit',
      'orders',
    ]) {
      const { data, error } = await aal1.from(table).select('*');
      expect(error).toBeNull();
      expect(data, table).toEqual([]);
    }
    const payout = await aal1.rpc('create_payout', { affiliate: ID.A });
    expect(payout.error?.code).toBe('42501');
  });

  it('the aal2 session has the admin powers', async () => {
    expect((await aal2.from('profiles').select('id')).data!.length).toBeGreaterThan(3);
    expect((await aal2.from('stripe_events').select('id')).data).toEqual([{ id: ID.stripeEvent }]);
    const { error } = await aal2.rpc('change_user_role', { target_id: ID.B, new_role: 'merchant' });
    expect(error).toBeNull();
    await stack.pool.query(`update public.profiles set role = 'affiliate' where id = $1`, [ID.B]);
  });

  it("a user's own payout details need aal2 once the user has a verified factor", async () => {
    const a = await as(EMAIL.A);
    expect((await a.from('payouts').select('id')).data).toEqual([{ id: ID.payoutA }]);
    const { data: factor } = await a.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await a.auth.mfa.challenge({ factorId: factor!.id });
    const verified = await a.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: generateSync({ secret: factor!.totp.secret }),
    });
    expect(verified.error).toBeNull();
    expect((await a.from('payouts').select('id')).data).toEqual([{ id: ID.payoutA }]);
    const passwordOnly = await as(EMAIL.A);
    expect((await passwordOnly.from('payouts').select('id')).data).toEqual([]);
    expect((await passwordOnly.from('commissions').select('id')).data).toEqual([]);
    await stack.pool.query('delete from auth.mfa_factors where user_id = $1', [ID.A]);
  });
});

describe('certificates', () => {
  it('a course with no modules never issues a certificate', async () => {
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into public.courses (slug, title, is_published) values ('empty-course', 'Empty course', true) returning id`,
    );
    const course = rows[0]!.id;
    const b = await as(EMAIL.B);
    expect(
      (await b.from('enrollments').insert({ course_id: course, user_id: ID.B })).error,
    ).toBeNull();
    const { data, error } = await b.rpc('issue_certificate', { course });
    expect(data).toBeNull();
    expect(error?.message).toBe('This course has no modules yet');
    const issued = await stack.pool.query(
      'select 1 from public.certificates where course_id = $1',
      [course],
    );
    expect(issued.rowCount).toBe(0);
  });
});

describe('administrator guards', () => {
  it('a session with a role but no JWT claims is neither service nor admin: no payouts, role changes or admin counts', async () => {
    const client = await stack.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local role authenticated');
      const { rows } = await client.query<{ allowed: boolean | null }>(
        'select public.is_service_or_admin() as allowed',
      );
      expect(rows[0]!.allowed).toBe(false);
      for (const [call, args] of [
        ['select public.release_due_commissions()', []],
        ['select * from public.run_payouts()', []],
        ['select public.count_admins_excluding($1)', [ID.A]],
        [`select public.change_user_role($1, 'merchant')`, [ID.A]],
      ] as const) {
        await client.query('savepoint attempt');
        await expect(client.query(call, [...args]), call).rejects.toMatchObject({ code: '42501' });
        await client.query('rollback to savepoint attempt');
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
