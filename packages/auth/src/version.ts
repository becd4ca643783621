import { APP_VERSION, STORAGE_KEYS } from './constants.ts';
import type { SafeStorage } from './storage.ts';

export type VersionCheck = 'current' | 'first-visit' | 'changed';

/**
 * Compares the stored app version with the current one. On a first visit the version is
 * recorded; when it differs, all local storage except the version key is cleared and the new
 * version recorded — the caller then resets the auth state and reloads the page.
 */
export function checkAppVersion(storage: SafeStorage, current: string = APP_VERSION): VersionCheck {
  const key = STORAGE_KEYS.appVersion;
  const stored = storage.get(key);
  if (stored === current) return 'current';
  if (stored === null) {
    storage.set(key, current);
    return 'first-visit';
  }
  storage.clearExcept([key]);
  storage.set(key, current);
  return 'changed';
}
