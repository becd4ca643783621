import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSupabaseOptions } from '../src/testing.ts';
import {
  SITE_URL,
  STRONG_PASSWORD,
  authFetch,
  authRowCounts,
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

async function signUp() {
  const email = uniqueEmail('account');
  const client = stack.client();
  const { data, error } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
  expect(error).toBeNull();
  return { email, client, session: data.session!, user: data.user! };
}

interface MailJson {
  to: string;
  type: string;
  text: string;
  subject: string;
  sentAt: string;
}

/** Mails through the gateway's /outbox/messages, read with the service role key. */
async function mailsTo(to?: string): Promise<MailJson[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await fetch(`${stack.apiUrl}/outbox/messages${query}`, {
    headers: { apikey: stack.serviceRoleKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as MailJson[];
}

async function latestMail(to: string) {
  const mails = await mailsTo(to);
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

describe('password recovery through the outbox', () => {
  it('mails a link whose redirect carries a session; the user then sets a new password', async () => {
    const { email } = await signUp();
    const client = stack.client();
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${SITE_URL}/reset-password`,
    });
    expect(error).toBeNull();
    const mail = await latestMail(email);
    expect(mail).toMatchObject({ type: 'recovery', subject: 'Reset your password' });

    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/auth/v1/verify');
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/reset-password`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');

    const { error: sessionError } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    const next = 'Recovered-Fern-9#';
    expect((await client.auth.updateUser({ password: next })).error).toBeNull();
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: next })).error,
    ).toBeNull();

    // The link works once.
    const reused = await fetch(link, { redirect: 'manual' });
    const reusedFragment = new URLSearchParams(
      new URL(reused.headers.get('location')!).hash.slice(1),
    );
    expect(reusedFragment.get('error_code')).toBe('otp_expired');
  });

  it('verifies the mailed six-digit code with verifyOtp', async () => {
    const { email } = await signUp();
    await stack.client().auth.resetPasswordForEmail(email);
    const code = /code: (\d{6})/.exec((await latestMail(email)).text)![1]!;
    const client = stack.client();
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    const wrong = await stack.client().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('answers {} for an unknown address without sending mail, and limits repeated requests', async () => {
    const nobody = uniqueEmail('nobody');
    expect((await stack.client().auth.resetPasswordForEmail(nobody)).error).toBeNull();
    expect(await mailsTo(nobody)).toEqual([]);

    const { email } = await signUp();
    expect((await stack.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await stack.client().auth.resetPasswordForEmail(email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('never redirects to a foreign origin', async () => {
    const { email } = await signUp();
    await stack
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const link = linkIn((await latestMail(email)).text);
    expect(link.searchParams.get('redirect_to')).toBe(stack.siteUrl);
  });
});

describe('PKCE links', () => {
  it('a recovery link asked for with PKCE redirects with a code that only the asking client can exchange', async () => {
    const { email } = await signUp();
    const client = createClient(stack.apiUrl, stack.anonKey, {
      ...nodeSupabaseOptions,
      auth: { ...nodeSupabaseOptions.auth, flowType: 'pkce' },
    });
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/reset-password` }))
        .error,
    ).toBeNull();
    const response = await fetch(linkIn((await latestMail(email)).text), { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/reset-password');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(location.hash).toBe('');

    const wrongVerifier = await authFetch(stack.apiUrl, '/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(wrongVerifier).toMatchObject({ status: 400, body: { error_code: 'bad_code_verifier' } });

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);

    const reused = await authFetch(stack.apiUrl, '/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(reused).toMatchObject({ status: 404, body: { error_code: 'flow_state_not_found' } });
  });
});

describe('email change', () => {
  it('mails the new address a link; verifying it moves the account to the new address', async () => {
    const { email, client, user } = await signUp();
    const next = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    const mail = await latestMail(next);
    expect(mail.type).toBe('email_change');
    const tokenHash = linkIn(mail.text).searchParams.get('token')!;

    const { data: verified, error: verifyError } = await stack
      .client()
      .auth.verifyOtp({ token_hash: tokenHash, type: 'email_change' });
    expect(verifyError).toBeNull();
    expect(verified.user).toMatchObject({ id: user.id, email: next });
    expect(verified.user!.identities![0]!.identity_data).toMatchObject({ email: next });
    expect(
      (await stack.client().auth.signInWithPassword({ email: next, password: STRONG_PASSWORD }))
        .error,
    ).toBeNull();
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error,
    ).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('refuses an address another account uses with 422 email_exists', async () => {
    const { client } = await signUp();
    const { email: taken } = await signUp();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('identities and OAuth providers', () => {
  it('refuses to unlink the only identity (422 single_identity_not_deletable)', async () => {
    const { client, user } = await signUp();
    const identity = user.identities![0]!;
    const { error } = await client.auth.unlinkIdentity(identity);
    expect(error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });

  it('unlinks one of two identities and updates the providers list', async () => {
    const { client, user } = await signUp();
    await stack.pool.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ('gh-1', $1, '{"sub":"gh-1"}', 'github')`,
      [user.id],
    );
    const { data } = await client.auth.getUserIdentities();
    const github = data!.identities.find((identity) => identity.provider === 'github')!;
    expect((await client.auth.unlinkIdentity(github)).error).toBeNull();
    const { data: after } = await client.auth.getUser();
    expect(after.user!.identities!.map((identity) => identity.provider)).toEqual(['email']);
    expect(after.user!.app_metadata.providers).toEqual(['email']);
  });

  it('answers 400 validation_failed for OAuth providers, which are not configured', async () => {
    const { client, session } = await signUp();
    const { error } = await client.auth.linkIdentity({ provider: 'github' });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const authorize = await authFetch(
      stack.apiUrl,
      '/authorize?provider=google&redirect_to=http://localhost:3000',
    );
    expect(authorize).toMatchObject({
      status: 400,
      body: {
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      },
    });
    const unknown = await authFetch(stack.apiUrl, '/user/identities/authorize?provider=myspace', {
      token: session.access_token,
    });
    expect(unknown.body).toMatchObject({
      msg: 'Unsupported provider: Provider myspace could not be found',
    });
  });
});

describe('admin API', () => {
  it('lets the service role create, list, read, update and delete users', async () => {
    const admin = stack.client(stack.serviceRoleKey).auth.admin;
    const email = uniqueEmail('admin-made');
    const { data: created, error } = await admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Made by admin', role: 'merchant' },
    });
    expect(error).toBeNull();
    expect(created.user).toMatchObject({
      email,
      user_metadata: { name: 'Made by admin', role: 'merchant' },
    });
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error,
    ).toBeNull();

    const { data: page } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page.users).toHaveLength(2);
    expect('total' in page && page.total).toBeGreaterThanOrEqual(2);

    const { data: fetched } = await admin.getUserById(created.user!.id);
    expect(fetched.user!.email).toBe(email);

    const { data: updated } = await admin.updateUserById(created.user!.id, {
      user_metadata: { name: 'Renamed' },
      ban_duration: '24h',
    });
    expect(updated.user!.user_metadata).toMatchObject({ name: 'Renamed', role: 'merchant' });
    expect(updated.user!.banned_until).toBeTruthy();
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error,
    ).toMatchObject({ code: 'user_banned' });

    expect((await admin.deleteUser(created.user!.id)).error).toBeNull();
    const missing = await admin.getUserById(created.user!.id);
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('answers 403 not_admin to the anon key and to signed-in users, and 401 without a token', async () => {
    const { session } = await signUp();
    const anon = await stack.client().auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const asUser = await authFetch(stack.apiUrl, '/admin/users', { token: session.access_token });
    expect(asUser).toMatchObject({ status: 403, body: { error_code: 'not_admin' } });
    const before = await authRowCounts(stack.pool);
    const create = await authFetch(stack.apiUrl, '/admin/users', {
      method: 'POST',
      token: stack.anonKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD }),
    });
    expect(create.status).toBe(403);
    expect(await authRowCounts(stack.pool)).toEqual(before);
    const none = await authFetch(stack.apiUrl, '/admin/users');
    expect(none).toMatchObject({ status: 401, body: { error_code: 'no_authorization' } });
  });

  it('refuses duplicate addresses (422 email_exists) and weak passwords', async () => {
    const admin = stack.client(stack.serviceRoleKey).auth.admin;
    const { email } = await signUp();
    expect((await admin.createUser({ email, password: STRONG_PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    expect(
      (await admin.createUser({ email: uniqueEmail(), password: 'weak' })).error,
    ).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('outbox', () => {
  it('lists mails newest first as JSON and as an HTML page with clickable links', async () => {
    const { email } = await signUp();
    await stack.client().auth.resetPasswordForEmail(email);
    const page = await fetch(`${stack.apiUrl}/outbox`, {
      headers: { apikey: stack.serviceRoleKey },
    });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/);
    const all = await mailsTo();
    expect(all.map((mail) => mail.sentAt)).toEqual(
      [...all.map((mail) => mail.sentAt)].sort().reverse(),
    );
  });
});

describe('config.toml switches', () => {
  it('[auth.email] enable_confirmations: sign-up answers the user without a session and mails a code that confirms it', async () => {
    const confirming = await stack.serveAuth({ settings: { enableConfirmations: true } });
    try {
      const client = createClient(confirming.apiUrl, stack.anonKey, nodeSupabaseOptions);
      const email = uniqueEmail('confirm');
      const { data, error } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user).toMatchObject({ email });
      expect(data.user!.email_confirmed_at).toBeUndefined();
      const signIn = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
      expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

      const mail = await latestMail(email);
      expect(mail.type).toBe('signup');
      const code = /code: (\d{6})/.exec(mail.text)![1]!;
      const verified = await client.auth.verifyOtp({ email, token: code, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.user!.email_confirmed_at).toBeTruthy();
      const again = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
      expect(again.error).toBeNull();

      // A confirmed address signing up again gets a look-alike user, revealing nothing.
      const repeat = await client.auth.signUp({ email, password: STRONG_PASSWORD });
      expect(repeat.error).toBeNull();
      expect(repeat.data.session).toBeNull();
      expect(repeat.data.user!.id).not.toBe(verified.data.user!.id);
    } finally {
      await confirming.stop();
    }
  });

  it('[auth] enable_signup = false: 422 signup_disabled, and /otp creates no one', async () => {
    const closed = await stack.serveAuth({ settings: { enableSignup: false } });
    try {
      const client = createClient(closed.apiUrl, stack.anonKey, nodeSupabaseOptions);
      const before = await authRowCounts(stack.pool);
      const { error } = await client.auth.signUp({
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
      });
      expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
      const otp = await client.auth.signInWithOtp({ email: uniqueEmail() });
      expect(otp.error).toMatchObject({ status: 422, code: 'otp_disabled' });
      expect((await authRowCounts(stack.pool)).users).toBe(before.users);
      const settings = await fetch(`${closed.apiUrl}/auth/v1/settings`, {
        headers: { apikey: stack.anonKey },
      });
      expect(await settings.json()).toMatchObject({ disable_signup: true });
    } finally {
      await closed.stop();
    }
  });

  it('[auth] jwt_expiry sets the access-token lifetime', async () => {
    const short = await stack.serveAuth({ settings: { accessTokenSeconds: 120 } });
    try {
      const client = createClient(short.apiUrl, stack.anonKey, nodeSupabaseOptions);
      const { data } = await client.auth.signUp({
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
      });
      expect(data.session!.expires_in).toBe(120);
    } finally {
      await short.stop();
    }
  });
});
