/**
 * The session engine against the real local stack: GoTrue-compatible auth, PostgREST, Postgres
 * with the product's migrations, and unmodified supabase-js through @verdant/api-client.
 */
import { createApiClient } from '@verdant/api-client';
import {
  nodeSupabaseOptions,
  startTestStack,
  type RunningStack,
} from '@verdant/local-stack/testing';
import { createClient } from '@supabase/supabase-js';
import { generateSync } from 'otplib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PasswordChangeError,
  createAuthEngine,
  createMemoryStorage,
  systemClock,
  type AuthEventName,
  type StorageLike,
} from '../../src/index.ts';
import { decodeJwtPayload } from '../../src/jwt.ts';
import { FakeDocument, fakeWindow, recordingLogger } from '../support/env.ts';

const PASSWORD = 'Gr33n!Leaves#2026';
let stack: RunningStack;
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/** An engine over a fresh api-client, as a new browser page would have. */
function pageEngine(storage: StorageLike = createMemoryStorage()) {
  const api = createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    realtimeTransport: WebSocket as unknown as NonNullable<
      Parameters<typeof createApiClient>[0]['realtimeTransport']
    >,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  let offsetMs = 0;
  const clock = { ...systemClock, now: () => Date.now() + offsetMs };
  const doc = new FakeDocument();
  const logger = recordingLogger();
  const engine = createAuthEngine({
    api,
    storage,
    clock,
    env: { document: doc, window: fakeWindow() },
    logger,
    reload: () => {},
  });
  const events: AuthEventName[] = [];
  engine.onEvent((event) => events.push(event));
  return {
    api,
    engine,
    events,
    storage,
    doc,
    logger,
    /** Moves the engine's clock so the access token is `seconds` from expiry. */
    nearExpiry(seconds: number) {
      const expiresAt = engine.getSnapshot().session!.expires_at! * 1000;
      offsetMs = expiresAt - seconds * 1000 - Date.now();
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rawClient() {
  return createClient(stack.apiUrl, stack.anonKey, nodeSupabaseOptions);
}

describe('sign-up and sign-in', () => {
  it('registers an affiliate by default; the profile made from the metadata is loaded', async () => {
    const page = pageEngine();
    await page.engine.start();
    const email = uniqueEmail('affiliate');
    const result = await page.engine.register({ email, password: PASSWORD, name: 'Ivy Green' });
    expect(result.confirmationRequired).toBe(false);
    expect(page.engine.getSnapshot()).toMatchObject({
      isAuthenticated: true,
      user: {
        email,
        name: 'Ivy Green',
        role: 'affiliate',
        available_roles: ['affiliate'],
        hasCompletedOnboarding: false,
      },
    });
    expect(result.user?.user_metadata).toMatchObject({ name: 'Ivy Green', role: 'affiliate' });
    expect(page.events).toEqual(['SIGNED_IN']);
    page.engine.stop();
  });

  it('registers a merchant and signs in again on a new page', async () => {
    const email = uniqueEmail('merchant');
    const first = pageEngine();
    await first.engine.start();
    await first.engine.register({ email, password: PASSWORD, name: 'Moss & Co', role: 'merchant' });
    await first.engine.logout();
    first.engine.stop();

    const page = pageEngine();
    await page.engine.start();
    const user = await page.engine.login(email, PASSWORD, { rememberMe: true });
    expect(user).toMatchObject({ email, name: 'Moss & Co', role: 'merchant' });
    expect(page.engine.getSnapshot()).toMatchObject({ rememberMe: true, isAuthenticated: true });
    const claims = decodeJwtPayload(page.engine.getSnapshot().token!);
    expect(claims).toMatchObject({ sub: user.id, role: 'authenticated', aal: 'aal1' });
    page.engine.stop();
  });

  it('rethrows the provider error for a wrong password', async () => {
    const email = uniqueEmail('wrong');
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email, password: PASSWORD, name: 'W' });
    await page.engine.logout();
    await expect(page.engine.login(email, 'Wrong!Passw0rd')).rejects.toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'invalid_credentials',
    });
    expect(page.engine.getSnapshot().isAuthenticated).toBe(false);
    page.engine.stop();
  });

  it('without a profile row builds the user from the sign-up metadata', async () => {
    const email = uniqueEmail('noprofile');
    const setup = pageEngine();
    await setup.engine.start();
    const { user } = await setup.engine.register({
      email,
      password: PASSWORD,
      name: 'Fern',
      role: 'merchant',
    });
    await setup.engine.logout();
    await stack.pool.query('delete from public.profiles where id = $1', [user!.id]);

    const page = pageEngine();
    await page.engine.start();
    expect(await page.engine.login(email, PASSWORD)).toMatchObject({
      id: user!.id,
      name: 'Fern',
      role: 'merchant',
      hasCompletedOnboarding: false,
      hasActiveSubscription: false,
    });
    page.engine.stop();
  });

  it('re-checks the subscription 100 ms after login', async () => {
    const email = uniqueEmail('subscriber');
    const setup = pageEngine();
    await setup.engine.start();
    const { user } = await setup.engine.register({ email, password: PASSWORD, name: 'Sub' });
    await setup.engine.logout();

    const page = pageEngine();
    // The subscription is activated (as the payment webhook does) just after the profile is read.
    const fetchProfile = page.api.profiles.fetchProfile.bind(page.api.profiles);
    page.api.profiles.fetchProfile = async (id) => {
      const profile = await fetchProfile(id);
      await stack.pool.query(
        "update public.profiles set has_active_subscription = true, subscription_tier = 'pro' where id = $1",
        [user!.id],
      );
      return profile;
    };
    await page.engine.start();
    await page.engine.login(email, PASSWORD);
    expect(page.engine.getSnapshot().user!.hasActiveSubscription).toBe(false);
    await until(() => page.engine.getSnapshot().user!.hasActiveSubscription);
    expect(page.engine.getSnapshot().user).toMatchObject({
      hasActiveSubscription: true,
      subscriptionTier: 'pro',
    });
    page.engine.stop();
  });
});

