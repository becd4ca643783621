import fc from 'fast-check';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
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
let session: { access_token: string; refresh_token: string; user: { id: string } };
let factorId: string;

beforeAll(async () => {
  stack = await startAuthHarness();
  const client = stack.client();
  const { data } = await client.auth.signUp({
    email: uniqueEmail('bad'),
    password: STRONG_PASSWORD,
  });
  const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' });
  factorId = factor!.id;
  session = data.session!;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const JSON_HEADERS = { 'content-type': 'application/json' };
/** 100 characters that meet the policy: longer than the 72 bytes bcrypt reads. */
const LONG_PASSWORD = STRONG_PASSWORD + 'x'.repeat(100 - STRONG_PASSWORD.length);
/** Exactly 72 bytes that meet the policy: the longest password accepted. */
const LONGEST_PASSWORD = STRONG_PASSWORD + 'x'.repeat(72 - STRONG_PASSWORD.length);

interface Case {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  auth?: 'user' | 'service';
  status: number;
  code: string;
}

const cases: Case[] = [
  {
    name: 'malformed JSON on sign-up',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{"email": "a@b.co",',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'a JSON array as body',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '[1,2]',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'form-encoded sign-up',
    path: '/signup',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=a%40b.co&password=x',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'text/plain sign-in',
    path: '/token?grant_type=password',
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{"email":"a@b.co","password":"x"}',
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'an empty sign-up body',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '',
    status: 400,
    code: 'bad_json',
  },
  {
    // Neither email nor phone is an anonymous sign-up, which is off (as hosted answers it).
    name: 'sign-up without an email',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ password: STRONG_PASSWORD }),
    status: 422,
    code: 'anonymous_provider_disabled',
  },
  {
    name: 'sign-up without a password',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: uniqueEmail() }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'an email of the wrong type',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: 42, password: STRONG_PASSWORD }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'data that is not an object',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: 'admin' }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'sign-in without an email',
    path: '/token?grant_type=password',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ password: 'x' }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a password of the wrong type',
    path: '/token?grant_type=password',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: 'a@b.co', password: ['x'] }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'an unknown grant type',
    path: '/token?grant_type=client_credentials',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
    status: 400,
    code: 'invalid_credentials',
  },
  {
    name: 'no grant type',
    path: '/token',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
    status: 400,
    code: 'invalid_credentials',
  },
  {
    name: 'an unknown refresh token',
    path: '/token?grant_type=refresh_token',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ refresh_token: 'not-a-token' }),
    status: 400,
    code: 'refresh_token_not_found',
  },
  {
    name: 'metadata of the wrong type on update',
    path: '/user',
    method: 'PUT',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ data: [1] }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'an invalid email on update',
    path: '/user',
    method: 'PUT',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: 'nope' }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'an unknown factor type',
    path: '/factors',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ factor_type: 'sms' }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a factor id that is not a UUID',
    path: '/factors/abc/challenge',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: '{}',
    status: 404,
    code: 'mfa_factor_not_found',
  },
  {
    name: 'verify without a code',
    path: '/factors/:factor/verify',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ challenge_id: '00000000-0000-0000-0000-000000000000' }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'verify with a challenge id that is not a UUID',
    path: '/factors/:factor/verify',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ challenge_id: 'x', code: '123456' }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'verify against an unknown challenge',
    path: '/factors/:factor/verify',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ challenge_id: '00000000-0000-0000-0000-000000000000', code: '123456' }),
    status: 422,
    code: 'mfa_factor_not_found',
  },
  {
    name: 'recovery without an email',
    path: '/recover',
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'verify without a type',
    path: '/verify',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ token_hash: 'abc' }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'verify with an unknown token hash',
    path: '/verify',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ type: 'recovery', token_hash: 'f'.repeat(64) }),
    status: 403,
    code: 'otp_expired',
  },
  {
    name: 'an identity id that is not a UUID',
    path: '/user/identities/xyz',
    method: 'DELETE',
    auth: 'user',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'the admin API without a token',
    path: '/admin/users/1',
    method: 'GET',
    status: 401,
    code: 'no_authorization',
  },
  {
    name: 'a NUL character in sign-up metadata',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      data: { name: 'a\u0000b' },
    }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'a NUL character in a factor name',
    path: '/factors',
    method: 'POST',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ factor_type: 'totp', friendly_name: '\u0000' }),
    status: 400,
    code: 'bad_json',
  },
  {
    name: 'an absurd admin page number',
    path: '/admin/users?page=1e300',
    method: 'GET',
    auth: 'service',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'an admin user id that is not a UUID',
    path: '/admin/users/1',
    method: 'GET',
    auth: 'service',
    status: 404,
    code: 'user_not_found',
  },
  {
    name: 'a ban beyond the calendar',
    path: '/admin/users',
    method: 'POST',
    auth: 'service',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      ban_duration: '99999999999999999999h',
    }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'an overlong role',
    path: '/admin/users',
    method: 'POST',
    auth: 'service',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      role: 'r'.repeat(300),
    }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a password over 72 bytes on sign-up',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: uniqueEmail(), password: LONG_PASSWORD }),
    status: 400,
    code: 'validation_failed',
  },
  {
    // 39 characters, but 74 bytes: bcrypt's limit is in bytes.
    name: 'a password of 39 characters and 74 bytes on sign-up',
    path: '/signup',
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: uniqueEmail(), password: `Aa1!${'é'.repeat(35)}` }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a password over 72 bytes on update',
    path: '/user',
    method: 'PUT',
    auth: 'user',
    headers: JSON_HEADERS,
    body: JSON.stringify({ password: LONG_PASSWORD }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a password over 72 bytes from the admin API',
    path: '/admin/users',
    method: 'POST',
    auth: 'service',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: uniqueEmail(), password: LONG_PASSWORD }),
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a password over 72 bytes on an admin sign-up link',
    path: '/admin/generate_link',
    method: 'POST',
    auth: 'service',
    headers: JSON_HEADERS,
    body: JSON.stringify({ type: 'signup', email: uniqueEmail(), password: LONG_PASSWORD }),
    status: 400,
    code: 'validation_failed',
  },
  { name: 'an unknown endpoint', path: '/magic', method: 'GET', status: 404, code: 'not_found' },
  {
    name: 'a wrong method',
    path: '/signup',
    method: 'GET',
    status: 405,
    code: 'method_not_allowed',
  },
  {
    name: 'GET /user without a token',
    path: '/user',
    method: 'GET',
    status: 401,
    code: 'no_authorization',
  },
  {
    name: 'GET /user with the anon key as token',
    path: '/user',
    method: 'GET',
    headers: { authorization: 'Bearer ANON' },
    status: 403,
    code: 'bad_jwt',
  },
  {
    name: 'GET /user with a malformed token',
    path: '/user',
    method: 'GET',
    headers: { authorization: 'Bearer abc.def.ghi' },
    status: 403,
    code: 'bad_jwt',
  },
];

