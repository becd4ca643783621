import { Box, Flex } from '@radix-ui/themes';
import { useSession } from '@verdant/auth/react';
import { Button, ErrorCard, Spinner } from '@verdant/ui';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { roleHome, safeNext } from '../app/navigation.ts';
import { withNext } from '../lib/next-param.ts';

/** How long to wait for the session from a mailed link before saying it failed. */
const CALLBACK_TIMEOUT_MS = 15_000;

/** The error a provider or mailed link reports in the URL (fragment or query), if any. */
function linkError(search: URLSearchParams): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return (
    hash.get('error_description') ??
    search.get('error_description') ??
    hash.get('error') ??
    search.get('error')
  );
}

/** Whether the URL carries anything a sign-in can be completed from (a code or tokens). */
function carriesCredentials(search: URLSearchParams): boolean {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return ['code', 'token_hash', 'access_token'].some((key) => search.has(key) || hash.has(key));
}

/**
 * /auth/callback: where mailed links and provider sign-ins return. supabase-js reads the session
 * from the URL; once the session engine has it, the visitor continues to `?next=` or their home.
 */
export function Component() {
  const { isInitialized, isAuthenticated, user, mfaRequired } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error] = useState(() => linkError(params));
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!isInitialized || error) return;
    // An account with two-step verification: the login's code step finishes the sign-in.
    if (mfaRequired) {
      void navigate(withNext('/login', safeNext(params.get('next'))), { replace: true });
      return;
    }
    if (!isAuthenticated || !user) return;
    void navigate(safeNext(params.get('next')) ?? roleHome(user.role), { replace: true });
  }, [isInitialized, isAuthenticated, user, mfaRequired, error, params, navigate]);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CALLBACK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  // Opened without a code or tokens (e.g. typed in or reloaded after use) and not signed in: say
  // so at once instead of waiting for a session that cannot arrive.
  const nothingToComplete = isInitialized && !isAuthenticated && !carriesCredentials(params);
  if (error || timedOut || nothingToComplete) {
    return (
      <Flex justify="center" py="8">
        <title>Link expired — Verdant</title>
        <Box maxWidth="520px" width="100%">
          <ErrorCard
            title="This link did not sign you in"
            message={error ?? 'The link has expired or was already used. Ask for a new one.'}
          >
            <Flex gap="3" justify="center" mt="3">
              <Button asChild variant="secondary">
                <Link to="/reset-password">Send a new link</Link>
              </Button>
              <Button asChild>
                <Link to="/login">Log in</Link>
              </Button>
            </Flex>
          </ErrorCard>
        </Box>
      </Flex>
    );
  }
  return (
    <Box py="9">
      <title>Signing you in — Verdant</title>
      <Spinner centered size="lg" label="Signing you in" />
    </Box>
  );
}