describe('session lifecycle', () => {
  it('refreshes the token within 90 s of expiry, re-fetching the profile', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('refresh'), password: PASSWORD, name: 'Rita' });
    const before = page.engine.getSnapshot().session!;
    page.nearExpiry(60);
    page.doc.setVisibility('hidden');
    page.doc.setVisibility('visible'); // returning to the tab checks at once
    await until(() => page.events.includes('TOKEN_REFRESHED'));
    const after = page.engine.getSnapshot().session!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(page.engine.getSnapshot().isAuthenticated).toBe(true);
    // The engine holds the rotated refresh token, which the server accepts.
    const { data, error } = await rawClient().auth.refreshSession({
      refresh_token: after.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    page.engine.stop();
  });

  it('signs out when the server rejects the refresh (session revoked elsewhere)', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('revoked'), password: PASSWORD, name: 'Rex' });
    const { access_token, refresh_token } = page.engine.getSnapshot().session!;
    const elsewhere = rawClient();
    await elsewhere.auth.setSession({ access_token, refresh_token });
    const { error } = await elsewhere.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();

    page.nearExpiry(30);
    page.doc.setVisibility('hidden');
    page.doc.setVisibility('visible');
    await until(() => page.events.includes('SIGNED_OUT'));
    expect(page.engine.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      session: null,
      user: null,
    });
    expect(page.storage.getItem('verdant.auth')).toBeNull();
    page.engine.stop();
  });

  it('restores the persisted session on the next page load', async () => {
    const storage = createMemoryStorage();
    const first = pageEngine(storage);
    await first.engine.start();
    await first.engine.register({
      email: uniqueEmail('restore'),
      password: PASSWORD,
      name: 'Rosa',
    });
    const { user } = first.engine.getSnapshot();
    first.engine.stop();

    const next = pageEngine(storage);
    await next.engine.start();
    expect(next.engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: true,
      user: { id: user!.id, name: 'Rosa' },
    });
    next.engine.stop();
  });

  it('logs out: the server session ends and its refresh token stops working', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('logout'), password: PASSWORD, name: 'Lou' });
    const { refresh_token } = page.engine.getSnapshot().session!;
    await page.engine.logout();
    expect(page.events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(page.engine.getSnapshot()).toMatchObject({ isAuthenticated: false, session: null });
    const { error } = await rawClient().auth.refreshSession({ refresh_token });
    expect(error).toMatchObject({ status: 400 });
    page.engine.stop();
  });
});

