import { describe, expect, it } from 'vitest';
import { TEST_KEY, TEST_URL, clientWith, json } from './fake-fetch.ts';

describe('account.linkableProviders', () => {
  it('lists the enabled sign-in methods a user may link, from the auth server settings', async () => {
    const { api, requests } = clientWith([
      json({ external: { email: true, phone: true, github: true, google: false, apple: true } }),
    ]);
    await expect(api.account.linkableProviders()).resolves.toEqual(['apple', 'github']);
    expect(requests[0]!.url).toBe(`${TEST_URL}/auth/v1/settings`);
    expect(requests[0]!.headers.get('apikey')).toBe(TEST_KEY);
  });

  it('offers none when only email is enabled, and fails plainly when the server does', async () => {
    await expect(
      clientWith([
        json({ external: { email: true, github: false } }),
      ]).api.account.linkableProviders(),
    ).resolves.toEqual([]);
    await expect(
      clientWith([json({ message: 'down' }, 503)]).api.account.linkableProviders(),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });
});
