import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { clientWith, json, postgrestError, TEST_URL } from './fake-fetch.ts';

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  username: `invitee-${n}`,
  name: `Invitee ${n}`,
  role: 'affiliate',
  joined_at: `2026-11-2${n}T10:00:00+00:00`,
  has_page: false,
  total: 3,
  ...extra,
});

describe('profiles.myInvitations', () => {
  it('calls my_invitations() without arguments and keeps the order it answers in', async () => {
    const { api, requests } = clientWith([
      json([
        row(3, { has_page: true }),
        row(2, { role: 'merchant' }),
        row(1, { role: null, username: null }),
      ]),
    ]);
    await expect(api.profiles.myInvitations()).resolves.toEqual({
      total: 3,
      invitees: [
        {
          id: row(3).id,
          username: 'invitee-3',
          name: 'Invitee 3',
          role: 'affiliate',
          joined_at: '2026-11-23T10:00:00+00:00',
          has_page: true,
        },
        {
          id: row(2).id,
          username: 'invitee-2',
          name: 'Invitee 2',
          role: 'merchant',
          joined_at: '2026-11-22T10:00:00+00:00',
          has_page: false,
        },
        {
          id: row(1).id,
          username: null,
          name: 'Invitee 1',
          role: null,
          joined_at: '2026-11-21T10:00:00+00:00',
          has_page: false,
        },
      ],
    });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_URL}/rest/v1/rpc/my_invitations`);
    expect(url.search).toBe('');
    expect(await request.text()).toBe('{}');
  });

  it('takes the count of all invitees from the rows, also past the 200 returned', async () => {
    const { api } = clientWith([json([row(1, { total: 412 })])]);
    const { invitees, total } = await api.profiles.myInvitations();
    expect(invitees).toHaveLength(1);
    expect(total).toBe(412);
  });

  it('answers no invitees and a count of 0 when there are none', async () => {
    const { api } = clientWith([json([])]);
    await expect(api.profiles.myInvitations()).resolves.toEqual({ invitees: [], total: 0 });
  });

  it('shows no other role than affiliate or merchant', async () => {
    const { api } = clientWith([json([row(1, { role: 'admin' })])]);
    const { invitees } = await api.profiles.myInvitations();
    expect(invitees[0]!.role).toBeNull();
  });

  it('passes the refusal of a signed-out caller on as an ApiError', async () => {
    const { api } = clientWith([
      postgrestError(401, '42501', 'permission denied for function my_invitations'),
    ]);
    const error = await api.profiles.myInvitations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ upstreamCode: '42501' });
  });
});
