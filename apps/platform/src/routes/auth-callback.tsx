import { Box, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import type { User } from '@verdant/auth';
import { useSession } from '@verdant/auth/react';
import { Button, Card, Spinner } from '@verdant/ui';
import { useEffect, useState, type ReactNode } from 'react';
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

/** Whether the auth server said the link had expired or was used already (`error_code`). */
function linkExpired(search: URLSearchParams): boolean {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return (hash.get('error_code') ?? search.get('error_code')) === 'otp_expired';
}

/** Whether the URL carries anything a sign-in can be completed from (a code or tokens). */
function carriesCredentials(search: URLSearchParams): boolean {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return ['code', 'token_hash', 'access_token'].some((key) => search.has(key) || hash.has(key));
}

/** The page when the link is done with: its heading (the page's h1), what happened, the way on. */
function Outcome(props: { title: string; heading: string; message: string; actions: ReactNode }) {
  return (
    <Flex justify="center" py="8">
      <title>{`${props.title} — Verdant`}</title>
      <Box maxWidth="520px" width="100%">
        <Card size="lg">
          <Flex direction="column" gap="4">
            <Heading as="h1" size="6">
              {props.heading}
            </Heading>
            <Text as="p" color="gray" style={{ overflowWrap: 'anywhere' }}>
              {props.message}
            </Text>
            <Flex gap="3" wrap="wrap">
              {props.actions}
            </Flex>
          </Flex>
        </Card>
      </Box>
    </Flex>
  );
}

/**
 * A link that did not work, opened by somebody who is signed in anyway (a recovery link used
 * twice, say): no "Log in", but who they are signed in as, and the way on from there.
 */
function SignedInAlready({ user, problem }: { user: User; problem: string }) {
  return (
    <Outcome
      title="You are signed in"
      heading="You are already signed in"
      message={`${problem} — you are signed in as ${user.name || user.email} (${user.email}).`}
      actions={
        <>
          <Button asChild>
            <Link to={roleHome(user.role)}>Go to your dashboard</Link>
          </Button>
          {user.role !== 'demo' ? (
            <Button asChild variant="secondary">
              <Link to="/profile">Change your password</Link>
            </Button>
          ) : null}
        </>
      }
    />
  );
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
  const [expired] = useState(() => linkExpired(params));
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
  // Until the session is known, a link's error cannot say yet whether somebody is signed in.
  const waiting = !isInitialized && !timedOut;
  if ((error || timedOut) && isAuthenticated && user) {
    const problem =
      expired || !error
        ? 'This link has expired or was used already'
        : `This link did not work: ${error}`;
    return <SignedInAlready user={user} problem={problem} />;
  }
  if ((error || timedOut || nothingToComplete) && !waiting) {
    return (
      <Outcome
        title="Link expired"
        heading="This link did not sign you in"
        message={error ?? 'The link has expired or was already used. Ask for a new one.'}
        actions={
          <>
            <Button asChild variant="secondary">
              <Link to="/reset-password">Send a new link</Link>
            </Button>
            <Button asChild>
              <Link to="/login">Log in</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Box py="9">
      <title>Signing you in — Verdant</title>
      <VisuallyHidden asChild>
        <h1>Signing you in</h1>
      </VisuallyHidden>
      <Spinner centered size="lg" label="Signing you in" />
    </Box>
  );
}