describe("bad input answers the protocol's 4xx and writes nothing", () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await authRowCounts(stack.pool);
    const headers: Record<string, string> = { ...c.headers };
    if (headers.authorization === 'Bearer ANON') headers.authorization = `Bearer ${stack.anonKey}`;
    const path = c.path.replace(':factor', factorId);
    const response = await authFetch(stack.apiUrl, path, {
      method: c.method ?? 'GET',
      headers,
      ...(c.body === undefined ? {} : { body: c.body }),
      ...(c.auth === 'user' ? { token: session.access_token } : {}),
      ...(c.auth === 'service' ? { token: stack.serviceRoleKey } : {}),
    });
    expect(response.status).toBe(c.status);
    expect(response.body).toMatchObject({
      code: c.status,
      error_code: c.code,
      msg: expect.any(String),
    });
    expect(await authRowCounts(stack.pool)).toEqual(before);
  });

  it('answers `refresh_token required` in the OAuth shape', async () => {
    const response = await authFetch(stack.apiUrl, '/token?grant_type=refresh_token', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{}',
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    });
  });
});

describe('passwords longer than bcrypt reads', () => {
  const signIn = (email: string, password: string) =>
    authFetch(stack.apiUrl, '/token?grant_type=password', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, password }),
    });

  it("are refused with supabase/auth's message, and no account is made", async () => {
    const email = uniqueEmail('long');
    const response = await authFetch(stack.apiUrl, '/signup', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, password: LONG_PASSWORD }),
    });
    expect(response).toMatchObject({
      status: 400,
      body: {
        code: 400,
        error_code: 'validation_failed',
        msg: 'Password cannot be longer than 72 characters',
      },
    });
    expect((await signIn(email, LONG_PASSWORD.slice(0, 72))).status).toBe(400);
  });

  it('accept 72 bytes, and never sign in by a longer password that starts with them', async () => {
    const email = uniqueEmail('longest');
    const signedUp = await authFetch(stack.apiUrl, '/signup', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email, password: LONGEST_PASSWORD }),
    });
    expect(signedUp.status).toBe(200);
    expect((await signIn(email, LONGEST_PASSWORD)).status).toBe(200);
    const before = await authRowCounts(stack.pool);
    const longer = await signIn(email, `${LONGEST_PASSWORD}tail`);
    expect(longer).toMatchObject({
      status: 400,
      body: { error_code: 'invalid_credentials', msg: 'Invalid login credentials' },
    });
    expect(await authRowCounts(stack.pool)).toEqual(before);
  });
});

