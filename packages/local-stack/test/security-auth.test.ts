// Rough edges of auth (issue 9, item 8): 429 answers say when to retry, password sign-in and token
// refresh are limited separately, and a second verification of an MFA challenge names the reason.
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  authFetch,
  nodeClient,
  startAuthHarness,
  uniqueEmail,
  type AuthHarness,
} from './auth-harness.ts';

let stack: AuthHarness;

beforeAll(async () => {
  stack = await startAuthHarness();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const signIn = (apiUrl: string, email: string, password = STRONG_PASSWORD) =>
  authFetch(apiUrl, '/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

const refresh = (apiUrl: string, refreshToken: string) =>
  authFetch(apiUrl, '/token?grant_type=refresh_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

describe('rate limits', () => {
  it('a 429 carries Retry-After in whole seconds', async () => {
    const limited = await stack.serveAuth({
      settings: { rateLimits: { signup: { limit: 1, windowSeconds: 120 } } },
    });
    try {
      await signIn(limited.apiUrl, uniqueEmail());
      const refused = await signIn(limited.apiUrl, uniqueEmail());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error_code: 'over_request_rate_limit' });
      const retryAfter = refused.headers.get('retry-after');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(120);
    } finally {
      await limited.stop();
    }
  });

  it('password sign-ins and token refreshes use separate buckets', async () => {
    const email = uniqueEmail('buckets');
    const created = await nodeClient(stack.apiUrl, stack.anonKey).auth.signUp({
      email,
      password: STRONG_PASSWORD,
    });
    expect(created.error).toBeNull();
    const limited = await stack.serveAuth({
      settings: {
        rateLimits: {
          signup: { limit: 2, windowSeconds: 300 },
          token: { limit: 2, windowSeconds: 300 },
        },
      },
    });
    try {
      const first = await signIn(limited.apiUrl, email);
      expect(first.status).toBe(200);
      let token = (first.body as { refresh_token: string }).refresh_token;
      // Failed password guesses use up the sign-in bucket...
      expect((await signIn(limited.apiUrl, email, 'wrong-Password-1')).status).toBe(400);
      expect((await signIn(limited.apiUrl, email)).status).toBe(429);
      // ...while the signed-in user keeps refreshing its session.
      for (let i = 0; i < 2; i += 1) {
        const refreshed = await refresh(limited.apiUrl, token);
        expect(refreshed.status).toBe(200);
        token = (refreshed.body as { refresh_token: string }).refresh_token;
      }
      // And the refresh bucket runs out on its own.
      expect((await refresh(limited.apiUrl, token)).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('MFA challenges', () => {
  it('verifying a challenge a second time answers 422 mfa_challenge_expired', async () => {
    const client = nodeClient(stack.apiUrl, stack.anonKey);
    const { data } = await client.auth.signUp({
      email: uniqueEmail('mfa-twice'),
      password: STRONG_PASSWORD,
    });
    const token = data.session!.access_token;
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const code = generateSync({ secret: factor!.totp.secret });
    const first = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code,
    });
    expect(first.error).toBeNull();
    const again = await authFetch(stack.apiUrl, `/factors/${factor!.id}/verify`, {
      method: 'POST',
      token: first.data!.access_token ?? token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge_id: challenge!.id, code }),
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ error_code: 'mfa_challenge_expired' });
    expect((again.body as { msg: string }).msg).toMatch(/already been verified/);
  });
});
