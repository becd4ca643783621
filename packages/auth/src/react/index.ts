export { AuthProvider, useAuthEngine, type AuthProviderProps } from './context.tsx';
export {
  useAuth,
  useAuthSelector,
  useSession,
  useSessionExpiry,
  type SessionExpiry,
  type UseAuthResult,
} from './hooks.ts';
export { RequireRole, type RequireRoleProps } from './require-role.tsx';
