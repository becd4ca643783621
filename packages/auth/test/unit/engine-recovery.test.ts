import {
  AuthApiError,
  type AuthChangeEvent,
  type Session,
  type User as AuthUser,
} from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_FAILED_MESSAGE, createDeferredAuthEngine } from '../../src/index.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';
import { fakeJwt, type FakeApi } from '../support/fake-api.ts';

const CODE = '482913';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A session as `POST /verify` answers a recovery code: `amr` says how it was opened. */
function recoverySession(user: AuthUser): Session {
  const now = Math.round(Date.now() / 1000);
  return {
    access_token: fakeJwt({
      sub: user.id,
      aal: 'aal1',
      amr: [{ method: 'recovery', timestamp: now }],
      exp: now + 3600,
    }),
    refresh_token: 'refresh-recovery',
    expires_in: 3600,
    expires_at: now + 3600,
    token_type: 'bearer',
    user,
  };
}

/**
 * Gives the fake supabase-js client `verifyOtp` as supabase-js and the auth server answer it: the
 * mailed code of `email` opens a session, announced as `announce` (supabase-js says
 * PASSWORD_RECOVERY for a recovery code, which the engine does not treat as a sign-in), and
 * anything else is refused with `otp_expired`.
 */
function withVerifyOtp(
  fake: FakeApi,
  user: AuthUser,
  {
    email = ADA.email,
    announce = 'PASSWORD_RECOVERY',
  }: { email?: string; announce?: AuthChangeEvent } = {},
) {
  const verifyOtp = vi.fn(async (params: { email: string; token: string; type: string }) => {
    if (params.type !== 'recovery' || params.email !== email || params.token !== CODE) {
      return {
        data: { user: null, session: null },
        error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
      };
    }
    const session = recoverySession(user);
    if (announce) {
      for (const [listener] of fake.auth.onAuthStateChange.mock.calls) {
        await (listener as (event: AuthChangeEvent, session: Session) => Promise<void>)(
          'SIGNED_IN',
          session,
        );
      }
    }
    return { data: { user, session }, error: null };
  });
  (fake.auth as unknown as { verifyOtp: typeof verifyOtp }).verifyOtp = verifyOtp;
  return verifyOtp;
}

describe('verifyRecoveryCode', () => {
  it('signs in with the mailed code, as following the link would', async () => {
    const { engine, fake, events } = setupEngine();
    const user = addAda(fake);
    const verifyOtp = withVerifyOtp(fake, user);
    await engine.start();

    const signedIn = await engine.verifyRecoveryCode({
      email: ` ${ADA.email} `,
      code: ` ${CODE} `,
    });

    expect(verifyOtp).toHaveBeenCalledWith({ email: ADA.email, token: CODE, type: 'recovery' });
    expect(signedIn).toMatchObject({ id: user.id, name: 'Ada Lovelace', role: 'merchant' });
    const state = engine.getSnapshot();
    expect(state).toMatchObject({ isAuthenticated: true, user: signedIn });
    expect(state.token).toBe(state.session?.access_token);
    expect(state.session?.refresh_token).toBe('refresh-recovery');
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('applies an announced SIGNED_IN once', async () => {
    const { engine, fake, events } = setupEngine();
    const user = addAda(fake);
    withVerifyOtp(fake, user, { announce: 'SIGNED_IN' });
    await engine.start();

    await engine.verifyRecoveryCode({ email: ADA.email, code: CODE });

    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: true });
    expect(engine.getSnapshot().user?.id).toBe(user.id);
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('rethrows a wrong or expired code as the auth server said it, and changes nothing', async () => {
    const { engine, fake, events } = setupEngine();
    const user = addAda(fake);
    withVerifyOtp(fake, user);
    await engine.start();

    const error = await engine
      .verifyRecoveryCode({ email: ADA.email, code: '000000' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    expect(engine.getSnapshot()).toMatchObject({ isAuthenticated: false, session: null });
    expect(events).toEqual([]);
    engine.stop();
  });

  it('keeps a signed-in user in their own session when the code is wrong', async () => {
    const { engine, fake, events } = setupEngine();
    const user = addAda(fake);
    withVerifyOtp(fake, user);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    const before = engine.getSnapshot().session;
    events.length = 0;

    await expect(engine.verifyRecoveryCode({ email: ADA.email, code: '111111' })).rejects.toThrow(
      'Token has expired or is invalid',
    );

    expect(engine.getSnapshot().session).toBe(before);
    expect(events).toEqual([]);
    engine.stop();
  });

  it('fails when the auth server answers without a session', async () => {
    const { engine, fake } = setupEngine();
    const user = addAda(fake);
    withVerifyOtp(fake, user).mockResolvedValueOnce({
      data: { user, session: null },
      error: null,
    } as never);
    await engine.start();

    await expect(engine.verifyRecoveryCode({ email: ADA.email, code: CODE })).rejects.toThrow(
      AUTH_FAILED_MESSAGE,
    );
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    engine.stop();
  });

  it('is forwarded by the deferred engine', async () => {
    const { engine, fake } = setupEngine();
    const user = addAda(fake);
    withVerifyOtp(fake, user);
    await engine.start();
    const deferred = createDeferredAuthEngine(() => Promise.resolve(engine));

    const signedIn = await deferred.verifyRecoveryCode({ email: ADA.email, code: CODE });

    expect(signedIn.id).toBe(user.id);
    expect(deferred.getSnapshot().isAuthenticated).toBe(true);
    engine.stop();
  });
});
