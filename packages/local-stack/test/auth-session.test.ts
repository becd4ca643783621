import { decodeProtectedHeader } from 'jose';
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

async function signUp(data: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const client = stack.client();
  const { data: result, error } = await client.auth.signUp({
    email,
    password: STRONG_PASSWORD,
    options: { data },
  });
  expect(error).toBeNull();
  return { email, client, session: result.session!, user: result.user! };
}

describe('sign-up', () => {
  it('creates a confirmed user, returns a session and stores the sign-up metadata unchanged', async () => {
    const data = {
      name: 'Ada Lovelace',
      role: 'merchant',
      nested: { tier: 'gold', tags: ['a', 'b'] },
    };
    const { email, session, user } = await signUp(data);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(user.email).toBe(email);
    expect(user.user_metadata).toEqual(data);
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });
    const { rows } = await stack.pool.query(
      'select raw_user_meta_data, encrypted_password from auth.users where id = $1',
      [user.id],
    );
    expect(rows[0].raw_user_meta_data).toEqual(data);
    expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
  });

  it('answers 422 user_already_exists for a registered address, in any letter case', async () => {
    const { email } = await signUp();
    const { error } = await stack
      .client()
      .auth.signUp({ email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it("answers 422 weak_password with GoTrue's reasons for config.toml's policy and writes nothing", async () => {
    const before = await authRowCounts(stack.pool);
    const { error } = await stack
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'password1' });
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      name: 'AuthWeakPasswordError',
      message: expect.stringMatching(/^Password should contain at least one character of each: /),
    });
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['characters']);
    const short = await stack.client().auth.signUp({ email: uniqueEmail(), password: 'aB3$' });
    expect((short.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(short.error?.message).toBe('Password should be at least 8 characters.');
    expect(await authRowCounts(stack.pool)).toEqual(before);
  });

  it("accepts a password that meets config.toml's policy but not the product's client-side rules", async () => {
    // "Password1!" contains "password": the client refuses it, hosted (and so the server) do not.
    const { data, error } = await stack
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'Password1!' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });

  it("answers 400 validation_failed with GoTrue's message for an invalid email address", async () => {
    const { error } = await stack
      .client()
      .auth.signUp({ email: 'not-an-email', password: STRONG_PASSWORD });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });
});

