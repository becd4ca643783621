import { beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/index.ts';
import { PASSWORD, must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  [alice, bob] = await Promise.all([w.actor('affiliate', 'Alice'), w.actor('affiliate', 'Bob')]);
});

describe('account self-service', () => {
  it('rejects a malformed address or redirect before sending anything', async () => {
    await expect(
      w.anon.account.requestPasswordReset('not-an-email', 'http://localhost:3000/auth/callback'),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(
      w.anon.account.requestPasswordReset(alice.email, 'javascript:alert(1)'),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('accepts a recovery request for an address', async () => {
    await expect(
      w.anon.account.requestPasswordReset(alice.email, 'http://localhost:3000/auth/callback'),
    ).resolves.toBeUndefined();
  });

  it('refuses a weak new password with the spec messages and keeps the old one', async () => {
    const error = await bob.api.account.updatePassword('short').catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('validation_failed');
    expect((error as Error).message).toContain('Password must be at least 8 characters long');
    const again = await w.signIn(bob.email);
    expect(again).toBeTruthy();
  });

  it('changes the password of the signed-in user', async () => {
    const carol = await w.actor('affiliate', 'Carol');
    await carol.api.account.updatePassword('New#Canopy2027');
    const api = w.anon;
    const { error } = await api.supabase.auth.signInWithPassword({
      email: carol.email,
      password: PASSWORD,
    });
    expect(error).not.toBeNull();
  });

  it('uploads an avatar into the own folder only, with type and size checked', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
      type: 'image/png',
    });
    const url = await alice.api.account.uploadAvatar(alice.id, png);
    expect(url).toMatch(new RegExp(`/storage/v1/object/public/avatars/${alice.id}/avatar-`));
    expect((await fetch(url)).status).toBe(200);

    await expect(alice.api.account.uploadAvatar(bob.id, png)).rejects.toBeTruthy();
    await expect(
      alice.api.account.uploadAvatar(alice.id, new Blob(['x'], { type: 'text/html' })),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    // A text file renamed to .png (the browser types a file by its name) is not a picture.
    await expect(
      alice.api.account.uploadAvatar(
        alice.id,
        new Blob(['hello, this is text'], { type: 'image/png' }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed', message: /is not an image/ });
    await expect(
      alice.api.account.uploadAvatar(
        alice.id,
        new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }),
      ),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('offers no other sign-in method to link where the auth server enables none', async () => {
    await expect(alice.api.account.linkableProviders()).resolves.toEqual([]);
  });

  it('shows another user only the public fields, by username', async () => {
    const handle = `alice-${unique()}`;
    await alice.api.profiles.update(alice.id, { username: handle, bio: 'Zero-waste kitchen' });
    const seen = await bob.api.account.publicProfile(handle);
    expect(seen).toEqual({
      id: alice.id,
      name: 'Alice',
      username: handle,
      profile_image: null,
      bio: 'Zero-waste kitchen',
    });
    expect(Object.keys(seen ?? {})).not.toContain('subscription_tier');
    await expect(w.anon.account.publicProfile('nobody-here')).resolves.toBeNull();
    await expect(w.anon.account.publicProfile('Bad Name!')).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await must(w.service.from('profiles').select('id').eq('id', alice.id));
  });
});
