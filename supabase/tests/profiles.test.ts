// Profiles: creation on sign-up, the columns users cannot write, onboarding completion, role
// changes with the spec §5 messages, the admin count and the subscription fields.
import { ROLE_CHANGE_MESSAGES } from '@verdant/validation';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { asUser, expectPgError, withClient } from './support/db.ts';
import { createUser, profileOf, type Profile } from './support/users.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const URL_SAFE_USERNAME = /^[a-z0-9](?:[a-z0-9_-]{1,30}[a-z0-9])$/;

describe('profile created by the trigger on auth.users', () => {
  it.each([
    ['merchant', 'merchant'],
    ['affiliate', 'affiliate'],
    ['admin', 'affiliate'],
    ['demo', 'affiliate'],
    ['MERCHANT', 'affiliate'],
    [42, 'affiliate'],
    [undefined, 'affiliate'],
  ])('sign-up role %j becomes %s', async (requested, role) => {
    const profile = await createUser(stack, {
      metadata: requested === undefined ? {} : { role: requested },
    });
    expect(profile.role).toBe(role);
    expect(profile.has_completed_onboarding).toBe(false);
    expect(profile.has_active_subscription).toBe(false);
  });

  it('takes the name from the metadata and falls back to the email', async () => {
    expect((await createUser(stack, { metadata: { name: '  Rosa Parks ' } })).name).toBe(
      'Rosa Parks',
    );
    const noName = await createUser(stack, {
      email: 'no.name@profiles.test',
      metadata: { name: '   ' },
    });
    expect(noName.name).toBe('no.name@profiles.test');
  });

  it('generates URL-safe, unique usernames', async () => {
    const first = await createUser(stack, { email: 'Jo.Smith+news@one.test' });
    const second = await createUser(stack, { email: 'jo.smith+news@two.test' });
    const fromMetadata = await createUser(stack, { metadata: { username: 'Green Üter!!' } });
    const tiny = await createUser(stack, { email: 'x@three.test' });
    const noEmail = await createUser(stack, { email: null, metadata: { name: 'Phone Person' } });
    const usernames = [first, second, fromMetadata, tiny, noEmail].map((p) => p.username);
    expect(first.username).toBe('jo-smith-news');
    expect(second.username).toBe('jo-smith-news-2');
    expect(fromMetadata.username).toBe('green-ter');
    expect(tiny.username).toBe('x-user');
    expect(noEmail.username).toBe('phone-person');
    for (const username of usernames) expect(username).toMatch(URL_SAFE_USERNAME);
    expect(new Set(usernames).size).toBe(usernames.length);
  });

  it('creates the profile for a sign-up through the auth service', async () => {
    const client = anonClient(stack);
    const { data, error } = await client.auth.signUp({
      email: 'signup-merchant@profiles.test',
      password: 'Sturdy#Pass2026',
      options: { data: { name: 'Signup Merchant', role: 'merchant' } },
    });
    expect(error).toBeNull();
    const profile = await profileOf(stack, data.user!.id);
    expect(profile).toMatchObject({
      name: 'Signup Merchant',
      role: 'merchant',
      username: 'signup-merchant',
    });
  });
});

