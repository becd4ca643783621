// Creator invitations: the sign-up metadata's `invited_by` (a username) is recorded as
// profiles.invited_by by the new-user trigger, bad references store null without blocking the
// sign-up, nobody changes the column through the API, and my_invitations() lists the caller's
// invitees only, to signed-in callers only.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { asUser, expectPgError, withClient } from './support/db.ts';
import { createUser, type Profile } from './support/users.ts';

let stack: RunningStack;
const PASSWORD = 'Sturdy#Pass2026';

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function invitedBy(id: string): Promise<string | null> {
  const { rows } = await stack.pool.query<{ invited_by: string | null }>(
    'select invited_by from public.profiles where id = $1',
    [id],
  );
  if (!rows[0]) throw new Error(`no profile for ${id}`);
  return rows[0].invited_by;
}

describe('invited_by set at sign-up', () => {
  let inviter: Profile;

  beforeAll(async () => {
    inviter = await createUser(stack, {
      email: 'inviter@invitations.test',
      metadata: { username: 'green-inviter' },
    });
    expect(inviter.username).toBe('green-inviter');
  });

  it('records the inviter of a sign-up through the auth service with a valid ref', async () => {
    const { data, error } = await anonClient(stack).auth.signUp({
      email: 'invitee@invitations.test',
      password: PASSWORD,
      options: {
        data: { name: 'Invited Creator', role: 'affiliate', invited_by: 'green-inviter' },
      },
    });
    expect(error).toBeNull();
    expect(await invitedBy(data.user!.id)).toBe(inviter.id);
  });

  it('matches the username without regard to case or surrounding spaces', async () => {
    const invitee = await createUser(stack, { metadata: { invited_by: '  Green-Inviter ' } });
    expect(await invitedBy(invitee.id)).toBe(inviter.id);
  });

  it('records a merchant invited by an affiliate too', async () => {
    const merchant = await createUser(stack, {
      metadata: { role: 'merchant', invited_by: 'green-inviter' },
    });
    expect(merchant.role).toBe('merchant');
    expect(await invitedBy(merchant.id)).toBe(inviter.id);
  });

  it.each([
    ['an unknown username', 'nobody-by-that-name'],
    ['an empty string', ''],
    ['spaces', '   '],
    ['a malformed username', "green-inviter'; drop table public.profiles; --"],
    ['a very long string', 'g'.repeat(10_000)],
    ['a number', 42],
    ['an object', { username: 'green-inviter' }],
    ['an array', ['green-inviter']],
    ['null', null],
    ['true', true],
  ])('stores null for %s and still signs up', async (_what, ref) => {
    const invitee = await createUser(stack, { metadata: { name: 'Someone', invited_by: ref } });
    expect(invitee.name).toBe('Someone');
    expect(await invitedBy(invitee.id)).toBeNull();
  });

  it('stores null without the key', async () => {
    const invitee = await createUser(stack, { metadata: { name: 'Uninvited' } });
    expect(await invitedBy(invitee.id)).toBeNull();
  });

  it('stores null for a reference to the new user itself', async () => {
    const self = await createUser(stack, {
      metadata: { username: 'self-inviter', invited_by: 'self-inviter' },
    });
    expect(self.username).toBe('self-inviter');
    expect(await invitedBy(self.id)).toBeNull();
  });

  it('an unknown ref through the auth service still signs up', async () => {
    const { data, error } = await anonClient(stack).auth.signUp({
      email: 'unknown-ref@invitations.test',
      password: PASSWORD,
      options: { data: { name: 'Unknown Ref', invited_by: 'no-such-creator' } },
    });
    expect(error).toBeNull();
    expect(await invitedBy(data.user!.id)).toBeNull();
  });

  it('becomes null when the inviter is deleted', async () => {
    const gone = await createUser(stack, { metadata: { username: 'leaving-inviter' } });
    const invitee = await createUser(stack, { metadata: { invited_by: 'leaving-inviter' } });
    expect(await invitedBy(invitee.id)).toBe(gone.id);
    await stack.pool.query('delete from auth.users where id = $1', [gone.id]);
    expect(await invitedBy(invitee.id)).toBeNull();
  });
});

