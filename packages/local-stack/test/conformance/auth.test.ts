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
 * supabase-js's `auth.*` methods, unmodified, against the local stack: each method's success
 * and its documented errors, with the status, error code and shape hosted Supabase answers.
 */

let stack: RunningStack;

beforeAll(async () => {
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('auth.signUp', () => {
  it('returns the user and a session (confirmations are off in config.toml)', async () => {
    const email = uniqueEmail();
    const { data, error } = await client(stack).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { name: 'Ada' },
      aud: 'authenticated',
    });
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });

  it('refuses a registered address: 422 user_already_exists', async () => {
    const { email } = await signedIn(stack);
    const { error } = await client(stack).auth.signUp({ email, password: PASSWORD });
    expect(errorOf(error)).toMatchObject({
      name: 'AuthApiError',
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a password below the policy: 422 weak_password with GoTrue reasons', async () => {
    const { error } = await client(stack).auth.signUp({ email: uniqueEmail(), password: 'abc' });
    expect(errorOf(error)).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
    });
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length', 'characters']);
  });

  it('refuses a malformed address: 400 validation_failed', async () => {
    const { error } = await client(stack).auth.signUp({ email: 'nope', password: PASSWORD });
    expect(errorOf(error)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('refuses phone sign-ups: 400 phone_provider_disabled', async () => {
    const { error } = await client(stack).auth.signUp({ phone: '+15550100', password: PASSWORD });
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});

describe('auth.signInWithPassword', () => {
  it('returns a session and the user', async () => {
    const { email, user } = await signedIn(stack);
    const { data, error } = await client(stack).auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
    expect(data.session!.refresh_token).toMatch(/^\S+$/);
    expect(data.weakPassword).toBeUndefined();
  });

  it('refuses a wrong password: 400 invalid_credentials', async () => {
    const { email } = await signedIn(stack);
    const { data, error } = await client(stack).auth.signInWithPassword({
      email,
      password: 'Wrong-Leaf-42!',
    });
    expect(data.session).toBeNull();
    expect(errorOf(error)).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('refuses phone sign-in: 422 phone_provider_disabled', async () => {
    const { error } = await client(stack).auth.signInWithPassword({
      phone: '+15550100',
      password: PASSWORD,
    });
    expect(errorOf(error)).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
  });
});

describe('auth.signInWithOtp and auth.verifyOtp', () => {
  it('mails a known address a magic link and a code; the code signs in', async () => {
    const { email, user } = await signedIn(stack);
    const supabase = client(stack);
    const sent = await supabase.auth.signInWithOtp({ email });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ user: null, session: null });
    const mail = await latestMail(stack, email);
    expect(mail.type).toBe('magiclink');
    const { data, error } = await supabase.auth.verifyOtp({
      email,
      token: codeIn(mail),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(user.id);
    expect(data.session!.access_token).toBeTruthy();
  });

  it('creates an unknown address, whose confirmation code signs in and confirms it', async () => {
    const email = uniqueEmail('otp-new');
    const supabase = client(stack);
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.type).toBe('signup');
    const { data, error } = await supabase.auth.verifyOtp({
      email,
      token: codeIn(mail),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user!.email_confirmed_at).toBeTruthy();
  });

  it('the mailed link redirects with a session in the fragment', async () => {
    const { email } = await signedIn(stack);
    await client(stack).auth.signInWithOtp({ email });
    const link = linkIn(await latestMail(stack, email));
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const fragment = new URLSearchParams(response.headers.get('location')!.split('#')[1]);
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('magiclink');
  });

  it('refuses an unknown address with shouldCreateUser false: 422 otp_disabled', async () => {
    const { error } = await client(stack).auth.signInWithOtp({
      email: uniqueEmail('otp-none'),
      options: { shouldCreateUser: false },
    });
    expect(errorOf(error)).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
  });

  it('refuses phone OTP: 400 phone_provider_disabled', async () => {
    const { error } = await client(stack).auth.signInWithOtp({ phone: '+15550100' });
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });

  it('refuses a wrong code: 403 otp_expired', async () => {
    const { email } = await signedIn(stack);
    await client(stack).auth.signInWithOtp({ email });
    const mail = await latestMail(stack, email);
    const wrong = String((Number(codeIn(mail)) + 1) % 1_000_000).padStart(6, '0');
    const { error } = await client(stack).auth.verifyOtp({ email, token: wrong, type: 'email' });
    expect(errorOf(error)).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('a code is spent once', async () => {
    const { email } = await signedIn(stack);
    await client(stack).auth.signInWithOtp({ email });
    const token = codeIn(await latestMail(stack, email));
    expect((await client(stack).auth.verifyOtp({ email, token, type: 'email' })).error).toBeNull();
    const again = await client(stack).auth.verifyOtp({ email, token, type: 'email' });
    expect(errorOf(again.error)).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('refuses a second mail within max_frequency: 429 over_email_send_rate_limit', async () => {
    const { email } = await signedIn(stack);
    expect((await client(stack).auth.signInWithOtp({ email })).error).toBeNull();
    const { error } = await client(stack).auth.signInWithOtp({ email });
    expect(errorOf(error)).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('auth.resend', () => {
  it('answers {} without mail when there is nothing to resend', async () => {
    const { email } = await signedIn(stack);
    const { data, error } = await client(stack).auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(data).toMatchObject({ user: null, session: null });
    const unknown = await client(stack).auth.resend({ type: 'signup', email: uniqueEmail() });
    expect(unknown.error).toBeNull();
  });

  it('mails a pending email change again', async () => {
    const { supabase } = await signedIn(stack);
    const next = uniqueEmail('next');
    expect((await supabase.auth.updateUser({ email: next })).error).toBeNull();
    const first = await latestMail(stack, next);
    await stack.pool.query(
      `update auth.users set email_change_sent_at = email_change_sent_at - interval '2 minutes'
       where email_change = $1`,
      [next],
    );
    const { email } = (await supabase.auth.getUser()).data.user!;
    expect((await supabase.auth.resend({ type: 'email_change', email: email! })).error).toBeNull();
    const second = await latestMail(stack, next);
    expect(second.type).toBe('email_change');
    expect(codeIn(second)).not.toBe(codeIn(first));
  });

  it('refuses SMS types: 400 phone_provider_disabled', async () => {
    const { error } = await client(stack).auth.resend({ type: 'sms', phone: '+15550100' });
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });
});

describe('auth.reauthenticate and a password change with its nonce', () => {
  it('mails a code that PUT /user accepts as nonce, and refuses a wrong one', async () => {
    const { supabase, email } = await signedIn(stack);
    const { error } = await supabase.auth.reauthenticate();
    expect(error).toBeNull();
    const mail = await latestMail(stack, email);
    expect(mail.type).toBe('reauthentication');
    const wrong = await supabase.auth.updateUser({ password: 'Other-Leaf-43!', nonce: '000000' });
    expect(errorOf(wrong.error)).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
    });
    const right = await supabase.auth.updateUser({
      password: 'Other-Leaf-43!',
      nonce: codeIn(mail),
    });
    expect(right.error).toBeNull();
    const signIn = await client(stack).auth.signInWithPassword({
      email,
      password: 'Other-Leaf-43!',
    });
    expect(signIn.error).toBeNull();
  });

  it('needs a session: AuthSessionMissingError', async () => {
    const { error } = await client(stack).auth.reauthenticate();
    expect(errorOf(error)).toMatchObject({ name: 'AuthSessionMissingError' });
  });
});

describe('auth.resetPasswordForEmail', () => {
  it('mails a recovery link and answers {} for unknown addresses too', async () => {
    const { email } = await signedIn(stack);
    expect((await client(stack).auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await latestMail(stack, email)).type).toBe('recovery');
    expect((await client(stack).auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
  });

  it('refuses a malformed address: 400 validation_failed', async () => {
    const { error } = await client(stack).auth.resetPasswordForEmail('nope');
    expect(errorOf(error)).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