describe('columns only functions and triggers write', () => {
  let user: Profile;
  const password = 'Sturdy#Pass2026';

  beforeAll(async () => {
    user = await createUser(stack, {
      email: 'guarded@profiles.test',
      password,
      metadata: { name: 'Guarded' },
    });
  });

  it.each([
    ['role', { role: 'admin' }],
    ['has_completed_onboarding', { has_completed_onboarding: true }],
    ['has_active_subscription', { has_active_subscription: true }],
    ['subscription_tier', { subscription_tier: 'business' }],
    ['subscription_end_date', { subscription_end_date: '2099-01-01T00:00:00Z' }],
  ])('a user cannot change their own %s through the API', async (_column, patch) => {
    const client = await signedInClient(stack, 'guarded@profiles.test', password);
    const { error } = await client.from('profiles').update(patch).eq('id', user.id);
    expect(error?.code).toBe('42501');
    const after = await profileOf(stack, user.id);
    expect(after.role).toBe('affiliate');
    expect(after.has_completed_onboarding).toBe(false);
    expect(after.has_active_subscription).toBe(false);
    expect(after.subscription_tier).toBeNull();
  });

  it('a user changes their own name, username, image and bio', async () => {
    const client = await signedInClient(stack, 'guarded@profiles.test', password);
    const { error } = await client
      .from('profiles')
      .update({
        name: 'Guarded Gardener',
        username: 'guarded-gardener',
        bio: 'Hello',
        profile_image: '/a.svg',
      })
      .eq('id', user.id);
    expect(error).toBeNull();
    expect(await profileOf(stack, user.id)).toMatchObject({
      name: 'Guarded Gardener',
      username: 'guarded-gardener',
    });
  });

  it('refuses usernames that are not URL-safe', async () => {
    const client = await signedInClient(stack, 'guarded@profiles.test', password);
    for (const username of ['Has Space', 'UPPER', 'a', 'trailing-', '../etc', 'ünïcode']) {
      const { error } = await client.from('profiles').update({ username }).eq('id', user.id);
      expect(error?.code, username).toBe('23514');
    }
  });

  it('the guard trigger refuses the change even where the column privilege exists', async () => {
    await withClient(stack, (client) =>
      asUser(
        client,
        user.id,
        (c) =>
          expectPgError(
            c.query(`update public.profiles set role = 'admin' where id = $1`, [user.id]),
            '42501',
            'Role, subscription and onboarding fields cannot be changed directly',
          ),
        async (c) => {
          await c.query('grant update on public.profiles to authenticated');
        },
      ),
    );
  });
});

describe('complete_onboarding()', () => {
  it('completes an affiliate at once', async () => {
    const user = await createUser(stack);
    await withClient(stack, async (client) => {
      await client.query('begin');
      await client.query('set local role authenticated');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: user.id, role: 'authenticated' }),
      ]);
      await client.query('select public.complete_onboarding()');
      await client.query('commit');
    });
    expect((await profileOf(stack, user.id)).has_completed_onboarding).toBe(true);
  });

  it('needs company details with a website and a sustainability claim from a merchant', async () => {
    const password = 'Sturdy#Pass2026';
    const merchant = await createUser(stack, {
      email: 'onboarding@profiles.test',
      password,
      metadata: { role: 'merchant' },
    });
    const client = await signedInClient(stack, 'onboarding@profiles.test', password);

    let result = await client.rpc('complete_onboarding');
    expect(result.error?.message).toBe(
      'Add your company name and website before finishing onboarding',
    );

    expect(
      (
        await client
          .from('merchant_profiles')
          .insert({ id: merchant.id, company_name: 'Onboarding Co' })
      ).error,
    ).toBeNull();
    result = await client.rpc('complete_onboarding');
    expect(result.error?.message).toBe(
      'Add your company name and website before finishing onboarding',
    );

    expect(
      (
        await client
          .from('merchant_profiles')
          .update({ website: 'https://onboarding.example' })
          .eq('id', merchant.id)
      ).error,
    ).toBeNull();
    result = await client.rpc('complete_onboarding');
    expect(result.error?.message).toBe(
      'Add at least one sustainability claim with evidence before finishing onboarding',
    );
    expect((await profileOf(stack, merchant.id)).has_completed_onboarding).toBe(false);

    const claim = await client.from('sustainability_claims').insert({
      merchant_id: merchant.id,
      claim: 'Recycled packaging',
      evidence_url: 'https://onboarding.example/proof.pdf',
    });
    expect(claim.error).toBeNull();
    result = await client.rpc('complete_onboarding');
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({ id: merchant.id, has_completed_onboarding: true });

    const company = await client
      .from('merchant_profiles')
      .select('onboarding_step, approval_status')
      .eq('id', merchant.id)
      .single();
    expect(company.data).toEqual({ onboarding_step: 'complete', approval_status: 'pending' });
  });

  it('a merchant cannot approve itself or skip to the complete step', async () => {
    const password = 'Sturdy#Pass2026';
    const merchant = await createUser(stack, {
      email: 'self-approve@profiles.test',
      password,
      metadata: { role: 'merchant' },
    });
    const client = await signedInClient(stack, 'self-approve@profiles.test', password);
    await client
      .from('merchant_profiles')
      .insert({ id: merchant.id, company_name: 'Sneaky Co', approval_status: 'approved' });
    const row = await client
      .from('merchant_profiles')
      .select('approval_status')
      .eq('id', merchant.id)
      .single();
    expect(row.data?.approval_status).toBe('pending');
    const approve = await client
      .from('merchant_profiles')
      .update({ approval_status: 'approved' })
      .eq('id', merchant.id);
    expect(approve.error?.message).toBe('Only administrators can approve merchants');
    const skip = await client
      .from('merchant_profiles')
      .update({ onboarding_step: 'complete' })
      .eq('id', merchant.id);
    expect(skip.error?.message).toBe('Finish onboarding with complete_onboarding()');
  });
});

