import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, STORAGE_KEYS } from '../../src/index.ts';
import { obfuscate } from '../../src/obfuscation.ts';
import { userFromAuthMetadata } from '../../src/user.ts';
import {
  createAuthPersistence,
  sessionDuration,
  type PersistedAuth,
} from '../../src/persistence.ts';
import { createSafeStorage } from '../../src/storage.ts';
import { authUser, fakeJwt } from '../support/fake-api.ts';
import { recordingLogger } from '../support/env.ts';

const origin = 'https://verdant.test';
const NOW = 1_800_000_000_000;
const account = authUser('user-1', 'ada@example.com', { name: 'Ada', role: 'merchant' });
const session: Session = {
  access_token: fakeJwt({ sub: 'user-1' }),
  refresh_token: 'refresh-1',
  expires_in: 3600,
  expires_at: NOW / 1000 + 3600,
  token_type: 'bearer',
  user: account,
};
const saved: PersistedAuth = {
  user: userFromAuthMetadata(account),
  session,
  rememberMe: false,
  expiresAt: NOW + sessionDuration(false),
  fingerprint: 'UA|1280x800',
};

function setup() {
  const storage = createMemoryStorage();
  return {
    storage,
    persistence: createAuthPersistence(createSafeStorage(storage, recordingLogger()), origin),
  };
}

describe('persisted auth state', () => {
  it('lasts 24 h, or 30 days with remember-me', () => {
    expect(sessionDuration(false)).toBe(86_400_000);
    expect(sessionDuration(true)).toBe(2_592_000_000);
  });

  it('round-trips, obfuscated in storage', () => {
    const { storage, persistence } = setup();
    persistence.save(saved);
    const raw = storage.getItem(STORAGE_KEYS.authState)!;
    expect(raw).not.toContain('refresh-1');
    expect(raw).not.toContain('ada@example.com');
    expect(persistence.restore('UA|1280x800', NOW)).toEqual({ status: 'restored', value: saved });
  });

  it('reports nothing stored', () => {
    expect(setup().persistence.restore('UA|1280x800', NOW)).toEqual({ status: 'none' });
  });

  it.each([
    ['garbage', () => 'garbage!!'],
    ['plain JSON', () => JSON.stringify(saved)],
    ['tampered bytes', () => obfuscate(JSON.stringify(saved), origin).replace(/^..../, 'AAAA')],
    ['truncated', () => obfuscate(JSON.stringify(saved), origin).slice(0, 40)],
    ['another origin', () => obfuscate(JSON.stringify(saved), 'https://evil.test')],
    ['a wrong shape', () => obfuscate(JSON.stringify({ ...saved, user: { id: 1 } }), origin)],
    [
      'a session of another user',
      () =>
        obfuscate(
          JSON.stringify({ ...saved, session: { ...session, user: authUser('x', 'x@x.x') } }),
          origin,
        ),
    ],
    [
      'a non-numeric expiry',
      () => obfuscate(JSON.stringify({ ...saved, expiresAt: 'soon' }), origin),
    ],
  ])('discards and removes %s without throwing', (_case, value) => {
    const { storage, persistence } = setup();
    storage.setItem(STORAGE_KEYS.authState, value());
    expect(persistence.restore('UA|1280x800', NOW)).toEqual({
      status: 'discarded',
      reason: 'corrupt',
    });
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
  });

  it('discards state saved under another fingerprint', () => {
    const { storage, persistence } = setup();
    persistence.save(saved);
    expect(persistence.restore('UA|800x600', NOW)).toEqual({
      status: 'discarded',
      reason: 'fingerprint',
    });
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
  });

  it('discards state past its expiry', () => {
    const { persistence } = setup();
    persistence.save(saved);
    expect(persistence.restore('UA|1280x800', saved.expiresAt)).toEqual({
      status: 'discarded',
      reason: 'expired',
    });
  });
});
