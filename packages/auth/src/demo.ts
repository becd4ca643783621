import { DEMO_SESSION_MAX_AGE_MS, DEMO_USER_ID, STORAGE_KEYS } from './constants.ts';
import type { SafeStorage } from './storage.ts';

interface StoredDemoSession {
  userId: string;
  startedAt: number;
}

function parse(json: string | null): StoredDemoSession | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<StoredDemoSession> | null;
    if (value && typeof value.userId === 'string' && typeof value.startedAt === 'number') {
      return { userId: value.userId, startedAt: value.startedAt };
    }
  } catch {
    // Falls through: a malformed demo session is removed below.
  }
  return null;
}

/** The demo visitor's session in local storage (product spec §4, "Demo session"). */
export function createDemoSessionStore(storage: SafeStorage) {
  const key = STORAGE_KEYS.demoSession;
  return {
    start(now: number) {
      const value: StoredDemoSession = { userId: DEMO_USER_ID, startedAt: now };
      storage.set(key, JSON.stringify(value));
    },
    /**
     * True when a demo session for the demo user, not older than 24 h, is stored; anything else
     * stored under the key is removed.
     */
    restore(now: number): boolean {
      const stored = storage.get(key);
      if (stored === null) return false;
      const value = parse(stored);
      const age = value === null ? Number.NaN : now - value.startedAt;
      if (value?.userId === DEMO_USER_ID && age >= 0 && age < DEMO_SESSION_MAX_AGE_MS) return true;
      storage.remove(key);
      return false;
    },
    /** Leaving demo mode: removes the demo links, the email-popup timestamp and the session. */
    clear() {
      storage.remove(STORAGE_KEYS.demoLinks);
      storage.remove(STORAGE_KEYS.emailPopupShownAt);
      storage.remove(key);
    },
  };
}
