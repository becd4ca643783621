import { AuthApiError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '@verdant/validation';
import {
  AUTH_FAILED_MESSAGE,
  AuthValidationError,
  SESSION_DURATION_MS,
  REMEMBER_ME_DURATION_MS,
} from '../../src/index.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start-up', () => {
  it('starts logged out and initialised when nothing is stored', async () => {
    const { engine } = setupEngine();
    expect(engine.getSnapshot().isInitialized).toBe(false);
    await engine.start();
    expect(engine.getSnapshot()).toMatchObject({
      isInitialized: true,
      isAuthenticated: false,
      user: null,
      session: null,
      token: null,
      isDemoMode: false,
      rememberMe: false,
      sessionTimeout: null,
    });
    engine.stop();
  });
});

describe('login', () => {
  it('signs in, builds the user from the profile and emits SIGNED_IN', async () => {
    const { engine, fake, events } = setupEngine();
    addAda(fake);
    await engine.start();
    const user = await engine.login(ADA.email, ADA.password);
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      role: 'merchant',
      hasCompletedOnboarding: true,
    });
    const state = engine.getSnapshot();
    expect(state).toMatchObject({
      isAuthenticated: true,
      rememberMe: false,
      token: fake.session!.access_token,
    });
    expect(state.session?.refresh_token).toBe(fake.session!.refresh_token);
    expect(state.sessionTimeout).toBe(Date.now() + SESSION_DURATION_MS);
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('keeps the persisted session for 30 days with remember-me', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password, { rememberMe: true });
    expect(engine.getSnapshot()).toMatchObject({
      rememberMe: true,
      sessionTimeout: Date.now() + REMEMBER_ME_DURATION_MS,
    });
    engine.stop();
  });

  it('rethrows the provider error unchanged and stays logged out', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    await engine.start();
    const error = await engine.login(ADA.email, 'wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthApiError);
    expect((error as AuthApiError).message).toBe('Invalid login credentials');
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it("fails with 'Authentication failed - no user or session returned' without a session", async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    fake.control.signInWithoutSession = true;
    await engine.start();
    await expect(engine.login(ADA.email, ADA.password)).rejects.toThrow(AUTH_FAILED_MESSAGE);
    expect(AUTH_FAILED_MESSAGE).toBe('Authentication failed - no user or session returned');
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('applies the sign-in itself when supabase-js did not announce it', async () => {
    const { engine, fake, events } = setupEngine();
    addAda(fake);
    fake.control.deliverEvents = false;
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });
});

describe('profile', () => {
  it('without a profile row takes the role from sign-up metadata and the name from it or the email', async () => {
    const { engine, fake } = setupEngine();
    fake.addAccount('bo@example.com', ADA.password, { role: 'merchant' });
    fake.addAccount('cy@example.com', ADA.password, {});
    await engine.start();
    expect(await engine.login('bo@example.com', ADA.password)).toMatchObject({
      name: 'bo@example.com',
      role: 'merchant',
      hasCompletedOnboarding: false,
    });
    await engine.logout();
    expect(await engine.login('cy@example.com', ADA.password)).toMatchObject({ role: 'affiliate' });
    engine.stop();
  });

  it('when fetching fails builds the user from auth metadata with onboarding false and logs', async () => {
    const { engine, fake, logger } = setupEngine();
    addAda(fake);
    fake.profiles.fetchProfile.mockRejectedValue(
      new Error('profile fetch failed after 3 attempts'),
    );
    await engine.start();
    expect(await engine.login(ADA.email, ADA.password)).toMatchObject({
      name: 'Ada',
      role: 'affiliate',
      hasCompletedOnboarding: false,
    });
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('profile'),
      expect.any(Error),
    );
    engine.stop();
  });

  it('is re-fetched on TOKEN_REFRESHED', async () => {
    const { engine, fake, events } = setupEngine();
    const user = addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    fake.profileRows.set(user.id, { id: user.id, name: 'Ada L.', role: 'admin' });
    await fake.auth.refreshSession({ refresh_token: fake.session!.refresh_token });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.profiles.fetchProfile).toHaveBeenCalledTimes(2);
    expect(engine.getSnapshot().user).toMatchObject({ name: 'Ada L.', role: 'admin' });
    expect(engine.getSnapshot().token).toBe(fake.session!.access_token);
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    engine.stop();
  });

  it('re-checks the subscription 100 ms after login and after a refresh', async () => {
    const { engine, fake } = setupEngine();
    const user = addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    expect(fake.profiles.fetchSubscription).not.toHaveBeenCalled();
    fake.profileRows.set(user.id, {
      ...fake.profileRows.get(user.id)!,
      has_active_subscription: true,
      subscription_tier: 'pro',
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(fake.profiles.fetchSubscription).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.profiles.fetchSubscription).toHaveBeenCalledWith(user.id);
    expect(engine.getSnapshot().user).toMatchObject({
      hasActiveSubscription: true,
      subscriptionTier: 'pro',
    });

    await fake.auth.refreshSession({ refresh_token: fake.session!.refresh_token });
    await vi.advanceTimersByTimeAsync(100);
    expect(fake.profiles.fetchSubscription).toHaveBeenCalledTimes(2);
    engine.stop();
  });

  it('a failing subscription re-check is logged and changes nothing', async () => {
    const { engine, fake, logger } = setupEngine();
    addAda(fake);
    fake.profiles.fetchSubscription.mockRejectedValue(new Error('offline'));
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    const before = engine.getSnapshot().user;
    await vi.advanceTimersByTimeAsync(100);
    expect(engine.getSnapshot().user).toBe(before);
    expect(logger.warn).toHaveBeenCalledWith(
      'Could not re-check the subscription',
      expect.any(Error),
    );
    engine.stop();
  });
});

