import type { Session } from '@supabase/supabase-js';
import { REMEMBER_ME_DURATION_MS, SESSION_DURATION_MS, STORAGE_KEYS } from './constants.ts';
import { deobfuscate, obfuscate } from './obfuscation.ts';
import type { SafeStorage } from './storage.ts';
import type { User } from './types.ts';
import { isUser } from './user.ts';

/** What the engine keeps in local storage between page loads. */
export interface PersistedAuth {
  user: User;
  session: Session;
  rememberMe: boolean;
  /** When the persisted session expires (epoch ms). */
  expiresAt: number;
  /** The browser fingerprint the state was saved under. */
  fingerprint: string;
}

export type RestoreResult =
  | { status: 'none' }
  | { status: 'discarded'; reason: 'corrupt' | 'fingerprint' | 'expired' }
  | { status: 'restored'; value: PersistedAuth };

/** 24 h, or 30 days with remember-me. */
export function sessionDuration(rememberMe: boolean): number {
  return rememberMe ? REMEMBER_ME_DURATION_MS : SESSION_DURATION_MS;
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | null | undefined;
  return (
    typeof v.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string'
  );
}

function parse(json: string): PersistedAuth | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    !isUser(v.user) ||
    !isSession(v.session) ||
    v.session.user.id !== v.user.id ||
    typeof v.rememberMe !== 'boolean' ||
    typeof v.expiresAt !== 'number' ||
    !Number.isFinite(v.expiresAt) ||
    typeof v.fingerprint !== 'string'
  ) {
    return null;
  }
  return {
    user: v.user,
    session: v.session,
    rememberMe: v.rememberMe,
    expiresAt: v.expiresAt,
    fingerprint: v.fingerprint,
  };
}

export interface AuthPersistence {
  save(value: PersistedAuth): void;
  /** Reads the stored state; anything corrupt, foreign or expired is removed, never thrown. */
  restore(fingerprint: string, now: number): RestoreResult;
  clear(): void;
}

export function createAuthPersistence(storage: SafeStorage, origin: string): AuthPersistence {
  const key = STORAGE_KEYS.authState;
  return {
    save(value) {
      storage.set(key, obfuscate(JSON.stringify(value), origin));
    },
    restore(fingerprint, now) {
      const stored = storage.get(key);
      if (stored === null) return { status: 'none' };
      const json = deobfuscate(stored, origin);
      const value = json === null ? null : parse(json);
      let reason: 'corrupt' | 'fingerprint' | 'expired' | null = null;
      if (value === null) reason = 'corrupt';
      else if (value.fingerprint !== fingerprint) reason = 'fingerprint';
      else if (value.expiresAt <= now) reason = 'expired';
      if (reason !== null || value === null) {
        storage.remove(key);
        return { status: 'discarded', reason: reason ?? 'corrupt' };
      }
      return { status: 'restored', value };
    },
    clear() {
      storage.remove(key);
    },
  };
}
