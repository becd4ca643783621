import { describe, expect, it } from 'vitest';
import { APP_VERSION, createMemoryStorage, STORAGE_KEYS } from '../../src/index.ts';
import { createSafeStorage } from '../../src/storage.ts';
import { checkAppVersion } from '../../src/version.ts';
import { recordingLogger } from '../support/env.ts';

function setup(entries: Record<string, string>) {
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  return { storage, safe: createSafeStorage(storage, recordingLogger()) };
}

describe('app version check', () => {
  it("records '1.0.0' on a first visit and keeps everything", () => {
    const { storage, safe } = setup({ theme: 'dark' });
    expect(checkAppVersion(safe)).toBe('first-visit');
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe(APP_VERSION);
    expect(storage.getItem('theme')).toBe('dark');
  });

  it('changes nothing when the stored version is current', () => {
    const { storage, safe } = setup({ [STORAGE_KEYS.appVersion]: '1.0.0', theme: 'dark' });
    expect(checkAppVersion(safe)).toBe('current');
    expect(storage.length).toBe(2);
  });

  it('clears all local storage except the version key when the version differs', () => {
    const { storage, safe } = setup({
      [STORAGE_KEYS.appVersion]: '0.9.0',
      theme: 'dark',
      [STORAGE_KEYS.authState]: 'x',
      'sb-localhost-auth-token': '{}',
    });
    expect(checkAppVersion(safe)).toBe('changed');
    expect(storage.length).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe('1.0.0');
  });
});
