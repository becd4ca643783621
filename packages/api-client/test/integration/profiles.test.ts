import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let affiliate: Actor;
let other: Actor;

beforeAll(async () => {
  [admin, affiliate, other] = await Promise.all([
    w.actor('admin'),
    w.actor('affiliate', 'Ada Affiliate'),
    w.actor('affiliate'),
  ]);
});

describe('profiles against the real stack', () => {
  it('fetchProfile returns the signed-in user’s own profile with every field', async () => {
    const profile = await affiliate.api.profiles.fetchProfile(affiliate.id);
    expect(profile).toMatchObject({
      id: affiliate.id,
      name: 'Ada Affiliate',
      role: 'affiliate',
      has_completed_onboarding: false,
    });
    expect(Object.keys(profile!).sort()).toEqual(
      [
        'bio',
        'created_at',
        'has_active_subscription',
        'has_completed_onboarding',
        'id',
        'invited_by',
        'name',
        'profile_image',
        'role',
        'subscription_end_date',
        'subscription_tier',
        'updated_at',
        'username',
      ].sort(),
    );
  });

  it('fetchProfile of a profile the caller may not see is "no profile" (PGRST116): one request, no back-off', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const profileReads: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/rest/v1/profiles')) profileReads.push(url);
      return fetch(input, init);
    };
    const api = await w.signIn(affiliate.email, { sleep, fetch: fetchSpy });
    await expect(api.profiles.fetchProfile(other.id)).resolves.toBeNull();
    expect(profileReads).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('fetchSubscription follows the subscriptions table', async () => {
    await expect(affiliate.api.profiles.fetchSubscription(affiliate.id)).resolves.toEqual({
      has_active_subscription: false,
      subscription_tier: null,
      subscription_end_date: null,
    });
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await must(
      w.service
        .from('subscriptions')
        .insert({ user_id: affiliate.id, tier: 'pro', status: 'active', current_period_end: end }),
    );
    const state = await affiliate.api.profiles.fetchSubscription(affiliate.id);
    expect(state).toMatchObject({ has_active_subscription: true, subscription_tier: 'pro' });
    expect(new Date(state!.subscription_end_date!).toISOString()).toBe(end);
  });

  it('countAdminsExcluding reveals only the count, and only to administrators', async () => {
    const total = await admin.api.profiles.countAdminsExcluding(affiliate.id);
    expect(total).toBeGreaterThanOrEqual(1);
    await expect(admin.api.profiles.countAdminsExcluding(admin.id)).resolves.toBe(total - 1);
    await expect(affiliate.api.profiles.countAdminsExcluding(affiliate.id)).rejects.toMatchObject({
      message: 'Only administrators can count administrators',
    });
  });

  it('update changes the own display fields and refuses a taken username as conflict', async () => {
    const username = `ada-${unique()}`;
    const updated = await affiliate.api.profiles.update(affiliate.id, {
      username,
      bio: 'Zero-waste <b>creator</b>',
    });
    expect(updated).toMatchObject({ username, bio: 'Zero-waste creator' });
    const otherProfile = await other.api.profiles.fetchProfile(other.id);
    await expect(
      affiliate.api.profiles.update(affiliate.id, { username: otherProfile!.username }),
    ).rejects.toMatchObject({
      code: 'conflict',
      upstreamCode: '23505',
    });
  });

  it('update refuses a reserved username in words, before any request; the database refuses it too', async () => {
    for (const username of ['admin', 'verdant', 'support']) {
      await expect(affiliate.api.profiles.update(affiliate.id, { username })).rejects.toMatchObject(
        {
          code: 'validation_failed',
          message: 'That username is reserved. Choose another.',
          details: { field: 'profile.username' },
        },
      );
    }
    const { error } = await w.service
      .from('profiles')
      .update({ username: 'admin' })
      .eq('id', affiliate.id);
    expect(error).toMatchObject({
      code: '23514',
      message: 'That username is reserved. Choose another.',
    });
    const profile = await affiliate.api.profiles.fetchProfile(affiliate.id);
    expect(profile?.username).not.toBe('admin');
  });

  it("update of someone else's profile is not_found", async () => {
    await expect(
      affiliate.api.profiles.update(other.id, { name: 'Hijacked' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('changeRole enforces spec §5 in the database with its exact messages', async () => {
    await expect(affiliate.api.profiles.changeRole(affiliate.id, 'admin')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can grant admin privileges',
    });
    await expect(admin.api.profiles.changeRole(admin.id, 'affiliate')).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Administrators cannot demote themselves',
    });
    await admin.api.profiles.changeRole(other.id, 'merchant');
    await expect(other.api.profiles.fetchProfile(other.id)).resolves.toMatchObject({
      role: 'merchant',
    });
    const audit = await admin.api.admin.listRoleChanges();
    expect(
      audit.rows.some((row) => row.target_id === other.id && row.new_role === 'merchant'),
    ).toBe(true);
    await expect(affiliate.api.admin.listRoleChanges()).resolves.toEqual({ rows: [], total: 0 });
  });

  it('completeOnboarding marks an affiliate done; a merchant needs company details first', async () => {
    await expect(other.api.profiles.completeOnboarding()).rejects.toMatchObject({
      code: 'validation_failed',
    });
    const fresh = await w.actor('affiliate');
    await expect(fresh.api.profiles.completeOnboarding()).resolves.toMatchObject({
      has_completed_onboarding: true,
    });
  });

  it('anonymous callers get no profile and no count', async () => {
    await expect(w.anon.profiles.fetchProfile(affiliate.id)).resolves.toBeNull();
    const error = await w.anon.profiles.countAdminsExcluding(affiliate.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toMatch(/forbidden|unauthorized|not_found/);
  });
});

describe('trackEngagement against the real stack', () => {
  it('stores a page load metric through the track-engagement function', async () => {
    const url = `https://verdant.test/${unique()}`;
    await w.anon.trackEngagement('page_load_time', 812, {
      dom_content_loaded: 400,
      url,
      user_agent: 'vitest',
    });
    const rows = await must(
      w.service.from('engagement_metrics').select('*').eq('metadata->>url', url),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ metric_type: 'page_load_time', metric_value: 812 });
    const forAdmin = await admin.api.admin.listEngagementMetrics();
    expect(forAdmin.rows.some((row) => (row.metadata as { url?: string }).url === url)).toBe(true);
  });
});
