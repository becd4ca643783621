import { useMemo, useSyncExternalStore } from 'react';
import type { AuthEngine } from '../engine.ts';
import type { AuthSnapshot } from '../types.ts';
import { useAuthEngine } from './context.tsx';

/** The current auth snapshot; re-renders on every change. */
export function useSession(): AuthSnapshot {
  const engine = useAuthEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

export type UseAuthResult = AuthSnapshot &
  Pick<
    AuthEngine,
    | 'login'
    | 'register'
    | 'logout'
    | 'extendSession'
    | 'enterDemo'
    | 'exitDemo'
    | 'refreshProfile'
    | 'mfa'
    | 'identities'
    | 'onEvent'
  >;

/** The auth state together with the engine's actions. */
export function useAuth(): UseAuthResult {
  const engine = useAuthEngine();
  const snapshot = useSession();
  return useMemo(
    () => ({
      ...snapshot,
      login: engine.login,
      register: engine.register,
      logout: engine.logout,
      extendSession: engine.extendSession,
      enterDemo: engine.enterDemo,
      exitDemo: engine.exitDemo,
      refreshProfile: engine.refreshProfile,
      mfa: engine.mfa,
      identities: engine.identities,
      onEvent: engine.onEvent,
    }),
    [engine, snapshot],
  );
}

export interface SessionExpiry {
  /** Whether the "Session Expiring Soon" modal should show. */
  open: boolean;
  /** Time left at the last warning check (ms); 0 while closed. */
  remainingMs: number;
  /** Stay Signed In: extends the session and closes the warning. */
  staySignedIn: () => void;
  /** Sign Out: logs out. */
  signOut: () => Promise<void>;
}

/** The data for `@verdant/ui`'s `SessionExpiringModal`. */
export function useSessionExpiry(): SessionExpiry {
  const engine = useAuthEngine();
  const warning = useSyncExternalStore(
    engine.subscribe,
    () => engine.getSnapshot().expiryWarning,
    () => engine.getSnapshot().expiryWarning,
  );
  return useMemo(
    () => ({
      open: warning !== null,
      remainingMs: warning?.remainingMs ?? 0,
      staySignedIn: engine.extendSession,
      signOut: engine.logout,
    }),
    [engine, warning],
  );
}
