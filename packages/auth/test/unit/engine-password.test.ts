import { AuthApiError, type Session } from '@supabase/supabase-js';
import { PASSWORD_MESSAGES } from '@verdant/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_CHANGE_NEEDS_NEW_SIGN_IN,
  PASSWORD_CHANGE_NOT_SIGNED_IN,
  PasswordChangeError,
  createDeferredAuthEngine,
  isPasswordChangeError,
} from '../../src/index.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

const NEW_PASSWORD = 'Canopy#Trail2026';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

async function signedIn(options: { rememberMe?: boolean } = {}) {
  const setup = setupEngine();
  addAda(setup.fake);
  await setup.engine.start();
  await setup.engine.login(ADA.email, ADA.password, options);
  setup.events.length = 0;
  return setup;
}

/** The session a sign-in call number `index` (0-based) opened. */
async function openedBy(fake: ReturnType<typeof setupEngine>['fake'], index: number) {
  const result = (await fake.auth.signInWithPassword.mock.results[index]?.value) as {
    data: { session: Session | null };
  };
  return result.data.session;
}

/** What `promise` rejected with. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

describe('changePassword', () => {
  it('confirms the current password, changes it, and keeps the user in their session', async () => {
    const { engine, fake, events } = await signedIn({ rememberMe: true });
    const before = engine.getSnapshot();

    await engine.changePassword({ currentPassword: ADA.password, newPassword: NEW_PASSWORD });

    expect(fake.passwordOf(ADA.email)).toBe(NEW_PASSWORD);
    expect(fake.auth.signInWithPassword).toHaveBeenLastCalledWith({
      email: ADA.email,
      password: ADA.password,
    });
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: NEW_PASSWORD });
    // Back to the user's own session (by its refresh token), not the check's.
    expect(fake.auth.setSession).toHaveBeenCalledWith({
      access_token: before.session!.access_token,
      refresh_token: before.session!.refresh_token,
    });
    // The session the check opened is ended on the server.
    const check = await openedBy(fake, 1);
    expect(fake.auth.admin.signOut).toHaveBeenCalledWith(check!.access_token, 'local');
    expect(engine.getSnapshot().token).not.toBe(check!.access_token);

    const after = engine.getSnapshot();
    expect(after.isAuthenticated).toBe(true);
    expect(after.user).toEqual(before.user);
    expect(after.rememberMe).toBe(true);
    expect(after.sessionTimeout).toBe(before.sessionTimeout);
    expect(after.token).toBe(fake.session!.access_token);
    // The check is no sign-in (and no sign-out) for the app.
    expect(events).not.toContain('SIGNED_IN');
    expect(events).not.toContain('SIGNED_OUT');

    // The new password signs in; the old one no longer does.
    await engine.logout();
    await expect(engine.login(ADA.email, ADA.password)).rejects.toThrow(
      'Invalid login credentials',
    );
    await expect(engine.login(ADA.email, NEW_PASSWORD)).resolves.toMatchObject({ id: 'user-1' });
    engine.stop();
  });

  it('a wrong current password is told at its field and changes nothing', async () => {
    const { engine, fake, events } = await signedIn();
    const before = engine.getSnapshot();

    const error = await refusal(
      engine.changePassword({ currentPassword: 'Wrong#Guess2026', newPassword: NEW_PASSWORD }),
    );

    expect(isPasswordChangeError(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'wrong_current_password',
      field: 'currentPassword',
      message: 'That is not your current password',
    });
    expect(fake.passwordOf(ADA.email)).toBe(ADA.password);
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    expect(fake.auth.setSession).not.toHaveBeenCalled();
    expect(engine.getSnapshot().token).toBe(before.token);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(events).toEqual([]);
    engine.stop();
  });

  it('checks the input before any request', async () => {
    const { engine, fake } = await signedIn();
    const attempts = [
      [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'current_password_required'],
      [{ currentPassword: ADA.password, newPassword: 'Password1!' }, 'weak_password'],
      [{ currentPassword: ADA.password, newPassword: ADA.password }, 'same_password'],
    ] as const;
    for (const [input, reason] of attempts) {
      const error = await refusal(engine.changePassword(input));
      expect(error).toBeInstanceOf(PasswordChangeError);
      expect((error as PasswordChangeError).reason).toBe(reason);
    }
    const weak = await refusal(
      engine.changePassword({ currentPassword: ADA.password, newPassword: 'short' }),
    );
    expect(weak).toMatchObject({ field: 'newPassword' });
    expect((weak as Error).message).toContain(PASSWORD_MESSAGES.tooShort);
    // Over the auth server's 72 bytes: 40 characters, but 80 bytes with the accents.
    const long = await refusal(
      engine.changePassword({
        currentPassword: ADA.password,
        newPassword: `Ab1!${'é'.repeat(38)}`,
      }),
    );
    expect(long).toMatchObject({ reason: 'weak_password', field: 'newPassword' });
    expect((long as Error).message).toBe(PASSWORD_MESSAGES.tooLong);
    expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(1); // the login only
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    engine.stop();
  });

  it('needs a signed-in session: signed out or in demo mode it refuses', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    await engine.start();
    const input = { currentPassword: ADA.password, newPassword: NEW_PASSWORD };
    await expect(engine.changePassword(input)).rejects.toThrow(PASSWORD_CHANGE_NOT_SIGNED_IN);
    await engine.enterDemo();
    await expect(engine.changePassword(input)).rejects.toThrow(PASSWORD_CHANGE_NOT_SIGNED_IN);
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    engine.stop();
  });

  it('keeps a session that passed two-step verification at aal2, with no code asked', async () => {
    const { engine, fake } = await signedIn();
    fake.control.passwordChangeNeedsAal2 = true;
    const { factorId } = await engine.mfa.enrollTotp();
    await engine.mfa.challengeAndVerify({ factorId, code: '123456' });
    fake.auth.mfa.verify.mockClear();

    await engine.changePassword({ currentPassword: ADA.password, newPassword: NEW_PASSWORD });

    expect(fake.passwordOf(ADA.email)).toBe(NEW_PASSWORD);
    expect(fake.auth.mfa.verify).not.toHaveBeenCalled();
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    engine.stop();
  });

  it('asks a session that has not passed two-step verification for a code first', async () => {
    const { engine, fake } = await signedIn();
    fake.control.passwordChangeNeedsAal2 = true;
    const { factorId } = await engine.mfa.enrollTotp();
    await engine.mfa.challengeAndVerify({ factorId, code: '123456' });
    // Signed in again with the password only: aal1, with a verified factor.
    await engine.logout();
    await engine.login(ADA.email, ADA.password);
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const signIns = fake.auth.signInWithPassword.mock.calls.length;
    const input = { currentPassword: ADA.password, newPassword: NEW_PASSWORD };

    // No code: said at the code field before any request.
    await expect(engine.changePassword(input)).rejects.toMatchObject({
      reason: 'code_required',
      field: 'code',
    });
    expect(fake.auth.signInWithPassword).toHaveBeenCalledTimes(signIns);

    // A wrong code: said at the code field; the password stays.
    await expect(engine.changePassword({ ...input, code: '000000' })).rejects.toMatchObject({
      reason: 'wrong_code',
      field: 'code',
    });
    expect(fake.passwordOf(ADA.email)).toBe(ADA.password);
    expect(fake.auth.updateUser).not.toHaveBeenCalled();

    // The code accepted moments ago, refused again by the server (it takes each code once):
    // said at the code field as a used code, not a wrong one.
    fake.auth.mfa.verify.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
    });
    await expect(engine.changePassword({ ...input, code: '123456' })).rejects.toMatchObject({
      reason: 'wrong_code',
      field: 'code',
      message:
        'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
    });
    expect(fake.passwordOf(ADA.email)).toBe(ADA.password);

    // The right code raises the session to aal2, and the change goes through.
    await engine.changePassword({ ...input, code: ' 123456 ' });
    expect(fake.passwordOf(ADA.email)).toBe(NEW_PASSWORD);
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    engine.stop();
  });

  it('tells the auth server’s refusals at their field, or in words to act on', async () => {
    const { engine, fake } = await signedIn();
    const input = { currentPassword: ADA.password, newPassword: NEW_PASSWORD };
    const refusals = [
      [
        new AuthApiError(
          'Password should contain at least one character of each',
          422,
          'weak_password',
        ),
        {
          reason: 'weak_password',
          field: 'newPassword',
          message: 'Password should contain at least one character of each',
        },
      ],
      [
        new AuthApiError('New password should be different', 422, 'same_password'),
        { reason: 'same_password', field: 'newPassword' },
      ],
      [
        new AuthApiError('AAL2 session is required', 401, 'insufficient_aal'),
        { reason: 'code_required', field: 'code' },
      ],
      // supabase/auth's limit (72 UTF-8 bytes), told in people's words at the new password.
      [
        new AuthApiError('Password cannot be longer than 72 characters', 400, 'validation_failed'),
        {
          reason: 'password_too_long',
          field: 'newPassword',
          message: PASSWORD_MESSAGES.tooLong,
        },
      ],
    ] as const;
    for (const [answer, told] of refusals) {
      fake.control.updateUserError = answer;
      await expect(engine.changePassword(input)).rejects.toMatchObject(told);
    }
    fake.control.updateUserError = new AuthApiError(
      'Password update requires reauthentication',
      400,
      'reauthentication_needed',
    );
    await expect(engine.changePassword(input)).rejects.toThrow(PASSWORD_CHANGE_NEEDS_NEW_SIGN_IN);
    const other = new AuthApiError('Too many requests', 429, 'over_request_rate_limit');
    fake.control.updateUserError = other;
    await expect(engine.changePassword(input)).rejects.toBe(other);
    expect(fake.passwordOf(ADA.email)).toBe(ADA.password);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    engine.stop();
  });

  it('when the own session cannot be restored, the check’s session becomes the user’s', async () => {
    const { engine, fake, events } = await signedIn();
    const gone = new AuthApiError('Invalid Refresh Token', 400, 'refresh_token_not_found');
    fake.auth.setSession.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: gone,
    });

    await expect(
      engine.changePassword({ currentPassword: ADA.password, newPassword: NEW_PASSWORD }),
    ).rejects.toBe(gone);

    const check = await openedBy(fake, 1);
    expect(engine.getSnapshot().token).toBe(check!.access_token);
    expect(engine.getSnapshot().isAuthenticated).toBe(true);
    expect(fake.auth.admin.signOut).not.toHaveBeenCalled();
    expect(fake.passwordOf(ADA.email)).toBe(ADA.password);
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('a deferred engine passes the change to the loaded one', async () => {
    const { engine } = await signedIn();
    const change = vi.spyOn(engine, 'changePassword').mockResolvedValue();
    const deferred = createDeferredAuthEngine(() => Promise.resolve(engine));
    const input = { currentPassword: ADA.password, newPassword: NEW_PASSWORD, code: '123456' };
    await deferred.changePassword(input);
    expect(change).toHaveBeenCalledWith(input);
    engine.stop();
  });
});
