/**
 * The user's theme preference (spec §1): kept in localStorage under "theme", one of light, dark or
 * system, default system. Verdant always renders dark; the preference is remembered for the day the
 * product offers a light theme, and so settings screens can show and change it.
 */
export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';
/** The appearance every Verdant surface renders with, whatever the preference says. */
export const RENDERED_APPEARANCE = 'dark' as const;

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

// Used when localStorage refuses the write, so the choice still holds for this page.
let unsaved: ThemePreference | undefined;

export function readThemePreference(): ThemePreference {
  let stored: string | null | undefined;
  try {
    stored = storage()?.getItem(THEME_STORAGE_KEY);
  } catch {
    stored = undefined;
  }
  if (isThemePreference(stored)) return stored;
  return unsaved ?? DEFAULT_THEME_PREFERENCE;
}

const listeners = new Set<() => void>();

export function writeThemePreference(preference: ThemePreference): void {
  if (!isThemePreference(preference))
    throw new TypeError(`Unknown theme preference: ${String(preference)}`);
  unsaved = undefined;
  try {
    storage()?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    unsaved = preference; // quota exceeded or storage disabled: remembered for this page only
  }
  for (const listener of listeners) listener();
}

/** Subscribes to preference changes from this page and from other tabs. */
export function subscribeThemePreference(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
