import { AuthApiError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../src/index.ts';
import { assuranceLevels } from '../../src/mfa.ts';
import { deobfuscate } from '../../src/obfuscation.ts';
import { fakeJwt } from '../support/fake-api.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

async function signedIn() {
  const setup = setupEngine();
  addAda(setup.fake);
  await setup.engine.start();
  await setup.engine.login(ADA.email, ADA.password);
  return setup;
}

describe('assurance levels', () => {
  it('reads the current level from the token; next is aal2 with any verified factor', () => {
    expect(assuranceLevels(fakeJwt({ aal: 'aal1' }), [])).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    expect(assuranceLevels(fakeJwt({ aal: 'aal1' }), [{ status: 'unverified' }])).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    expect(
      assuranceLevels(fakeJwt({ aal: 'aal1' }), [{ status: 'unverified' }, { status: 'verified' }]),
    ).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(assuranceLevels(fakeJwt({ aal: 'aal2' }), [{ status: 'verified' }])).toEqual({
      currentLevel: 'aal2',
      nextLevel: 'aal2',
    });
    expect(assuranceLevels('not-a-jwt', [])).toEqual({ currentLevel: null, nextLevel: null });
    expect(assuranceLevels(null, [])).toEqual({ currentLevel: null, nextLevel: null });
  });
});

describe('MFA', () => {
  it('enrolls TOTP with a QR code, then challenge + verify saves the session and emits MFA_CHALLENGE_VERIFIED', async () => {
    const { engine, fake, events, storage } = await signedIn();
    const enrollment = await engine.mfa.enrollTotp({ friendlyName: 'Phone', issuer: 'Verdant' });
    expect(fake.auth.mfa.enroll).toHaveBeenCalledWith({
      factorType: 'totp',
      friendlyName: 'Phone',
      issuer: 'Verdant',
    });
    expect(enrollment.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const { challengeId } = await engine.mfa.challenge(enrollment.factorId);
    await engine.mfa.verify({ factorId: enrollment.factorId, challengeId, code: '123456' });
    expect(events).toEqual(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
    const { session, token } = engine.getSnapshot();
    expect(token).toBe(fake.session!.access_token);
    expect(session!.expires_at).toBe(Math.round(Date.now() / 1000) + 3600);
    const saved = JSON.parse(
      deobfuscate(storage.getItem(STORAGE_KEYS.authState)!, 'https://verdant.test')!,
    );
    expect(saved.session.access_token).toBe(fake.session!.access_token);
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
    engine.stop();
  });

  it('a wrong code is rethrown and changes nothing', async () => {
    const { engine, events } = await signedIn();
    const { factorId } = await engine.mfa.enrollTotp();
    const tokenBefore = engine.getSnapshot().token;
    await expect(
      engine.mfa.challengeAndVerify({ factorId, code: '000000' }),
    ).rejects.toBeInstanceOf(AuthApiError);
    expect(engine.getSnapshot().token).toBe(tokenBefore);
    expect(events).toEqual(['SIGNED_IN']);
    engine.stop();
  });

  it('a code refused moments after the same code was accepted is told as used, not as wrong', async () => {
    const { engine, fake, events } = await signedIn();
    const { factorId } = await engine.mfa.enrollTotp();
    // Accepted while setting up the app.
    await engine.mfa.challengeAndVerify({ factorId, code: '123456' });
    // The auth server takes each code once, and refuses it again as it refuses a wrong one.
    const refuse = () =>
      fake.auth.mfa.verify.mockResolvedValueOnce({
        data: null,
        error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
      });

    // Typed again at the login's code step (with a stray space, as apps show it in groups).
    refuse();
    const reused = engine.mfa.challengeAndVerify({ factorId, code: '123 456' });
    await expect(reused).rejects.toMatchObject({
      code: 'mfa_code_reused',
      message:
        'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
    });
    await expect(reused).rejects.not.toBeInstanceOf(AuthApiError);

    // Another code refused is a wrong code, as the server says.
    refuse();
    await expect(
      engine.mfa.challengeAndVerify({ factorId, code: '654321' }),
    ).rejects.toBeInstanceOf(AuthApiError);

    // A minute and a half later the used code has left the app's screen: refused, it is wrong.
    vi.setSystemTime(Date.now() + 90_000);
    refuse();
    await expect(engine.mfa.challengeAndVerify({ factorId, code: '123456' })).rejects.toMatchObject(
      { code: 'mfa_verification_failed' },
    );
    expect(events).toEqual(['SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
    engine.stop();
  });

  it('a code used for one factor is not taken for a reused code of another', async () => {
    const { engine, fake } = await signedIn();
    const first = await engine.mfa.enrollTotp({ friendlyName: 'One' });
    await engine.mfa.challengeAndVerify({ factorId: first.factorId, code: '123456' });
    const second = await engine.mfa.enrollTotp({ friendlyName: 'Two' });
    fake.auth.mfa.verify.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
    });
    await expect(
      engine.mfa.challengeAndVerify({ factorId: second.factorId, code: '123456' }),
    ).rejects.toMatchObject({ code: 'mfa_verification_failed' });
    engine.stop();
  });

  it('lists and removes factors', async () => {
    const { engine } = await signedIn();
    const { factorId } = await engine.mfa.enrollTotp({ friendlyName: 'Phone' });
    expect((await engine.mfa.listFactors()).map((f) => f.id)).toEqual([factorId]);
    await engine.mfa.unenroll(factorId);
    expect(await engine.mfa.listFactors()).toEqual([]);
    engine.stop();
  });

  it('reports no assurance level without a session', async () => {
    const { engine } = setupEngine();
    await engine.start();
    expect(await engine.mfa.assuranceLevel()).toEqual({ currentLevel: null, nextLevel: null });
    engine.stop();
  });
});

describe('identities', () => {
  it('lists, links and unlinks through supabase-js', async () => {
    const { engine, fake } = await signedIn();
    const [identity] = await engine.identities.list();
    expect(identity).toMatchObject({ identity_id: 'identity-1' });
    expect(
      await engine.identities.link({
        provider: 'github',
        redirectTo: 'https://verdant.test/profile',
      }),
    ).toEqual({
      url: 'https://auth.test/authorize?provider=github',
    });
    expect(fake.auth.linkIdentity).toHaveBeenCalledWith({
      provider: 'github',
      options: { redirectTo: 'https://verdant.test/profile' },
    });
    await engine.identities.unlink(identity!);
    expect(fake.auth.unlinkIdentity).toHaveBeenCalledWith(identity);
    fake.auth.unlinkIdentity.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError(
        'User must have at least 1 identity',
        422,
        'single_identity_not_deletable',
      ),
    } as never);
    await expect(engine.identities.unlink(identity!)).rejects.toThrow(
      'User must have at least 1 identity',
    );
    engine.stop();
  });
});
