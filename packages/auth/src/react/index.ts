export { AuthProvider, useAuthEngine, type AuthProviderProps } from './context';
export {
  useAuth,
  useSession,
  useSessionExpiry,
  type SessionExpiry,
  type UseAuthResult,
} from './hooks';
export { RequireRole, type RequireRoleProps } from './require-role';
