import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/testing.ts';
import {
  PASSWORD,
  client,
  codeIn,
  errorOf,
  latestMail,
  linkIn,
  signedIn,
  startConformanceStack,
  uniqueEmail,
} from './support.ts';

/*
 * supabase-js's `auth.*` session, user, identity and PKCE methods, unmodified, against the local
 * stack (the sign-up, sign-in and mail methods are in auth.test.ts): each method's success and its
 * documented errors, with the status, error code and shape hosted Supabase answers.
 */

let stack: RunningStack;

beforeAll(async () => {
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('sessions: getSession, getUser, getClaims, setSession, refreshSession, signOut', () => {
  it('reads the user and the claims of the session', async () => {
    const { supabase, user } = await signedIn(stack);
    expect((await supabase.auth.getSession()).data.session!.user.id).toBe(user.id);
    expect((await supabase.auth.getUser()).data.user!.id).toBe(user.id);
    const { data } = await supabase.auth.getClaims();
    expect(data!.claims).toMatchObject({ sub: user.id, role: 'authenticated', aal: 'aal1' });
  });

  it('setSession adopts tokens from elsewhere; refreshSession rotates the refresh token', async () => {
    const { session, user } = await signedIn(stack);
    const other = client(stack);
    const adopted = await other.auth.setSession({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
    });
    expect(adopted.error).toBeNull();
    expect(adopted.data.user!.id).toBe(user.id);
    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
  });

  it('refreshSession with an unknown token: 400 refresh_token_not_found', async () => {
    const { error } = await client(stack).auth.refreshSession({ refresh_token: 'unknown-token' });
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signOut ends the session; its access token then answers 403 session_not_found', async () => {
    const { supabase, session } = await signedIn(stack);
    expect((await supabase.auth.signOut()).error).toBeNull();
    // supabase-js turns the server's 403 session_not_found into AuthSessionMissingError.
    const { error } = await client(stack).auth.getUser(session.access_token);
    expect(errorOf(error)).toMatchObject({ name: 'AuthSessionMissingError' });
    const raw = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('getUser with a malformed token: 403 bad_jwt', async () => {
    const { error } = await client(stack).auth.getUser('not.a.jwt');
    expect(errorOf(error)).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('auth.updateUser', () => {
  it('merges metadata and changes the password', async () => {
    const { supabase, email } = await signedIn(stack);
    const { data, error } = await supabase.auth.updateUser({
      data: { name: 'Grace' },
      password: 'Newer-Leaf-43!',
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ name: 'Grace' });
    const signIn = await client(stack).auth.signInWithPassword({
      email,
      password: 'Newer-Leaf-43!',
    });
    expect(signIn.error).toBeNull();
  });

  it('changes the address through the mailed link (verifyOtp type email_change)', async () => {
    const { supabase, user } = await signedIn(stack);
    const next = uniqueEmail('moved');
    const { data } = await supabase.auth.updateUser({ email: next });
    expect(data.user!.new_email).toBe(next);
    const mail = await latestMail(stack, next);
    const verified = await client(stack).auth.verifyOtp({
      email: next,
      token: codeIn(mail),
      type: 'email_change',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: user.id, email: next });
  });

  it('refuses the same password (422 same_password) and a weak one (422 weak_password)', async () => {
    const { supabase } = await signedIn(stack);
    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(errorOf(same.error)).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: 'short' });
    expect(errorOf(weak.error)).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('refuses an address another account has: 422 email_exists', async () => {
    const { supabase } = await signedIn(stack);
    const { email: taken } = await signedIn(stack);
    const { error } = await supabase.auth.updateUser({ email: taken });
    expect(errorOf(error)).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('identities: getUserIdentities, linkIdentity, unlinkIdentity', () => {
  it('lists the email identity and refuses to unlink the only one', async () => {
    const { supabase } = await signedIn(stack);
    const { data, error } = await supabase.auth.getUserIdentities();
    expect(error).toBeNull();
    expect(data!.identities).toHaveLength(1);
    expect(data!.identities[0]).toMatchObject({ provider: 'email' });
    const unlinked = await supabase.auth.unlinkIdentity(data!.identities[0]!);
    expect(errorOf(unlinked.error)).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
    });
  });

  it('linkIdentity with a provider that is off: 400 validation_failed', async () => {
    const { supabase } = await signedIn(stack);
    const { error } = await supabase.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(errorOf(error)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
  });
});

describe('auth.exchangeCodeForSession (PKCE)', () => {
  it('exchanges the code of a recovery link asked for with PKCE', async () => {
    const { email, user } = await signedIn(stack);
    const storage = new Map<string, string>();
    const pkce = (await import('@supabase/supabase-js')).createClient(stack.apiUrl, stack.anonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    expect((await pkce.auth.resetPasswordForEmail(email)).error).toBeNull();
    const response = await fetch(linkIn(await latestMail(stack, email)), { redirect: 'manual' });
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
    const { data, error } = await pkce.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
  });

  it('refuses an unknown code: 404 flow_state_not_found', async () => {
    const { error } = await client(stack).auth.exchangeCodeForSession(
      '00000000-0000-4000-8000-000000000000',
    );
    // Without a stored code verifier supabase-js refuses before asking; with one, the server does.
    expect(errorOf(error)).toMatchObject({ name: expect.stringMatching(/^Auth/) });
  });
});
