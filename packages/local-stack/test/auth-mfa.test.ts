import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STRONG_PASSWORD,
  authFetch,
  authRowCounts,
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

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function signedInClient(apiUrl = stack.apiUrl) {
  const client = nodeClient(apiUrl, stack.anonKey);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail('mfa'),
    password: STRONG_PASSWORD,
  });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

describe('TOTP factors', () => {
  it('enrols, challenges and verifies with a code computed from the secret, raising the session to aal2', async () => {
    const { client } = await signedInClient();
    const { data: enrolled, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    expect(error).toBeNull();
    expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(enrolled!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(enrolled!.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(enrolled!.totp.uri).searchParams.get('secret')).toBe(enrolled!.totp.secret);

    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    const code = generateSync({ secret: enrolled!.totp.secret });
    const { data: verified, error: verifyError } = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code,
    });
    expect(verifyError).toBeNull();
    const claims = claimsOf(verified!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'totp' }),
        expect.objectContaining({ method: 'password' }),
      ]),
    );

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.totp).toEqual([
      expect.objectContaining({ id: enrolled!.id, status: 'verified' }),
    ]);

    // A refresh keeps aal2 and the totp method.
    const { data: refreshed } = await client.auth.refreshSession();
    expect(claimsOf(refreshed.session!.access_token).aal).toBe('aal2');

    const { error: unenrollError } = await client.auth.mfa.unenroll({ factorId: enrolled!.id });
    expect(unenrollError).toBeNull();
    const { data: afterUnenroll } = await client.auth.refreshSession();
    expect(claimsOf(afterUnenroll.session!.access_token).aal).toBe('aal1');
    expect((await client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('a new sign-in of a user with a verified factor is aal1 with aal2 next, and cannot unenrol it', async () => {
    const email = uniqueEmail('mfa');
    const first = stack.client();
    await first.auth.signUp({ email, password: STRONG_PASSWORD });
    const { data: enrolled } = await first.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge } = await first.auth.mfa.challenge({ factorId: enrolled!.id });
    await first.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: generateSync({ secret: enrolled!.totp.secret }),
    });

    const second = stack.client();
    await second.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    const level = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { error } = await second.auth.mfa.unenroll({ factorId: enrolled!.id });
    expect(error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const enrolAnother = await second.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'second',
    });
    expect(enrolAnother.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('refuses a wrong code, a code used before and a challenge verified before', async () => {
    const { client } = await signedInClient();
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled!.totp.secret;
    const code = generateSync({ secret });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const { data: c1 } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const wrongAttempt = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: c1!.id,
      code: wrong,
    });
    expect(wrongAttempt.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(
      (await client.auth.mfa.verify({ factorId: enrolled!.id, challengeId: c1!.id, code })).error,
    ).toBeNull();

    const { data: c2 } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    const replay = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: c2!.id,
      code,
    });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const again = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: c1!.id,
      code,
    });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('refuses a challenge older than 300 s', async () => {
    let offset = 0;
    const clocked = await stack.serveAuth({ now: () => Date.now() + offset });
    try {
      const { client, session } = await signedInClient(clocked.apiUrl);
      const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
      const { data: challenge } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
      offset = 301_000;
      const code = generateSync({
        secret: enrolled!.totp.secret,
        epoch: Math.floor((Date.now() + offset) / 1000),
      });
      // supabase-js would refuse the expired session locally, so the call is made directly.
      const response = await authFetch(clocked.apiUrl, `/factors/${enrolled!.id}/verify`, {
        method: 'POST',
        token: session.access_token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge_id: challenge!.id, code }),
      });
      expect(response).toMatchObject({
        status: 422,
        body: { error_code: 'mfa_challenge_expired' },
      });
    } finally {
      await clocked.stop();
    }
  });

  it('answers a clear 422 for phone factors (SMS is not configured) and writes nothing', async () => {
    const { client } = await signedInClient();
    const before = await authRowCounts(stack.pool);
    const { error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    expect(error!.message).toMatch(/not configured/);
    expect(await authRowCounts(stack.pool)).toEqual(before);
  });

  it("answers 404 mfa_factor_not_found for another user's factor", async () => {
    const { client: owner } = await signedInClient();
    const { data: enrolled } = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const { client: stranger } = await signedInClient();
    const { error } = await stranger.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    expect((await stranger.auth.mfa.unenroll({ factorId: enrolled!.id })).error).toMatchObject({
      status: 404,
    });
  });

  it('limits challenges and verifications per IP (15 per minute by default)', async () => {
    const limited = await stack.serveAuth({
      settings: { rateLimits: { mfa: { limit: 3, windowSeconds: 60 } } },
    });
    try {
      const { client } = await signedInClient(limited.apiUrl);
      const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
      for (let i = 0; i < 3; i += 1)
        expect((await client.auth.mfa.challenge({ factorId: enrolled!.id })).error).toBeNull();
      const { error } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await limited.stop();
    }
  });
});
