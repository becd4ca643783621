// A password-only (aal1) session of an account with a verified factor is held for the code step
// but is not signed in (product spec §4 "MFA": the current level is read from the token, the next
// is aal2 if any verified factor exists).
// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_CHANGE_NOT_SIGNED_IN,
  REMEMBER_ME_DURATION_MS,
  STORAGE_KEYS,
  createDeferredAuthEngine,
  type AuthEngine,
  type StorageLike,
} from '../../src/index.ts';
import { obfuscate } from '../../src/obfuscation.ts';
import { AuthProvider, RequireRole } from '../../src/react/index.ts';
import { createFakeApi, type FakeApi } from '../support/fake-api.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Ada with a verified authenticator, signed out again: her next sign-in needs a code. */
async function adaWithFactor(fake: FakeApi = createFakeApi()) {
  addAda(fake);
  const setup = setupEngine({ fake });
  await setup.engine.start();
  await setup.engine.login(ADA.email, ADA.password);
  const { factorId } = await setup.engine.mfa.enrollTotp({ friendlyName: 'Phone' });
  await setup.engine.mfa.challengeAndVerify({ factorId, code: '123456' });
  expect(setup.engine.getSnapshot()).toMatchObject({ isAuthenticated: true, mfaRequired: false });
  await setup.engine.logout();
  setup.engine.stop();
  return { fake, factorId };
}

/** A new page's engine over the same auth client (supabase-js keeps its session) and storage. */
function nextPage(fake: FakeApi, storage?: StorageLike) {
  return setupEngine({ fake, storage });
}

const PENDING = {
  isAuthenticated: false,
  user: null,
  mfaRequired: true,
  assuranceLevel: 'aal1',
  nextAssuranceLevel: 'aal2',
} as const;