describe('tokens that must not be accepted', () => {
  const getUser = (token: string) => authFetch(stack.apiUrl, '/user', { token });

  it('refuses an expired token', async () => {
    const expired = await stack.keys.sign(
      {
        sub: session.user.id,
        role: 'authenticated',
        aud: 'authenticated',
        session_id: '00000000-0000-0000-0000-000000000000',
        iat: Math.floor(Date.now() / 1000) - 7200,
      },
      3600,
    );
    const response = await getUser(expired);
    expect(response).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });
    expect((response.body as { msg: string }).msg).toMatch(/expired/);
  });

  it('refuses a token signed with another key, even with the right kid', async () => {
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({
      sub: session.user.id,
      role: 'service_role',
      aud: 'authenticated',
    })
      .setProtectedHeader({ alg: 'ES256', kid: stack.keys.kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(other.privateKey);
    expect(await getUser(forged)).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });
    const admin = await authFetch(stack.apiUrl, '/admin/users', { token: forged });
    expect(admin).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });
  });

  it('refuses an unsigned (alg: none) token', async () => {
    const unsigned = new UnsecuredJWT({ sub: session.user.id, role: 'service_role' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(await getUser(unsigned)).toMatchObject({ status: 403, body: { error_code: 'bad_jwt' } });
    expect(await authFetch(stack.apiUrl, '/admin/users', { token: unsigned })).toMatchObject({
      status: 403,
    });
  });

  it('refuses a refresh token of an ended session and one from another stack', async () => {
    const client = stack.client();
    const { data } = await client.auth.signInWithPassword({
      email: (await stack.client().auth.getUser(session.access_token)).data.user!.email!,
      password: STRONG_PASSWORD,
    });
    await client.auth.signOut({ scope: 'local' });
    const before = await authRowCounts(stack.pool);
    const ended = await nodeClient(stack.apiUrl, stack.anonKey).auth.refreshSession({
      refresh_token: data.session!.refresh_token,
    });
    expect(ended.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const foreign = await nodeClient(stack.apiUrl, stack.anonKey).auth.refreshSession({
      refresh_token: 'Zm9yZWlnbi1zdGFjay10b2tlbg',
    });
    expect(foreign.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect(await authRowCounts(stack.pool)).toEqual(before);
  });
});

describe('API versions', () => {
  it('with X-Supabase-Api-Version 2024-01-01 echoes the header and answers { code, message }', async () => {
    const response = await authFetch(stack.apiUrl, '/token?grant_type=password', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'Wrong-Password-1!' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('weak passwords keep their reasons in the 2024-01-01 shape', async () => {
    const response = await authFetch(stack.apiUrl, '/signup', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'abc' }),
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'weak_password',
      message:
        'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~.',
      weak_password: { reasons: ['length', 'characters'] },
    });
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit past the sign-in limit, per IP', async () => {
    const limited = await stack.serveAuth({
      settings: { rateLimits: { signup: { limit: 2, windowSeconds: 300 } } },
    });
    try {
      const client = nodeClient(limited.apiUrl, stack.anonKey);
      const attempt = () =>
        client.auth.signInWithPassword({ email: uniqueEmail(), password: STRONG_PASSWORD });
      expect((await attempt()).error).toMatchObject({ status: 400 });
      expect((await attempt()).error).toMatchObject({ status: 400 });
      expect((await attempt()).error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
      });
    } finally {
      await limited.stop();
    }
  });

  it('limits sign-ups, recovery mails and verifications separately', async () => {
    const limited = await stack.serveAuth({
      settings: {
        rateLimits: {
          signup: { limit: 1, windowSeconds: 300 },
          recover: { limit: 1, windowSeconds: 300 },
          verify: { limit: 1, windowSeconds: 300 },
        },
      },
    });
    try {
      const client = nodeClient(limited.apiUrl, stack.anonKey);
      await client.auth.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD });
      expect(
        (await client.auth.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD })).error,
      ).toMatchObject({ status: 429 });
      await client.auth.resetPasswordForEmail(uniqueEmail());
      expect((await client.auth.resetPasswordForEmail(uniqueEmail())).error).toMatchObject({
        status: 429,
      });
      await client.auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'recovery' });
      expect(
        (await client.auth.verifyOtp({ token_hash: 'f'.repeat(64), type: 'recovery' })).error,
      ).toMatchObject({ status: 429 });
    } finally {
      await limited.stop();
    }
  });
});