describe('register', () => {
  it('validates email and password before calling the provider', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    const error = await engine
      .register({ email: 'not-an-email', password: 'short', name: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthValidationError);
    expect((error as AuthValidationError).errors).toContain(
      'Password must be at least 8 characters long',
    );
    expect((error as AuthValidationError).errors.length).toBeGreaterThan(1);
    expect(fake.auth.signUp).not.toHaveBeenCalled();
    engine.stop();
  });

  it('passes name and role (default affiliate) as metadata and signs in', async () => {
    const { engine, fake, events } = setupEngine();
    await engine.start();
    const result = await engine.register({
      email: 'new@example.com',
      password: ADA.password,
      name: 'Newt',
    });
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: ADA.password,
      options: { data: { name: 'Newt', role: 'affiliate' } },
    });
    expect(result.confirmationRequired).toBe(false);
    expect(engine.getSnapshot().user).toMatchObject({ name: 'Newt', role: 'affiliate' });
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('registers a merchant and reports when email confirmation is needed', async () => {
    const { engine, fake } = setupEngine();
    fake.control.autoConfirm = false;
    await engine.start();
    const result = await engine.register({
      email: 'shop@example.com',
      password: ADA.password,
      name: 'Shop',
      role: 'merchant',
    });
    expect(fake.auth.signUp.mock.calls[0]![0].options?.data).toEqual({
      name: 'Shop',
      role: 'merchant',
    });
    expect(result).toMatchObject({ session: null, confirmationRequired: true });
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('refuses a password over the auth server’s 72 bytes before calling the provider', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    const error = await engine
      .register({ email: 'new@example.com', password: `Ab1!${'😀'.repeat(18)}`, name: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthValidationError);
    expect((error as AuthValidationError).errors).toEqual([PASSWORD_MESSAGES.tooLong]);
    expect(fake.auth.signUp).not.toHaveBeenCalled();
    engine.stop();
  });

  it('tells the provider’s validation_failed as rejected input, and passes other errors on', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    const input = { email: 'new@example.com', password: ADA.password, name: 'Newt' };
    const refusal = new AuthApiError(
      'Unable to validate email address: invalid format',
      400,
      'validation_failed',
    );
    // What supabase-js resolves with on a refusal (the fake's type knows only successes).
    const refused = (error: AuthApiError) =>
      ({ data: { user: null, session: null }, error }) as unknown as Awaited<
        ReturnType<typeof fake.auth.signUp>
      >;
    fake.auth.signUp.mockResolvedValueOnce(refused(refusal));
    const error = await engine.register(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthValidationError);
    expect((error as AuthValidationError).errors).toEqual([refusal.message]);
    const taken = new AuthApiError('User already registered', 422, 'user_already_exists');
    fake.auth.signUp.mockResolvedValueOnce(refused(taken));
    await expect(engine.register(input)).rejects.toBe(taken);
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('refuses the admin role at sign-up', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    await expect(
      engine.register({
        email: 'x@example.com',
        password: ADA.password,
        name: 'X',
        role: 'admin' as 'merchant',
      }),
    ).rejects.toThrow('Invalid role specified');
    expect(fake.auth.signUp).not.toHaveBeenCalled();
    engine.stop();
  });
});

describe('logout', () => {
  it('signs out, clears state and persisted entries and emits SIGNED_OUT', async () => {
    const { engine, fake, events, storage } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    expect(storage.getItem('verdant.auth')).not.toBeNull();
    await engine.logout();
    expect(fake.auth.signOut).toHaveBeenCalledWith();
    expect(engine.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      user: null,
      session: null,
      token: null,
      sessionTimeout: null,
    });
    expect(storage.getItem('verdant.auth')).toBeNull();
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    engine.stop();
  });

  it('signs out locally when the server sign-out fails, and never throws', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    fake.control.signOutError = new AuthApiError('Internal error', 500, 'unexpected_failure');
    await expect(engine.logout()).resolves.toBeUndefined();
    expect(fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('a sign-out from elsewhere (SIGNED_OUT) logs out', async () => {
    const { engine, fake, events } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    await fake.auth.signOut({ scope: 'local' });
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    engine.stop();
  });

  it('ignores a profile that arrives after logout', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    let release: () => void = () => {};
    fake.profiles.fetchProfile.mockImplementationOnce(
      (id) =>
        new Promise((resolve) => (release = () => resolve({ id, name: 'Late', role: 'admin' }))),
    );
    await engine.start();
    const login = engine.login(ADA.email, ADA.password);
    await vi.advanceTimersByTimeAsync(0);
    await engine.logout();
    release();
    await login.catch(() => {});
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: false, user: null });
    engine.stop();
  });
});