describe('change_user_role() (spec §5)', () => {
  const password = 'Sturdy#Pass2026';
  let admin: Profile;
  let affiliate: Profile;

  beforeAll(async () => {
    // Roles are global: this block owns the only administrators of this database.
    admin = await createUser(stack, { email: 'role-admin@profiles.test', password, role: 'admin' });
    affiliate = await createUser(stack, { email: 'role-affiliate@profiles.test', password });
  });

  async function change(as: string, targetId: string, newRole: string) {
    const client = await signedInClient(stack, as, password);
    return client.rpc('change_user_role', { target_id: targetId, new_role: newRole });
  }

  it.each(['superuser', '', 'Admin', 'owner'])('refuses the unknown role %j', async (newRole) => {
    const { error } = await change('role-admin@profiles.test', affiliate.id, newRole);
    expect(error?.message).toBe(ROLE_CHANGE_MESSAGES.invalidRole);
    expect(error?.code).toBe('22023');
  });

  it('only an administrator grants admin', async () => {
    const { error } = await change('role-affiliate@profiles.test', affiliate.id, 'admin');
    expect(error?.message).toBe(ROLE_CHANGE_MESSAGES.onlyAdminsGrantAdmin);
    expect(error?.code).toBe('42501');
    expect((await profileOf(stack, affiliate.id)).role).toBe('affiliate');
  });

  it("only an administrator changes an administrator's role", async () => {
    const { error } = await change('role-affiliate@profiles.test', admin.id, 'affiliate');
    expect(error?.message).toBe(ROLE_CHANGE_MESSAGES.onlyAdminsGrantAdmin);
    expect((await profileOf(stack, admin.id)).role).toBe('admin');
  });

  it('a non-administrator changes no roles at all, not even their own', async () => {
    const { error } = await change('role-affiliate@profiles.test', affiliate.id, 'merchant');
    expect(error?.message).toBe('Only administrators can change roles');
    expect((await profileOf(stack, affiliate.id)).role).toBe('affiliate');
  });

  it('an administrator cannot demote themselves', async () => {
    const { error } = await change('role-admin@profiles.test', admin.id, 'affiliate');
    expect(error?.message).toBe(ROLE_CHANGE_MESSAGES.noSelfDemotion);
    expect((await profileOf(stack, admin.id)).role).toBe('admin');
  });

  it('the last administrator keeps the role', async () => {
    const service = anonClientWithKey(stack.serviceRoleKey);
    const { error } = await service.rpc('change_user_role', {
      target_id: admin.id,
      new_role: 'merchant',
    });
    expect(error?.message).toBe(ROLE_CHANGE_MESSAGES.lastAdmin);
    expect((await profileOf(stack, admin.id)).role).toBe('admin');
  });

  it('an administrator changes roles and each change is audited', async () => {
    expect((await change('role-admin@profiles.test', affiliate.id, 'merchant')).error).toBeNull();
    expect((await change('role-admin@profiles.test', affiliate.id, 'admin')).error).toBeNull();
    expect((await profileOf(stack, affiliate.id)).role).toBe('admin');

    // With two administrators, one may demote the other.
    expect((await change('role-admin@profiles.test', affiliate.id, 'affiliate')).error).toBeNull();

    const { rows } = await stack.pool.query(
      'select actor_id, old_role, new_role from public.role_change_audit where target_id = $1 order by id',
      [affiliate.id],
    );
    expect(rows).toEqual([
      { actor_id: admin.id, old_role: 'affiliate', new_role: 'merchant' },
      { actor_id: admin.id, old_role: 'merchant', new_role: 'admin' },
      { actor_id: admin.id, old_role: 'admin', new_role: 'affiliate' },
    ]);
  });

  it('anonymous callers cannot run it', async () => {
    const { error } = await anonClient(stack).rpc('change_user_role', {
      target_id: affiliate.id,
      new_role: 'demo',
    });
    expect(error?.code).toBe('42501');
  });

  it('count_admins_excluding() answers administrators only, so it is no oracle for who is admin', async () => {
    const adminClient = await signedInClient(stack, 'role-admin@profiles.test', password);
    expect((await adminClient.rpc('count_admins_excluding', { excluded_id: admin.id })).data).toBe(
      0,
    );
    const client = await signedInClient(stack, 'role-affiliate@profiles.test', password);
    for (const excluded of [admin.id, affiliate.id]) {
      const answer = await client.rpc('count_admins_excluding', { excluded_id: excluded });
      expect(answer.data).toBeNull();
      expect(answer.error?.code).toBe('42501');
    }
    // user_role_of() is not callable by ordinary users either.
    const roleOf = await client.rpc('user_role_of', { target: admin.id });
    expect(roleOf.data).toBeNull();
    expect(roleOf.error).not.toBeNull();
    // The admins' profiles themselves stay hidden from a non-admin.
    const { data } = await client.from('profiles').select('id').eq('role', 'admin');
    expect(data).toEqual([]);
    const anon = await anonClient(stack).rpc('count_admins_excluding', { excluded_id: admin.id });
    expect(anon.error?.code).toBe('42501');
  });
});