describe('password sign-in and tokens', () => {
  it('signs in, and the access token verifies through the JWKS with the specified claims', async () => {
    const { email, user } = await signUp({ name: 'Grace' });
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({
      email,
      password: STRONG_PASSWORD,
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: stack.keys.kid });

    const { data: claims, error: claimsError } = await client.auth.getClaims();
    expect(claimsError).toBeNull();
    expect(claims!.claims).toMatchObject({
      iss: `${stack.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Grace' },
    });
    expect(claims!.claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims!.claims.session_id).toBe(
      data.session!.user && JSON.parse(atob(token.split('.')[1]!)).session_id,
    );
    expect(claims!.claims.exp - claims!.claims.iat).toBe(3600);

    const { data: fetched } = await client.auth.getUser();
    expect(fetched.user).toMatchObject({ id: user.id, email });
  });

  it('refuses a wrong password and an unknown address alike with 400 invalid_credentials', async () => {
    const { email } = await signUp();
    for (const attempt of [
      { email, password: 'Wrong-Password-1!' },
      { email: uniqueEmail('nobody'), password: STRONG_PASSWORD },
    ]) {
      const { error } = await stack.client().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('signs in users whose password hash pgcrypto wrote (as seed SQL does)', async () => {
    const email = uniqueEmail('seeded');
    await stack.pool.query(
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at)
       values (gen_random_uuid(), $1, extensions.crypt($2, extensions.gen_salt('bf')), now())`,
      [email, STRONG_PASSWORD],
    );
    const { data, error } = await stack
      .client()
      .auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
  });

  it("signs in a user whose old password breaks today's rules, and says why it is weak", async () => {
    const email = uniqueEmail('legacy');
    await stack.pool.query(
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at)
       values (gen_random_uuid(), $1, extensions.crypt('sunshine', extensions.gen_salt('bf')), now())`,
      [email],
    );
    const { data, error } = await stack
      .client()
      .auth.signInWithPassword({ email, password: 'sunshine' });
    expect(error).toBeNull();
    expect(data.weakPassword).toEqual({
      reasons: ['characters'],
      message: expect.stringMatching(/^Password should contain at least one character of each: /),
    });
    const strong = await signUp();
    const ok = await stack
      .client()
      .auth.signInWithPassword({ email: strong.email, password: STRONG_PASSWORD });
    expect(ok.data.weakPassword).toBeUndefined();
  });

  it('refuses a banned user and an unconfirmed address', async () => {
    const banned = uniqueEmail('banned');
    const unconfirmed = uniqueEmail('unconfirmed');
    await stack.pool.query(
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at, banned_until) values
       (gen_random_uuid(), $1, extensions.crypt($3, extensions.gen_salt('bf')), now(), now() + interval '1 day'),
       (gen_random_uuid(), $2, extensions.crypt($3, extensions.gen_salt('bf')), null, null)`,
      [banned, unconfirmed, STRONG_PASSWORD],
    );
    const first = await stack
      .client()
      .auth.signInWithPassword({ email: banned, password: STRONG_PASSWORD });
    expect(first.error).toMatchObject({ status: 400, code: 'user_banned' });
    const second = await stack
      .client()
      .auth.signInWithPassword({ email: unconfirmed, password: STRONG_PASSWORD });
    expect(second.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });
});

describe('updateUser', () => {
  it('merges data into user_metadata, removing keys set to null', async () => {
    const { client } = await signUp({ name: 'Old', role: 'affiliate', bio: 'x' });
    const { data, error } = await client.auth.updateUser({ data: { name: 'New', bio: null } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ name: 'New', role: 'affiliate' });
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { email, client } = await signUp();
    const next = 'Another-Leaf-77?';
    expect((await client.auth.updateUser({ password: next })).error).toBeNull();
    expect(
      (await stack.client().auth.signInWithPassword({ email, password: next })).error,
    ).toBeNull();
    const old = await stack.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a weak password (422 weak_password) and the same password (422 same_password)', async () => {
    const { client } = await signUp();
    expect((await client.auth.updateUser({ password: 'short' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
    });
    expect((await client.auth.updateUser({ password: STRONG_PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
  });
});

describe('refresh token rotation', () => {
  it('rotates the refresh token on every refresh', async () => {
    const { client, session } = await signUp();
    const { data, error } = await client.auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.access_token).not.toBe(session.access_token);
    expect(data.session!.user.id).toBe(session.user.id);
  });

  it('returns the current session when a rotated token is reused within 10 s', async () => {
    const { client, session } = await signUp();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    const again = await stack
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
  });

  it('revokes the whole session when a rotated token is reused later, answering refresh_token_already_used', async () => {
    let offset = 0;
    const clocked = await stack.serveAuth({ now: () => Date.now() + offset });
    const client = nodeClient(clocked.apiUrl, stack.anonKey);
    try {
      const email = uniqueEmail();
      const { data: signed } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
      const original = signed.session!.refresh_token;
      const { data: rotated } = await client.auth.refreshSession({ refresh_token: original });
      const current = rotated.session!;
      offset = 11_000;
      const reuse = await authFetch(clocked.apiUrl, '/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: original }),
      });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toMatchObject({
        error_code: 'refresh_token_already_used',
        msg: 'Invalid Refresh Token: Already Used',
      });
      // The family is gone: the newest token fails too, and so does the session's access token.
      const next = await nodeClient(clocked.apiUrl, stack.anonKey).auth.refreshSession({
        refresh_token: current.refresh_token,
      });
      expect(next.error?.status).toBe(400);
      const user = await authFetch(clocked.apiUrl, '/user', { token: current.access_token });
      expect(user.status).toBe(403);
      expect(user.body).toMatchObject({ error_code: 'session_not_found' });
    } finally {
      await clocked.stop();
    }
  });
});

describe('logout scopes', () => {
  async function threeSessions() {
    const { email, session: first } = await signUp();
    const sign = async () => {
      const client = stack.client();
      const { data } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
      return { client, session: data.session! };
    };
    return { first, second: await sign(), third: await sign() };
  }

  const refreshes = async (refreshToken: string) =>
    (await stack.client().auth.refreshSession({ refresh_token: refreshToken })).error === null;

  it('local ends only the current session', async () => {
    const { first, second, third } = await threeSessions();
    expect((await second.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await refreshes(second.session.refresh_token)).toBe(false);
    expect(await refreshes(first.refresh_token)).toBe(true);
    expect(await refreshes(third.session.refresh_token)).toBe(true);
  });

  it('others ends every session but the current one', async () => {
    const { first, second, third } = await threeSessions();
    expect((await second.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await refreshes(first.refresh_token)).toBe(false);
    expect(await refreshes(third.session.refresh_token)).toBe(false);
    expect(await refreshes(second.session.refresh_token)).toBe(true);
  });

  it('global ends every session; the access token then answers session_not_found', async () => {
    const { first, second, third } = await threeSessions();
    const response = await authFetch(stack.apiUrl, '/logout?scope=global', {
      method: 'POST',
      token: second.session.access_token,
      apiKey: stack.anonKey,
    });
    expect(response.status).toBe(204);
    for (const token of [
      first.refresh_token,
      second.session.refresh_token,
      third.session.refresh_token,
    ]) {
      expect(await refreshes(token)).toBe(false);
    }
    const user = await authFetch(stack.apiUrl, '/user', { token: second.session.access_token });
    expect(user).toMatchObject({ status: 403, body: { error_code: 'session_not_found' } });
  });

  it('refuses an unknown scope with 400 validation_failed', async () => {
    const { session } = await signUp();
    const response = await authFetch(stack.apiUrl, '/logout?scope=everyone', {
      method: 'POST',
      token: session.access_token,
    });
    expect(response).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
  });
});

describe('audit log', () => {
  it('records sign-up, sign-in, refresh and logout with the actor and address', async () => {
    const { email, user, session } = await signUp();
    const client = stack.client();
    await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    await client.auth.refreshSession({ refresh_token: session.refresh_token });
    await client.auth.signOut();
    const { rows } = await stack.pool.query<{
      action: string;
      actor_username: string;
      ip_address: string;
    }>(
      `select payload->>'action' as action, payload->>'actor_username' as actor_username, ip_address
       from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at, payload->>'action'`,
      [user.id],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'user_signedup',
      'login',
      'token_refreshed',
      'logout',
    ]);
    expect(new Set(rows.map((row) => row.actor_username))).toEqual(new Set([email]));
    expect(
      rows.every((row) => /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/.test(row.ip_address)),
    ).toBe(true);
  });
});

describe('tokens at the REST API', () => {
  it('PostgREST accepts the access token, and the profile trigger read name and role from the sign-up metadata', async () => {
    const { client, user } = await signUp({ name: 'Rosalind', role: 'merchant' });
    const { data, error } = await client
      .from('profiles')
      .select('id, name, role')
      .eq('id', user.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: user.id, name: 'Rosalind', role: 'merchant' });
  });

  it('an admin role in the sign-up metadata does not make an admin', async () => {
    const { client, user } = await signUp({ name: 'Mallory', role: 'admin' });
    const { data } = await client.from('profiles').select('role').eq('id', user.id).single();
    expect(data).toEqual({ role: 'affiliate' });
  });
});

describe('service endpoints', () => {
  it('publishes settings, health and the JWKS', async () => {
    const settings = await authFetch(stack.apiUrl, '/settings');
    expect(settings.body).toMatchObject({
      external: { email: true, google: false, phone: false },
      mailer_autoconfirm: true,
      disable_signup: false,
    });
    const health = await authFetch(stack.apiUrl, '/health');
    expect(health).toMatchObject({ status: 200, body: { name: 'GoTrue' } });
    const jwks = await authFetch(stack.apiUrl, '/.well-known/jwks.json');
    expect(jwks.body).toEqual(stack.keys.jwks);
  });
});
