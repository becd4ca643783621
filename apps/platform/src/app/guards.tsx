import { RequireRole } from '@verdant/auth/react';
import type { Role } from '@verdant/auth';
import { AccessDeniedCard, Spinner } from '@verdant/ui';
import { Box, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';

/** A guarded route's rule (spec §2): who may enter and where everybody else goes. */
export interface GuardRule {
  roles: readonly Role[];
  /** Where unauthenticated visitors are sent. */
  redirectTo: string;
  /**
   * Where signed-in users without the role are sent instead of seeing the access-denied card
   * (e.g. /dashboard sends non-affiliates to /dashboard-vendor).
   */
  deniedRedirectTo?: string;
}

/** The guards of spec §2 and §6 in one place; part 2's routes add theirs here. */
export const GUARDS = {
  affiliateHome: {
    roles: ['affiliate'],
    redirectTo: '/login',
    deniedRedirectTo: '/dashboard-vendor',
  },
  affiliate: { roles: ['affiliate'], redirectTo: '/login' },
  merchant: { roles: ['merchant'], redirectTo: '/login' },
  admin: { roles: ['admin'], redirectTo: '/login' },
  member: { roles: ['admin', 'affiliate', 'merchant'], redirectTo: '/login' },
} as const satisfies Record<string, GuardRule>;

/** `/login?next=<where the visitor wanted to go>` so the login can send them back. */
function withNext(target: string, from: string): string {
  if (target !== '/login') return target;
  return `/login?next=${encodeURIComponent(from)}`;
}

function GuardSpinner() {
  return (
    <Box py="9">
      <Spinner centered size="lg" label="Checking your session" />
    </Box>
  );
}

/** The access-denied card with Try Again going back in history (spec §2). */
function Denied({ roles }: { roles: readonly Role[] }) {
  const navigate = useNavigate();
  return (
    <Box py="6" px="4" maxWidth="560px" mx="auto">
      <Heading as="h1" size="6" mb="4">
        Access denied
      </Heading>
      <AccessDeniedCard roles={roles} onTryAgain={() => void navigate(-1)} />
    </Box>
  );
}

/**
 * Wraps children in the spec §2 guard: a spinner until auth is initialised, a redirect for
 * visitors, the access-denied card (or the rule's redirect) for the wrong role.
 */
export function Guard({ rule, children }: { rule: GuardRule; children: ReactNode }) {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <RequireRole
      roles={rule.roles}
      redirectTo={withNext(rule.redirectTo, from)}
      renderLoading={() => <GuardSpinner />}
      renderRedirect={(to) => <Navigate to={to} replace />}
      renderDenied={(roles) =>
        rule.deniedRedirectTo ? (
          <Navigate to={rule.deniedRedirectTo} replace />
        ) : (
          <Denied roles={roles} />
        )
      }
    >
      {children}
    </RequireRole>
  );
}

/** A layout route that guards all its child routes: `{ element: <GuardedOutlet rule={GUARDS.admin} />, children }`. */
export function GuardedOutlet({ rule }: { rule: GuardRule }) {
  return (
    <Guard rule={rule}>
      <Outlet />
    </Guard>
  );
}