describe('subscription fields follow the subscriptions table', () => {
  it('sets, upgrades and clears the profile fields', async () => {
    const user = await createUser(stack);
    const end = new Date(Date.now() + 30 * 86_400_000);
    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_subscription_id)
       values ($1, 'starter', 'active', $2, 'sub_profile_1')`,
      [user.id, end],
    );
    expect(await profileOf(stack, user.id)).toMatchObject({
      has_active_subscription: true,
      subscription_tier: 'starter',
      subscription_end_date: end,
    });

    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_subscription_id)
       values ($1, 'pro', 'trialing', $2, 'sub_profile_2')`,
      [user.id, end],
    );
    expect((await profileOf(stack, user.id)).subscription_tier).toBe('pro');

    await stack.pool.query(
      `update public.subscriptions set status = 'canceled' where user_id = $1`,
      [user.id],
    );
    expect(await profileOf(stack, user.id)).toMatchObject({
      has_active_subscription: false,
      subscription_tier: null,
      subscription_end_date: end,
    });

    await stack.pool.query(`delete from public.subscriptions where user_id = $1`, [user.id]);
    expect(await profileOf(stack, user.id)).toMatchObject({
      has_active_subscription: false,
      subscription_end_date: null,
    });
  });
});

describe('public_profiles', () => {
  it('shows public columns to anyone and nothing about subscriptions or onboarding', async () => {
    const user = await createUser(stack, { metadata: { name: 'Public Person' } });
    const { data, error } = await anonClient(stack)
      .from('public_profiles')
      .select('*')
      .eq('id', user.id)
      .single();
    expect(error).toBeNull();
    expect(Object.keys(data).sort()).toEqual(['bio', 'id', 'name', 'profile_image', 'username']);
    const hidden = await anonClient(stack).from('profiles').select('*').eq('id', user.id);
    expect(hidden.data).toEqual([]);
  });
});

function anonClientWithKey(key: string) {
  return anonClient({ ...stack, anonKey: key });
}
