import type { ReactNode } from 'react';
import type { Role } from '../types.ts';
import { hasRequiredRole } from '../user.ts';
import { useSession } from './hooks.ts';

export interface RequireRoleProps {
  /** Roles allowed on the route: the user's primary role or any available role must be one. */
  roles: readonly Role[];
  /**
   * Where unauthenticated visitors go (the route's given path, e.g. "/login"), and sessions that
   * still need their second factor.
   */
  redirectTo: string;
  /** Shown until auth is initialised (the app passes its spinner). */
  renderLoading: () => ReactNode;
  /** Renders the redirect (the app passes its router's `<Navigate>`). */
  renderRedirect: (to: string) => ReactNode;
  /** Shown to a signed-in user without a required role (the app passes its access-denied card). */
  renderDenied: (roles: readonly Role[]) => ReactNode;
  children?: ReactNode;
}

/**
 * The route guard of spec §2: spinner until auth is initialised, unauthenticated visitors are
 * redirected, signed-in users without a required role see the access-denied card. A session that
 * has passed the password but not the account's second factor (`mfaRequired`) is not signed in:
 * it is redirected too, to where the code is asked for.
 */
export function RequireRole({
  roles,
  redirectTo,
  renderLoading,
  renderRedirect,
  renderDenied,
  children,
}: RequireRoleProps) {
  const { isInitialized, isAuthenticated, mfaRequired, user } = useSession();
  if (!isInitialized) return renderLoading();
  if (!isAuthenticated || !user || mfaRequired) return renderRedirect(redirectTo);
  if (!hasRequiredRole(user, roles)) return renderDenied(roles);
  return children;
}
