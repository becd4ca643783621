import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useAuth, useAuthEngine } from '@verdant/auth/react';
import { validateEmail, validatePassword } from '@verdant/validation';
import {
  Button,
  Card,
  CodeInput,
  ErrorCard,
  Field,
  PasswordInput,
  TextInput,
  toast,
} from '@verdant/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { roleHome } from '../app/navigation.ts';
import { api } from '../lib/api.ts';
import { errorCode, errorMessage, upstreamCode } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { withNext } from '../lib/next-param.ts';

/** Where a recovered session chooses its new password (a mailed link returns here too). */
const NEW_PASSWORD_STEP = '/reset-password?step=new';

/**
 * The `amr` methods of a session opened from a password-recovery mail: `recovery` (the local
 * stack, and hosted GoTrue for a PKCE link) or `otp` (hosted GoTrue's `/verify` of a link or code).
 */
const RECOVERY_METHODS: ReadonlySet<string> = new Set(['recovery', 'otp']);

/**
 * Whether the access token's `amr` claim says the session came from a recovery link or code. The
 * token is only read here, not verified: the auth server verifies it when the password is set, and
 * this check only decides which form to offer.
 */
function openedByRecovery(accessToken: string | null | undefined): boolean {
  const part = accessToken?.split('.')[1];
  if (!part) return false;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ) as { amr?: unknown };
    if (!Array.isArray(claims.amr)) return false;
    return claims.amr.some((entry: unknown) => {
      const method =
        typeof entry === 'string' ? entry : (entry as { method?: unknown } | null)?.method;
      return typeof method === 'string' && RECOVERY_METHODS.has(method);
    });
  } catch {
    return false;
  }
}

/** The message for a refused recovery code, in words for people. */
function codeRefusal(error: unknown): string {
  return errorCode(error) === 'otp_expired' || upstreamCode(error) === 'otp_expired'
    ? 'That code is not right or has expired. Enter the code from the newest email, or send a new link.'
    : errorMessage(error, 'Could not check the code. Try again.');
}

/** Sends the recovery mail, whose link returns through /auth/callback to the new-password step. */
function sendRecoveryMail(email: string): Promise<void> {
  const next = encodeURIComponent(NEW_PASSWORD_STEP);
  return api.account.requestPasswordReset(
    email,
    `${window.location.origin}/auth/callback?next=${next}`,
  );
}

/** Asks for a recovery mail. */
function RequestLink() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = validateEmail(email);
  const emailRef = useRef<HTMLInputElement>(null);
  const focusWhenShown = useFocusWhenShown();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.valid) return;
    setBusy(true);
    setError(null);
    try {
      await sendRecoveryMail(email.trim());
      setSentTo(email.trim());
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <CheckEmail
        email={sentTo}
        onOtherAddress={() => {
          // Back to the form, in its Email field (the button pressed is gone with the step).
          focusWhenShown(() => emailRef.current);
          setSentTo(null);
        }}
      />
    );
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <title>Reset your password — Verdant</title>
        <Heading as="h1" size="6">
          Reset your password
        </Heading>
        <Text as="p" color="gray" size="2">
          Enter the email address of your account and we will send you a link.
        </Text>
        {error ? <ErrorCard align="start" title="Could not send the link" message={error} /> : null}
        <Field label="Email" required error={touched && !check.valid ? check.error : undefined}>
          <TextInput
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Send reset link
        </Button>
        <Text size="2" align="center">
          <Link to="/login">Back to log in</Link>
        </Text>
      </Flex>
    </form>
  );
}

/**
 * After the mail is sent: says so (the heading takes the focus, so the change is announced), and
 * takes the code the mail gives as well as its link. A right code signs the visitor in as the link
 * would and continues to the new-password step; a wrong or expired one is said at the field.
 */