describe('MFA', () => {
  it('enrolls TOTP, verifies a real code to aal2, lists and removes the factor', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('mfa'), password: PASSWORD, name: 'Max' });
    const enrollment = await page.engine.mfa.enrollTotp({
      friendlyName: 'Phone',
      issuer: 'Verdant',
    });
    expect(enrollment.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect(await page.engine.mfa.assuranceLevel()).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });

    const { challengeId } = await page.engine.mfa.challenge(enrollment.factorId);
    await page.engine.mfa.verify({
      factorId: enrollment.factorId,
      challengeId,
      code: generateSync({ secret: enrollment.secret }),
    });
    expect(page.events).toEqual(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
    expect(decodeJwtPayload(page.engine.getSnapshot().token!)).toMatchObject({ aal: 'aal2' });
    expect(await page.engine.mfa.assuranceLevel()).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(await page.engine.mfa.listFactors()).toEqual([
      expect.objectContaining({
        id: enrollment.factorId,
        status: 'verified',
        factor_type: 'totp',
        friendly_name: 'Phone',
      }),
    ]);

    await page.engine.mfa.unenroll(enrollment.factorId);
    expect(await page.engine.mfa.listFactors()).toEqual([]);
    page.engine.stop();
  });

  it('a wrong code is rejected and the session stays aal1', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('mfa-wrong'), password: PASSWORD, name: 'Mo' });
    const { factorId, secret } = await page.engine.mfa.enrollTotp();
    const right = generateSync({ secret });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await expect(
      page.engine.mfa.challengeAndVerify({ factorId, code: wrong }),
    ).rejects.toMatchObject({ name: 'AuthApiError' });
    expect(decodeJwtPayload(page.engine.getSnapshot().token!)).toMatchObject({ aal: 'aal1' });
    expect(page.events).toEqual(['SIGNED_IN']);
    page.engine.stop();
  });

  it('a later sign-in of a user with a verified factor needs aal2 next', async () => {
    const email = uniqueEmail('mfa-next');
    const setup = pageEngine();
    await setup.engine.start();
    await setup.engine.register({ email, password: PASSWORD, name: 'Nia' });
    const { factorId, secret } = await setup.engine.mfa.enrollTotp();
    await setup.engine.mfa.challengeAndVerify({ factorId, code: generateSync({ secret }) });
    await setup.engine.logout();

    const page = pageEngine();
    await page.engine.start();
    await page.engine.login(email, PASSWORD);
    expect(await page.engine.mfa.assuranceLevel()).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    page.engine.stop();
  });
});

describe('identities', () => {
  it('lists the email identity of a password account', async () => {
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email: uniqueEmail('ident'), password: PASSWORD, name: 'Ida' });
    const identities = await page.engine.identities.list();
    expect(identities).toEqual([expect.objectContaining({ provider: 'email' })]);
    page.engine.stop();
  });
});

describe('changing the password', () => {
  const NEW_PASSWORD = 'Fern+Harbor#2027';

  /** Whether `email` signs in with `password` on a client of its own. */
  async function signsIn(email: string, password: string): Promise<boolean> {
    const { error } = await rawClient().auth.signInWithPassword({ email, password });
    return error === null;
  }

  it('confirms the current password, keeps the session it was asked in, and ends the check', async () => {
    const email = uniqueEmail('password');
    const page = pageEngine();
    await page.engine.start();
    await page.engine.register({ email, password: PASSWORD, name: 'Pia' });
    const before = page.engine.getSnapshot().session!;
    const signIn = vi.spyOn(page.api.supabase.auth, 'signInWithPassword');

    // A wrong current password: refused at its field, nothing changes.
    await expect(
      page.engine.changePassword({ currentPassword: 'Wrong#Guess2026', newPassword: NEW_PASSWORD }),
    ).rejects.toMatchObject({ reason: 'wrong_current_password', field: 'currentPassword' });
    expect(await signsIn(email, PASSWORD)).toBe(true);
    expect(page.engine.getSnapshot().session!.access_token).toBe(before.access_token);

    await page.engine.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);

    // Still the same server session, which keeps working; no new sign-in was announced.
    const after = page.engine.getSnapshot();
    expect(after.isAuthenticated).toBe(true);
    expect(decodeJwtPayload(after.token!)?.session_id).toBe(
      decodeJwtPayload(before.access_token)?.session_id,
    );
    expect(page.events).toEqual(['SIGNED_IN']);
    const { data, error } = await page.api.supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);

    // The session the check opened is over: its refresh token no longer works.
    const opened = (await signIn.mock.results.at(-1)?.value) as {
      data: { session: { refresh_token: string } };
    };
    const { error: ended } = await rawClient().auth.refreshSession({
      refresh_token: opened.data.session.refresh_token,
    });
    expect(ended).toMatchObject({ status: 400 });
    page.engine.stop();
  });

  it('with two-step verification: an aal2 session stays aal2; an aal1 session needs a code', async () => {
    const email = uniqueEmail('password-mfa');
    const setup = pageEngine();
    await setup.engine.start();
    await setup.engine.register({ email, password: PASSWORD, name: 'Mia' });
    const { factorId, secret } = await setup.engine.mfa.enrollTotp();
    await setup.engine.mfa.challengeAndVerify({ factorId, code: generateSync({ secret }) });

    await setup.engine.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(await setup.engine.mfa.assuranceLevel()).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    setup.engine.stop();

    // Signed in with the password only (the code step not taken): aal1.
    const page = pageEngine();
    await page.engine.start();
    await page.engine.login(email, NEW_PASSWORD);
    const input = { currentPassword: NEW_PASSWORD, newPassword: PASSWORD };
    const refused = await page.engine.changePassword(input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordChangeError);
    expect(refused).toMatchObject({ reason: 'code_required', field: 'code' });
    // Each code works once: the next step's code.
    const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.engine.changePassword({ ...input, code });
    expect(await page.engine.mfa.assuranceLevel()).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(await signsIn(email, PASSWORD)).toBe(true);
    page.engine.stop();
  });
});