/** Any JSON, and objects with the fields the endpoints read holding strings or any JSON. */
const field = fc.oneof(fc.string(), fc.emailAddress(), fc.jsonValue({ maxDepth: 2 }));
const bodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      email: field,
      password: field,
      data: field,
      refresh_token: field,
      auth_code: field,
      code_verifier: field,
      type: fc.oneof(fc.constantFrom('recovery', 'email_change', 'signup'), field),
      token: field,
      token_hash: field,
      factor_type: fc.oneof(fc.constantFrom('totp', 'phone'), field),
      friendly_name: field,
      challenge_id: fc.oneof(fc.uuid(), field),
      code: field,
      user_metadata: field,
      ban_duration: field,
      role: field,
    },
    { requiredKeys: [] },
  ),
);

describe('arbitrary JSON bodies', () => {
  it('never get a 500 from any endpoint that reads a body', async () => {
    const lifted = { limit: 1_000_000, windowSeconds: 1 };
    const open = await stack.serveAuth({
      settings: {
        rateLimits: { token: lifted, signup: lifted, recover: lifted, verify: lifted, mfa: lifted },
      },
    });
    const endpoints: Array<{ method: string; path: string; token?: string }> = [
      { method: 'POST', path: '/signup' },
      { method: 'POST', path: '/token?grant_type=password' },
      { method: 'POST', path: '/token?grant_type=refresh_token' },
      { method: 'POST', path: '/token?grant_type=pkce' },
      { method: 'POST', path: '/recover' },
      { method: 'POST', path: '/verify' },
      { method: 'PUT', path: '/user', token: session.access_token },
      { method: 'POST', path: '/factors', token: session.access_token },
      { method: 'POST', path: `/factors/${factorId}/verify`, token: session.access_token },
      { method: 'POST', path: '/admin/users', token: stack.serviceRoleKey },
    ];
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoints), bodies, async (endpoint, value) => {
          const response = await authFetch(open.apiUrl, endpoint.path, {
            method: endpoint.method,
            headers: JSON_HEADERS,
            body: JSON.stringify(value),
            ...(endpoint.token ? { token: endpoint.token } : {}),
          });
          expect(
            response.status,
            `${endpoint.method} ${endpoint.path} ${JSON.stringify(value)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
    } finally {
      await open.stop();
    }
  }, 120_000);
});