function CheckEmail({ email, onOtherAddress }: { email: string; onOtherAddress: () => void }) {
  const { verifyRecoveryCode } = useAuth();
  const auth = useAuthEngine();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // What the auth service said about the code sent, until the code is changed.
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  // "Send a new link": sent again to the same address, and said where the button is.
  const resend = useMutation({ mutationFn: () => sendRecoveryMail(email) });

  // The form the visitor submitted is gone: the focus goes to what replaced it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const wellFormed = /^\d{6}$/.test(code);
  const codeError =
    refused ?? (submitted && !wellFormed ? 'Enter the 6-digit code from the email' : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setSubmitted(true);
    if (!wellFormed || refused) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      await verifyRecoveryCode({ email, code });
      // An account with two-step verification still owes its authenticator's code: the page
      // sends it to the login's code step, which comes back to the new-password step.
      if (!auth.getSnapshot().mfaRequired) void navigate(NEW_PASSWORD_STEP, { replace: true });
    } catch (caught) {
      setRefused(codeRefusal(caught));
      focusFirstInvalid(form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      <title>Check your email — Verdant</title>
      <Heading as="h1" size="6" ref={headingRef} tabIndex={-1}>
        Check your email
      </Heading>
      <Text as="p" color="gray">
        If an account exists for {email}, a link to choose a new password is on its way. The link
        works once. The email also gives a code: you can enter it here instead.
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="3">
          <Field label="Code from the email" required error={codeError}>
            <CodeInput
              name="code"
              value={code}
              onValueChange={(digits) => {
                setCode(digits);
                setRefused(null);
              }}
            />
          </Field>
          <Button type="submit" size="lg" loading={busy} fullWidth>
            Continue with the code
          </Button>
        </Flex>
      </form>
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Button
            type="button"
            variant="ghost"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new link
          </Button>
          <Button type="button" variant="ghost" onClick={onOtherAddress}>
            Use another email address
          </Button>
        </Flex>
        <Text as="p" size="2" role="status" color={resend.isError ? 'red' : 'gray'}>
          {resend.isSuccess
            ? `A new link and code are on their way to ${email}. Use the newest one.`
            : resend.isError
              ? `Not sent: ${errorMessage(resend.error)}`
              : ''}
        </Text>
        <Text size="2">
          <Link to="/login">Back to log in</Link>
        </Text>
      </Flex>
    </Flex>
  );
}

/** The new-password step, for a visitor signed in by a recovery link or code. */
function ChooseNewPassword() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // After a blur or a submit, the rules the password still breaks show as errors, not as to-dos.
  const [showRuleFailures, setShowRuleFailures] = useState(false);
  // What the auth service refused about the password sent, until the password is changed.
  const [refused, setRefused] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const check = validatePassword(password);

  // The unmet rules are said once, in the list under the field; the error is for "empty" and for
  // what the auth service refused.
  const passwordError =
    refused ?? (submitted && password === '' ? 'Enter a new password' : undefined);
  const passwordInvalid = passwordError !== undefined || (showRuleFailures && !check.valid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setSubmitted(true);
    setShowRuleFailures(true);
    setError(null);
    if (!check.valid || refused) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      await api.account.updatePassword(password);
      toast({ title: 'Password changed', description: 'Use your new password next time.' });
      void navigate(user ? roleHome(user.role) : '/', { replace: true });
    } catch (caught) {
      const code = upstreamCode(caught);
      if (code === 'same_password') {
        setRefused('Choose a new password that differs from your current one');
        focusFirstInvalid(form);
      } else if (code === 'weak_password') {
        setRefused(errorMessage(caught));
        focusFirstInvalid(form);
      } else {
        setError(errorMessage(caught));
        focusFirstInvalid(form, errorRef);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <title>Choose a new password — Verdant</title>
        <Heading as="h1" size="6">
          Choose a new password
        </Heading>
        {user ? (
          <Text as="p" color="gray" size="2">
            For {user.email}
          </Text>
        ) : null}
        {/* Lets a password manager tell which account the new password belongs to. */}
        {user ? (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={user.email}
            readOnly
            hidden
          />
        ) : null}
        {error ? (
          <ErrorCard
            ref={errorRef}
            tabIndex={-1}
            align="start"
            title="Could not change it"
            message={error}
          />
        ) : null}
        <Field label="New password" required error={passwordError}>
          <PasswordInput
            name="new-password"
            autoComplete="new-password"
            showStrength
            showRuleFailures={showRuleFailures}
            aria-invalid={passwordInvalid || undefined}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setRefused(null);
            }}
            onBlur={() => {
              if (password !== '') setShowRuleFailures(true);
            }}
          />
        </Field>
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Save new password
        </Button>
      </Flex>
    </form>
  );
}

/**
 * For a signed-in visitor whose session did not come from a recovery mail: this page does not set
 * a password without the current one; the profile's Password card does, and asks for it.
 */
function UseProfile() {
  return (
    <Flex direction="column" gap="4">
      <title>Change your password — Verdant</title>
      <Heading as="h1" size="6">
        Change your password on your profile
      </Heading>
      <Text as="p" color="gray">
        You are logged in, so a new password is set on your profile, in its Password card, which
        asks for your current password. This page sets one only after you follow the link or enter
        the code from a password-reset email.
      </Text>
      <Button asChild size="lg" fullWidth>
        <Link to="/profile">Go to your profile</Link>
      </Button>
      <Text as="p" size="2" color="gray">
        Forgot your current password? Log out, then choose “Forgot password?” on the log-in page.
      </Text>
    </Flex>
  );
}

/**
 * /reset-password: ask for a recovery link (or enter its code), or, in a session a recovery link
 * or code opened, set the new password. Any other session is sent to the profile's Password card.
 */
export function Component() {
  const { isAuthenticated, isDemoMode, token, mfaRequired } = useAuth();
  const signedIn = isAuthenticated && !isDemoMode;
  // A recovery session of an account with two-step verification waits for its code: the login's
  // code step asks for it, then comes back here to choose the new password.
  if (mfaRequired) return <Navigate to={withNext('/login', NEW_PASSWORD_STEP)} replace />;
  // Signed in, the request form has nothing to do: a recovery session chooses its new password,
  // any other is sent to the profile (whatever the address's `?step=`).
  const step = signedIn ? 'new' : 'request';
  return (
    <Flex justify="center" py={{ initial: '4', md: '8' }}>
      <Box width="100%" maxWidth="440px">
        <Card size="lg">
          {step === 'request' ? (
            <RequestLink />
          ) : openedByRecovery(token) ? (
            <ChooseNewPassword />
          ) : (
            <UseProfile />
          )}
        </Card>
      </Box>
    </Flex>
  );
}