describe('invited_by cannot be written through the API', () => {
  let inviter: Profile;
  let other: Profile;
  let invitee: Profile;
  let uninvited: Profile;

  beforeAll(async () => {
    inviter = await createUser(stack, { metadata: { username: 'guard-inviter' } });
    other = await createUser(stack, { metadata: { username: 'guard-other' } });
    invitee = await createUser(stack, {
      email: 'guard-invitee@invitations.test',
      password: PASSWORD,
      metadata: { invited_by: 'guard-inviter' },
    });
    uninvited = await createUser(stack, {
      email: 'guard-uninvited@invitations.test',
      password: PASSWORD,
    });
  });

  it('an invitee cannot change or clear their inviter', async () => {
    const client = await signedInClient(stack, 'guard-invitee@invitations.test', PASSWORD);
    for (const value of [other.id, null]) {
      const { error } = await client
        .from('profiles')
        .update({ invited_by: value })
        .eq('id', invitee.id);
      expect(error?.code).toBe('42501');
    }
    expect(await invitedBy(invitee.id)).toBe(inviter.id);
  });

  it('a user cannot set an inviter afterwards, nor together with allowed columns', async () => {
    const client = await signedInClient(stack, 'guard-uninvited@invitations.test', PASSWORD);
    const alone = await client
      .from('profiles')
      .update({ invited_by: inviter.id })
      .eq('id', uninvited.id);
    expect(alone.error?.code).toBe('42501');
    const mixed = await client
      .from('profiles')
      .update({ bio: 'Hello', invited_by: inviter.id })
      .eq('id', uninvited.id);
    expect(mixed.error?.code).toBe('42501');
    expect(await invitedBy(uninvited.id)).toBeNull();
    // The columns a user may write still work.
    const bio = await client.from('profiles').update({ bio: 'Hello' }).eq('id', uninvited.id);
    expect(bio.error).toBeNull();
  });

  it('a user cannot insert a profile naming an inviter', async () => {
    const client = await signedInClient(stack, 'guard-uninvited@invitations.test', PASSWORD);
    const { error } = await client.from('profiles').insert({
      id: uninvited.id,
      name: 'Copy',
      username: 'copy-with-inviter',
      invited_by: inviter.id,
    });
    expect(error?.code).toBe('42501');
  });

  it('the guard trigger refuses the change even where the column privilege exists', async () => {
    await withClient(stack, (client) =>
      asUser(
        client,
        invitee.id,
        (c) =>
          expectPgError(
            c.query('update public.profiles set invited_by = $2 where id = $1', [
              invitee.id,
              other.id,
            ]),
            '42501',
            'Role, subscription and onboarding fields cannot be changed directly',
          ),
        async (c) => {
          await c.query('grant update on public.profiles to authenticated');
        },
      ),
    );
    expect(await invitedBy(invitee.id)).toBe(inviter.id);
  });

  it("another user's invited_by is not readable through profiles", async () => {
    const client = await signedInClient(stack, 'guard-uninvited@invitations.test', PASSWORD);
    const { data } = await client.from('profiles').select('id, invited_by').eq('id', invitee.id);
    expect(data).toEqual([]);
  });
});

