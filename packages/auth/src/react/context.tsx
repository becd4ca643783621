import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { AuthEngine } from '../engine.ts';

const AuthEngineContext = createContext<AuthEngine | null>(null);

export interface AuthProviderProps {
  /** The engine made with `createAuthEngine`; the provider starts it and stops it on unmount. */
  engine: AuthEngine;
  children?: ReactNode;
}

/** Makes the session engine available to `useAuth`, `useSession`, `useSessionExpiry` and `RequireRole`. */
export function AuthProvider({ engine, children }: AuthProviderProps) {
  useEffect(() => {
    void engine.start();
    return () => engine.stop();
  }, [engine]);
  return <AuthEngineContext.Provider value={engine}>{children}</AuthEngineContext.Provider>;
}

/** The engine of the nearest `AuthProvider`. */
export function useAuthEngine(): AuthEngine {
  const engine = useContext(AuthEngineContext);
  if (!engine) throw new Error('Auth hooks must be used inside <AuthProvider>');
  return engine;
}
