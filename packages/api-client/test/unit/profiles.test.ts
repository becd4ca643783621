import { describe, expect, it } from 'vitest';
import { ApiError, PROFILE_FETCH_ATTEMPTS } from '../../src/index.ts';
import { clientWith, json, postgrestError, TEST_URL, USER_ID } from './fake-fetch.ts';

const profile = {
  id: USER_ID,
  name: 'Ada',
  username: 'ada',
  role: 'affiliate',
  has_completed_onboarding: true,
  profile_image: null,
  bio: null,
  has_active_subscription: false,
  subscription_tier: null,
  subscription_end_date: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const noRows = () =>
  postgrestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned');
const serverError = () => postgrestError(500, 'XX000', 'internal error');

describe('profiles.fetchProfile (spec §7)', () => {
  it('selects every field of the profile by id as a single object', async () => {
    const { api, requests, sleep } = clientWith([json(profile)]);
    await expect(api.profiles.fetchProfile(USER_ID)).resolves.toEqual(profile);
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_URL}/rest/v1/profiles`);
    expect(url.searchParams.get('select')).toBe('*');
    expect(url.searchParams.get('id')).toBe(`eq.${USER_ID}`);
    expect(requests[0]!.headers.get('accept')).toBe('application/vnd.pgrst.object+json');
    expect(sleep).not.toHaveBeenCalled();
  });

  it('treats PGRST116 as "no profile": null at once, no retry', async () => {
    const { api, mock, sleep, logger } = clientWith([noRows()]);
    await expect(api.profiles.fetchProfile(USER_ID)).resolves.toBeNull();
    expect(mock).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('retries failures with 1 s then 2 s of back-off and returns the profile once it comes', async () => {
    const { api, mock, sleep } = clientWith([
      serverError(),
      new TypeError('fetch failed'),
      json(profile),
    ]);
    await expect(api.profiles.fetchProfile(USER_ID)).resolves.toEqual(profile);
    expect(mock).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
  });

  it('stops after 3 attempts with 1 s, 2 s, 3 s of back-off and throws the last error as ApiError', async () => {
    const { api, mock, sleep, logger } = clientWith([
      serverError(),
      serverError(),
      new TypeError('fetch failed'),
    ]);
    const error = await api.profiles.fetchProfile(USER_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network' });
    expect(mock).toHaveBeenCalledTimes(PROFILE_FETCH_ATTEMPTS);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 3000]);
    // Spec §8: each failure is logged before the retry.
    expect(logger.warn.mock.calls.map(([message]) => message)).toEqual([
      'Profile fetch attempt 1 of 3 failed',
      'Profile fetch attempt 2 of 3 failed',
      'Profile fetch attempt 3 of 3 failed',
    ]);
    expect(logger.warn.mock.calls[2]![1]).toBe(error);
  });

  it('stops retrying as soon as PGRST116 arrives on a later attempt', async () => {
    const { api, mock, sleep } = clientWith([serverError(), noRows()]);
    await expect(api.profiles.fetchProfile(USER_ID)).resolves.toBeNull();
    expect(mock).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000]);
  });

  it('rejects an id that is not a UUID before any request', async () => {
    const { api, mock } = clientWith([]);
    await expect(api.profiles.fetchProfile('1 or 1=1')).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'id' },
    });
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('profiles.fetchSubscription (spec §7)', () => {
  it('selects only the three subscription fields by id', async () => {
    const state = {
      has_active_subscription: true,
      subscription_tier: 'pro',
      subscription_end_date: null,
    };
    const { api, requests } = clientWith([json(state)]);
    await expect(api.profiles.fetchSubscription(USER_ID)).resolves.toEqual(state);
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('select')).toBe(
      'has_active_subscription,subscription_tier,subscription_end_date',
    );
    expect(url.searchParams.get('id')).toBe(`eq.${USER_ID}`);
  });

  it('answers null when there is no profile', async () => {
    const { api } = clientWith([noRows()]);
    await expect(api.profiles.fetchSubscription(USER_ID)).resolves.toBeNull();
  });
});

describe('profiles.countAdminsExcluding (spec §7)', () => {
  it('calls the count function with the excluded id and returns the number', async () => {
    const { api, requests } = clientWith([json(2)]);
    await expect(api.profiles.countAdminsExcluding(USER_ID)).resolves.toBe(2);
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/rest/v1/rpc/count_admins_excluding');
    expect(await requests[0]!.json()).toEqual({ excluded_id: USER_ID });
  });
});

describe('profiles.changeRole', () => {
  it('refuses an unknown role with the spec message before any request', async () => {
    const { api, mock } = clientWith([]);
    // @ts-expect-error an unknown role is a type error too
    await expect(api.profiles.changeRole(USER_ID, 'owner')).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Invalid role specified',
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it("passes the database's spec §5 message through as a forbidden ApiError", async () => {
    const { api, requests } = clientWith([
      postgrestError(403, '42501', 'Only administrators can grant admin privileges'),
    ]);
    await expect(api.profiles.changeRole(USER_ID, 'admin')).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
      upstreamCode: '42501',
      message: 'Only administrators can grant admin privileges',
    });
    expect(await requests[0]!.json()).toEqual({ target_id: USER_ID, new_role: 'admin' });
  });
});

describe('profiles.update', () => {
  it('sanitises text and sends only the given fields', async () => {
    const { api, requests } = clientWith([json({ ...profile, name: 'Ada Lovelace' })]);
    await api.profiles.update(USER_ID, { name: '  <b>Ada</b> Lovelace<script>x</script> ' });
    expect(requests[0]!.method).toBe('PATCH');
    expect(await requests[0]!.json()).toEqual({ name: 'Ada Lovelace' });
  });

  it.each([
    [{}, 'profile'],
    [{ username: 'no spaces allowed' }, 'profile.username'],
    [{ name: '   ' }, 'profile.name'],
    [{ profile_image: 'javascript:alert(1)' }, 'profile.profile_image'],
    [{ role: 'admin' }, 'profile.role'],
  ])('rejects %o before any request', async (changes, field) => {
    const { api, mock } = clientWith([]);
    await expect(api.profiles.update(USER_ID, changes as never)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });
});