describe('my_invitations()', () => {
  let alice: Profile;
  let bob: Profile;

  beforeAll(async () => {
    alice = await createUser(stack, {
      email: 'alice@invitations.test',
      password: PASSWORD,
      metadata: { username: 'alice-invites' },
    });
    bob = await createUser(stack, {
      email: 'bob@invitations.test',
      password: PASSWORD,
      metadata: { username: 'bob-invites' },
    });
  });

  it("lists only the caller's invitees, newest first, with their public face and no email", async () => {
    const first = await createUser(stack, {
      email: 'first@invitations.test',
      metadata: { name: 'First Invitee', username: 'first-invitee', invited_by: 'alice-invites' },
    });
    const second = await createUser(stack, {
      email: 'second@invitations.test',
      metadata: {
        name: 'Second Invitee',
        username: 'second-invitee',
        role: 'merchant',
        invited_by: 'alice-invites',
      },
    });
    const promoted = await createUser(stack, {
      email: 'promoted@invitations.test',
      metadata: { name: 'Promoted', username: 'promoted-invitee', invited_by: 'alice-invites' },
      role: 'admin',
    });
    const bobs = await createUser(stack, {
      metadata: { name: 'Bob Invitee', invited_by: 'bob-invites' },
    });
    // The first has a published link page; the second's is a draft.
    await stack.pool.query(
      `insert into public.link_pages (owner_id, title, is_published) values ($1, 'First', true), ($2, 'Second', false)`,
      [first.id, second.id],
    );
    // Distinct join times, in this order.
    for (const [index, profile] of [first, second, promoted].entries()) {
      await stack.pool.query(
        `update public.profiles set created_at = now() - make_interval(days => $2) where id = $1`,
        [profile.id, 10 - index],
      );
    }

    const asAlice = await signedInClient(stack, 'alice@invitations.test', PASSWORD);
    const { data, error } = await asAlice.rpc('my_invitations');
    expect(error).toBeNull();
    const rows = data as Record<string, unknown>[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual(
      rows.map(() => ['has_page', 'id', 'joined_at', 'name', 'role', 'total', 'username']),
    );
    expect(rows.map(({ joined_at: _joined, ...rest }) => rest)).toEqual([
      // An invitee made administrator shows no role: roles are private.
      {
        id: promoted.id,
        username: 'promoted-invitee',
        name: 'Promoted',
        role: null,
        has_page: false,
        total: 3,
      },
      {
        id: second.id,
        username: 'second-invitee',
        name: 'Second Invitee',
        role: 'merchant',
        has_page: false,
        total: 3,
      },
      {
        id: first.id,
        username: 'first-invitee',
        name: 'First Invitee',
        role: 'affiliate',
        has_page: true,
        total: 3,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('@invitations.test');

    const asBob = await signedInClient(stack, 'bob@invitations.test', PASSWORD);
    const bobRows = (await asBob.rpc('my_invitations')).data as { id: string }[];
    expect(bobRows.map((r) => r.id)).toEqual([bobs.id]);
    expect(alice.id).not.toBe(bob.id);
  });

  it('is empty for someone who invited nobody', async () => {
    await createUser(stack, { email: 'nobody@invitations.test', password: PASSWORD });
    const client = await signedInClient(stack, 'nobody@invitations.test', PASSWORD);
    const { data, error } = await client.rpc('my_invitations');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('returns at most 200 rows, the newest, and counts them all', async () => {
    const many = await createUser(stack, {
      email: 'many@invitations.test',
      password: PASSWORD,
      metadata: { username: 'many-invites' },
    });
    await stack.pool.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'bulk-' || n || '@invitations.test',
              jsonb_build_object('name', 'Bulk ' || n, 'invited_by', 'many-invites')
       from generate_series(1, 205) n`,
    );
    const { rows: newest } = await stack.pool.query<{ id: string }>(
      `select id from public.profiles where invited_by = $1 order by created_at desc, id limit 200`,
      [many.id],
    );
    const client = await signedInClient(stack, 'many@invitations.test', PASSWORD);
    const { data, error } = await client.rpc('my_invitations');
    expect(error).toBeNull();
    const rows = data as { id: string; total: number }[];
    expect(rows).toHaveLength(200);
    expect(rows.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(new Set(rows.map((r) => r.total))).toEqual(new Set([205]));
  });

  it('anonymous callers cannot call it', async () => {
    const { data, error } = await anonClient(stack).rpc('my_invitations');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    await withClient(stack, (client) =>
      asUser(client, null, (c) =>
        expectPgError(
          c.query('select * from public.my_invitations()'),
          '42501',
          /permission denied for function my_invitations/,
        ),
      ),
    );
  });

  it('is SECURITY DEFINER with a fixed search_path and executable by authenticated only', async () => {
    const { rows } = await stack.pool.query<{
      prosecdef: boolean;
      proconfig: string[];
      anon: boolean;
      authenticated: boolean;
      public: boolean;
    }>(
      `select p.prosecdef, p.proconfig,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0) as public
       from pg_proc p where p.oid = 'public.my_invitations()'::regprocedure`,
    );
    expect(rows[0]).toEqual({
      prosecdef: true,
      proconfig: ['search_path=""'],
      anon: false,
      authenticated: true,
      public: false,
    });
  });
});
