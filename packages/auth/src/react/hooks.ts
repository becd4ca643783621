import { useMemo, useSyncExternalStore } from 'react';
import { PENDING_AUTH_SNAPSHOT } from '../deferred.ts';
import type { AuthEngine } from '../engine.ts';
import type { AuthSnapshot } from '../types.ts';
import { useAuthEngine } from './context.tsx';

/**
 * What HTML rendered on a server or at build time was rendered with: the session lives in the
 * browser, so there it is never known. While React hydrates such HTML the hooks answer this, even
 * when the engine has already restored a session, so the first render matches the HTML; the real
 * state follows at once.
 */
const serverSnapshot = (): AuthSnapshot => PENDING_AUTH_SNAPSHOT;

/** The current auth snapshot; re-renders on every change. */
export function useSession(): AuthSnapshot {
  const engine = useAuthEngine();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, serverSnapshot);
}

/**
 * One value derived from the auth snapshot; re-renders only when that value changes (`Object.is`),
 * not on every change of the snapshot. `select` must return a primitive or a value taken from the
 * snapshot as it is (such as `snapshot.user`), never a new object or array: a fresh value on each
 * call would count as a change every time.
 *
 * A component that needs only the role does not render again when the session engine finishes
 * loading or refreshes its token: `useAuthSelector((s) => s.user?.role ?? null)`.
 */
export function useAuthSelector<T>(select: (snapshot: AuthSnapshot) => T): T {
  const engine = useAuthEngine();
  return useSyncExternalStore(
    engine.subscribe,
    () => select(engine.getSnapshot()),
    () => select(serverSnapshot()),
  );
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
    | 'changePassword'
    | 'verifyRecoveryCode'
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
      changePassword: engine.changePassword,
      verifyRecoveryCode: engine.verifyRecoveryCode,
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
    () => serverSnapshot().expiryWarning,
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