describe('a password-only session of an account with a verified factor', () => {
  it('is held for the code step but not signed in; the code signs in', async () => {
    const { fake, factorId } = await adaWithFactor();
    const { engine, events, storage } = nextPage(fake);
    await engine.start();

    const user = await engine.login(ADA.email, ADA.password, { rememberMe: true });
    // The promise still tells who is signing in.
    expect(user).toMatchObject({ email: ADA.email, role: 'merchant' });
    const pending = engine.getSnapshot();
    expect(pending).toMatchObject(PENDING);
    expect(pending.session?.access_token).toBe(fake.session!.access_token);
    expect(pending.token).toBe(fake.session!.access_token);
    expect(pending.rememberMe).toBe(true);
    expect(pending.sessionTimeout).toBe(Date.now() + REMEMBER_ME_DURATION_MS);
    // Nothing is persisted or announced as a sign-in, and the profile is not re-read later.
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    expect(events).toEqual([]);
    await engine.refreshProfile();
    expect(engine.getSnapshot().user).toBeNull();
    // Extending a session that is not signed in does nothing.
    engine.extendSession();
    expect(engine.getSnapshot().sessionTimeout).toBe(pending.sessionTimeout);

    await vi.advanceTimersByTimeAsync(60_000);
    await engine.mfa.challengeAndVerify({ factorId, code: '123456' });
    expect(engine.getSnapshot()).toMatchObject({
      isAuthenticated: true,
      user: { email: ADA.email, name: 'Ada Lovelace' },
      mfaRequired: false,
      assuranceLevel: 'aal2',
      nextAssuranceLevel: 'aal2',
      // The sign-in continues: remember-me and its expiry stay as the password step set them.
      rememberMe: true,
      sessionTimeout: pending.sessionTimeout,
    });
    expect(events).toEqual(['MFA_CHALLENGE_VERIFIED']);
    expect(storage.getItem(STORAGE_KEYS.authState)).not.toBeNull();
    engine.stop();
  });

  it('an account without a verified factor signs in with the password alone', async () => {
    const { engine, fake, events } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    expect(engine.getSnapshot()).toMatchObject({
      isAuthenticated: true,
      mfaRequired: false,
      assuranceLevel: 'aal1',
      nextAssuranceLevel: 'aal1',
    });
    // An unverified (unfinished) enrolment does not ask for a code either.
    await engine.mfa.enrollTotp();
    await fake.auth.refreshSession({ refresh_token: fake.session!.refresh_token });
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: true, mfaRequired: false });
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    engine.stop();
    await engine.logout();
    expect(engine.getSnapshot()).toMatchObject({
      mfaRequired: false,
      assuranceLevel: null,
      nextAssuranceLevel: null,
    });
  });

  it('resumes after a reload from the session supabase-js kept, still not signed in', async () => {
    const { fake, factorId } = await adaWithFactor();
    const first = nextPage(fake);
    await first.engine.start();
    await first.engine.login(ADA.email, ADA.password);
    first.engine.stop();

    const reloaded = nextPage(fake, first.storage);
    await reloaded.engine.start();
    expect(reloaded.engine.getSnapshot()).toMatchObject({ ...PENDING, isInitialized: true });
    await reloaded.engine.mfa.challengeAndVerify({ factorId, code: '123456' });
    expect(reloaded.engine.getSnapshot()).toMatchObject({
      isAuthenticated: true,
      mfaRequired: false,
    });
    reloaded.engine.stop();
  });

  it('a stored signed-in state of such a session is never shown signed in', async () => {
    const { fake } = await adaWithFactor();
    const first = nextPage(fake);
    await first.engine.start();
    const user = await first.engine.login(ADA.email, ADA.password);
    const aal1 = first.engine.getSnapshot().session!;
    first.engine.stop();
    // As an older version of the app stored it: signed in, with the aal1 session.
    const storage = first.storage;
    storage.setItem(
      STORAGE_KEYS.authState,
      obfuscate(
        JSON.stringify({
          user,
          session: aal1,
          rememberMe: false,
          expiresAt: Date.now() + 60 * 60_000,
          fingerprint: 'TestBrowser/1.0|1280x800',
        }),
        'https://verdant.test',
      ),
    );

    const reloaded = nextPage(fake, storage);
    const seen: boolean[] = [];
    reloaded.engine.subscribe(() => seen.push(reloaded.engine.getSnapshot().isAuthenticated));
    await reloaded.engine.start();
    expect(seen).not.toContain(true);
    expect(reloaded.engine.getSnapshot()).toMatchObject(PENDING);
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    reloaded.engine.stop();
  });

  it('a signed-in session whose token turns out to need the second factor leaves the signed-in state', async () => {
    const { engine, fake, storage } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    // A factor verified elsewhere (another device): the next token response lists it, at aal1.
    fake.factors.push({
      id: 'factor-elsewhere',
      factor_type: 'totp',
      status: 'verified',
      created_at: '',
      updated_at: '',
    });
    await fake.auth.refreshSession({ refresh_token: fake.session!.refresh_token });
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.getSnapshot()).toMatchObject(PENDING);
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
    engine.stop();
  });

  it('keeps its token fresh while it waits, and signing out ends it', async () => {
    const fake = createFakeApi({ expiresIn: 120 });
    await adaWithFactor(fake);
    const { engine, events } = nextPage(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    const token = engine.getSnapshot().token;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.getSnapshot().token).not.toBe(token);
    expect(engine.getSnapshot()).toMatchObject(PENDING);

    await engine.logout();
    expect(engine.getSnapshot()).toMatchObject({
      session: null,
      token: null,
      mfaRequired: false,
      isAuthenticated: false,
    });
    expect(fake.session).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
    engine.stop();
  });

  it('may still change the password with a code, which signs it in', async () => {
    const { fake } = await adaWithFactor();
    const { engine } = nextPage(fake);
    await engine.start();
    await expect(
      engine.changePassword({ currentPassword: ADA.password, newPassword: 'Canopy#Trail2026' }),
    ).rejects.toThrow(PASSWORD_CHANGE_NOT_SIGNED_IN);
    await engine.login(ADA.email, ADA.password);
    await expect(
      engine.changePassword({ currentPassword: ADA.password, newPassword: 'Canopy#Trail2026' }),
    ).rejects.toMatchObject({ reason: 'code_required' });
    await engine.changePassword({
      currentPassword: ADA.password,
      newPassword: 'Canopy#Trail2026',
      code: '123456',
    });
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: true, mfaRequired: false });
    engine.stop();
  });

  it('a deferred engine reports the pending state of the loaded one', async () => {
    const { fake } = await adaWithFactor();
    const { engine } = nextPage(fake);
    const deferred = createDeferredAuthEngine(() => Promise.resolve(engine));
    expect(deferred.getSnapshot()).toMatchObject({ mfaRequired: false, assuranceLevel: null });
    await deferred.start();
    await deferred.login(ADA.email, ADA.password);
    expect(deferred.getSnapshot()).toMatchObject(PENDING);
    deferred.stop();
  });
});

describe('RequireRole', () => {
  function guarded(engine: AuthEngine) {
    return render(
      <AuthProvider engine={engine}>
        <RequireRole
          roles={['merchant']}
          redirectTo="/login?next=%2Fdashboard-vendor"
          renderLoading={() => <p>Loading…</p>}
          renderRedirect={(to) => <p>Redirect to {to}</p>}
          renderDenied={() => <p>Access denied</p>}
        >
          <p>Protected content</p>
        </RequireRole>
      </AuthProvider>,
    );
  }

  it('sends a session waiting for its second factor to the login, and lets it in after the code', async () => {
    const { fake, factorId } = await adaWithFactor();
    const { engine } = nextPage(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    guarded(engine);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Redirect to /login?next=%2Fdashboard-vendor')).toBeTruthy();
    expect(screen.queryByText('Protected content')).toBeNull();

    await act(() => engine.mfa.challengeAndVerify({ factorId, code: '123456' }));
    expect(screen.getByText('Protected content')).toBeTruthy();
    engine.stop();
  });
});
