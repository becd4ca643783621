import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/testing.ts';
import {
  PASSWORD,
  client,
  errorOf,
  latestMail,
  linkIn,
  signedIn,
  startConformanceStack,
  uniqueEmail,
} from './support.ts';

/*
 * supabase-js's `auth.admin.*` and `auth.mfa.*` methods, and the table of what the local stack
 * does not offer, with the "not enabled" answers hosted gives while those methods are off.
 */

let stack: RunningStack;
const admin = () => client(stack, stack.serviceRoleKey).auth.admin;

beforeAll(async () => {
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('auth.admin users', () => {
  it('createUser, getUserById, updateUserById, listUsers, deleteUser', async () => {
    const email = uniqueEmail('admin');
    const created = await admin().createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Ada' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(created.data.user!.email_confirmed_at).toBeTruthy();

    expect((await admin().getUserById(id)).data.user!.email).toBe(email);

    const updated = await admin().updateUserById(id, {
      user_metadata: { name: 'Grace' },
      ban_duration: '24h',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toMatchObject({ name: 'Grace' });
    expect(Date.parse(updated.data.user!.banned_until!)).toBeGreaterThan(Date.now());

    const listed = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((user) => user.id)).toContain(id);
    expect(listed.data).toMatchObject({ aud: 'authenticated' });
    expect(listed.data).toMatchObject({ total: expect.any(Number) });

    expect((await admin().deleteUser(id)).error).toBeNull();
    const gone = await admin().getUserById(id);
    expect(errorOf(gone.error)).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('listUsers pages with perPage, as hosted does', async () => {
    for (let i = 0; i < 3; i += 1) await admin().createUser({ email: uniqueEmail('page') });
    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ nextPage: 2 });
    const second = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);
  });

  it('createUser with a registered address: 422 email_exists', async () => {
    const { email } = await signedIn(stack);
    const { error } = await admin().createUser({ email });
    expect(errorOf(error)).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('refuses the anon key: 403 not_admin', async () => {
    const { error } = await client(stack).auth.admin.listUsers();
    expect(errorOf(error)).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('an unknown id: 404 user_not_found', async () => {
    const { error } = await admin().getUserById('00000000-0000-4000-8000-000000000000');
    expect(errorOf(error)).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describe('auth.admin.inviteUserByEmail', () => {
  it('creates the user, mails an invite, and the link signs the invited user in', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { role: 'merchant' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { role: 'merchant' } });
    expect(data.user!.invited_at).toBeTruthy();
    const mail = await latestMail(stack, email);
    expect(mail.type).toBe('invite');
    const response = await fetch(linkIn(mail), { redirect: 'manual' });
    const fragment = new URLSearchParams(response.headers.get('location')!.split('#')[1]);
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('a confirmed address: 422 email_exists', async () => {
    const { email } = await signedIn(stack);
    const { error } = await admin().inviteUserByEmail(email);
    expect(errorOf(error)).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('auth.admin.generateLink', () => {
  it('magiclink: returns the link and code without sending mail; the hashed token verifies', async () => {
    const { email, user } = await signedIn(stack);
    const { data, error } = await admin().generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.action_link).toContain('/auth/v1/verify?');
    const verified = await client(stack).auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.id).toBe(user.id);
  });

  it('signup creates an unconfirmed user with the password; recovery and invite work too', async () => {
    const email = uniqueEmail('generated');
    const signup = await admin().generateLink({ type: 'signup', email, password: PASSWORD });
    expect(signup.error).toBeNull();
    expect(signup.data.user!.email_confirmed_at).toBeFalsy();
    const recovery = await admin().generateLink({ type: 'recovery', email });
    expect(recovery.data.properties!.verification_type).toBe('recovery');
    const invite = await admin().generateLink({ type: 'invite', email: uniqueEmail('inv') });
    expect(invite.data.properties!.verification_type).toBe('invite');
  });

  it('email_change_new: the code confirms the new address', async () => {
    const { email, user } = await signedIn(stack);
    const next = uniqueEmail('next');
    const { data } = await admin().generateLink({
      type: 'email_change_new',
      email,
      newEmail: next,
    });
    expect(data.properties!.verification_type).toBe('email_change');
    const verified = await client(stack).auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'email_change',
    });
    expect(verified.data.user).toMatchObject({ id: user.id, email: next });
  });

  it('recovery for an unknown address: 404 user_not_found; signup of a known one: 422 email_exists', async () => {
    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail() });
    expect(errorOf(unknown.error)).toMatchObject({ status: 404, code: 'user_not_found' });
    const { email } = await signedIn(stack);
    const known = await admin().generateLink({ type: 'signup', email, password: PASSWORD });
    expect(errorOf(known.error)).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('auth.admin.signOut', () => {
  it('ends the session of the given access token', async () => {
    const { supabase, session } = await signedIn(stack);
    expect((await admin().signOut(session.access_token)).error).toBeNull();
    const { error } = await supabase.auth.refreshSession();
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

async function verifiedTotp() {
  const signedInUser = await signedIn(stack);
  const { supabase } = signedInUser;
  const { data: factor, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  expect(error).toBeNull();
  const verified = await supabase.auth.mfa.challengeAndVerify({
    factorId: factor!.id,
    code: generateSync({ secret: factor!.totp.secret }),
  });
  expect(verified.error).toBeNull();
  return { ...signedInUser, factor: factor! };
}

describe('auth.mfa', () => {
  it('enroll, challenge, verify, listFactors, getAuthenticatorAssuranceLevel, unenroll', async () => {
    const { supabase } = await signedIn(stack);
    const { data: factor } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    const { data: challenge } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    expect(challenge).toMatchObject({ type: 'totp' });
    const verified = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: generateSync({ secret: factor!.totp.secret }),
    });
    expect(verified.error).toBeNull();
    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => f.id)).toEqual([factor!.id]);
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await supabase.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
    expect((await supabase.auth.mfa.listFactors()).data!.all).toHaveLength(0);
  });

  it('a wrong code: 422 mfa_verification_failed', async () => {
    const { supabase } = await signedIn(stack);
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const { error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: '000000',
    });
    expect(errorOf(error)).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  });

  it('an unknown factor: 404 mfa_factor_not_found', async () => {
    const { supabase } = await signedIn(stack);
    const { error } = await supabase.auth.mfa.challenge({
      factorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(errorOf(error)).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('phone and WebAuthn factors: 422 mfa_phone_enroll_not_enabled / mfa_webauthn_enroll_not_enabled', async () => {
    const { supabase } = await signedIn(stack);
    const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15550100' });
    expect(errorOf(phone.error)).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
    });
    const webauthn = await fetch(`${stack.apiUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${(await supabase.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ factor_type: 'webauthn' }),
    });
    expect(webauthn.status).toBe(422);
    expect(await webauthn.json()).toMatchObject({ error_code: 'mfa_webauthn_enroll_not_enabled' });
  });
});

describe('auth.admin.mfa', () => {
  it('listFactors and deleteFactor; the sessions the factor raised fall back to aal1', async () => {
    const { user, factor, supabase } = await verifiedTotp();
    const listed = await admin().mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([
      expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'verified' }),
    ]);
    const deleted = await admin().mfa.deleteFactor({ userId: user.id, id: factor.id });
    expect(deleted.error).toBeNull();
    // The server answers the deleted factor (supabase-js 2.109 hands it on wrapped once more).
    expect(JSON.stringify(deleted.data)).toContain(factor.id);
    expect((await admin().mfa.listFactors({ userId: user.id })).data!.factors).toEqual([]);
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('deleteFactor of a factor the user does not have: 404 mfa_factor_not_found', async () => {
    const { user } = await signedIn(stack);
    const { error } = await admin().mfa.deleteFactor({
      userId: user.id,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(errorOf(error)).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });
});

/**
 * What the local stack does not offer (docs/local-auth.md): each answers as hosted Supabase does
 * while the method is switched off.
 */
const UNSUPPORTED: Array<{
  method: string;
  call: () => Promise<{ status: number; code: string; message?: string }>;
  status: number;
  code: string;
  message?: string;
}> = [
  {
    method: 'auth.signInAnonymously',
    call: async () => supabaseError(await client(stack).auth.signInAnonymously()),
    status: 422,
    code: 'anonymous_provider_disabled',
    message: 'Anonymous sign-ins are disabled',
  },
  {
    method: 'auth.signInWithSSO',
    call: async () =>
      supabaseError(await client(stack).auth.signInWithSSO({ domain: 'example.com' })),
    status: 404,
    code: 'saml_provider_disabled',
    message: 'SAML 2.0 is disabled',
  },
  {
    method: 'auth.signInWithIdToken',
    call: async () =>
      supabaseError(
        await client(stack).auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' }),
      ),
    status: 400,
    code: 'provider_disabled',
    message: 'Provider (issuer "https://accounts.google.com") is not enabled',
  },
  {
    method: 'auth.signInWithOAuth (GET /authorize)',
    call: () => raw('GET', '/authorize?provider=github'),
    status: 400,
    code: 'validation_failed',
    message: 'Unsupported provider: provider is not enabled',
  },
  {
    method: 'auth.signInWithWeb3 (POST /token?grant_type=web3)',
    call: () =>
      raw('POST', '/token?grant_type=web3', { chain: 'solana', message: 'x', signature: 'y' }),
    status: 422,
    code: 'web3_provider_disabled',
    message: 'Web3 provider is disabled',
  },
  {
    method: 'auth.signInWithOtp({ phone })',
    call: async () => supabaseError(await client(stack).auth.signInWithOtp({ phone: '+15550100' })),
    status: 400,
    code: 'phone_provider_disabled',
  },
  {
    method: 'auth.passkey.* (POST /passkeys/authentication/options)',
    call: () => raw('POST', '/passkeys/authentication/options', {}),
    status: 404,
    code: 'passkey_disabled',
    message: 'Passkeys are disabled',
  },
  {
    method: 'auth.mfa.enroll({ factorType: "phone" })',
    call: async () => {
      const { supabase } = await signedIn(stack);
      return supabaseError(
        await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+15550100' }),
      );
    },
    status: 422,
    code: 'mfa_phone_enroll_not_enabled',
  },
  {
    method: 'SSO providers (GET /admin/sso/providers)',
    call: () => raw('GET', '/admin/sso/providers', undefined, stack.serviceRoleKey),
    status: 404,
    code: 'saml_provider_disabled',
  },
];

function supabaseError(result: { error: unknown }) {
  const error = result.error as { status: number; code: string; message: string } | null;
  if (!error) throw new Error('expected an error');
  return { status: error.status, code: error.code, message: error.message };
}

async function raw(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${stack.apiUrl}/auth/v1${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { error_code: string; msg: string };
  return { status: response.status, code: json.error_code, message: json.msg };
}

describe('methods the local stack does not offer', () => {
  it.each(UNSUPPORTED)('$method answers $status $code', async (entry) => {
    const answer = await entry.call();
    expect(answer).toMatchObject({
      status: entry.status,
      code: entry.code,
      ...(entry.message ? { message: entry.message } : {}),
    });
  });
});
