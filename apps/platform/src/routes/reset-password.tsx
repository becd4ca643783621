import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { validateEmail, validatePassword } from '@verdant/validation';
import { Button, Card, ErrorCard, Field, PasswordInput, TextInput, toast } from '@verdant/ui';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { roleHome } from '../app/navigation.ts';
import { api } from '../lib/api.ts';

function message(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Try again.';
}

/** Asks for a recovery mail; its link returns through /auth/callback to the new-password step. */
function RequestLink() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = validateEmail(email);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!check.valid) return;
    setBusy(true);
    setError(null);
    try {
      const next = encodeURIComponent('/reset-password?step=new');
      await api.account.requestPasswordReset(
        email.trim(),
        `${window.location.origin}/auth/callback?next=${next}`,
      );
      setSentTo(email.trim());
    } catch (caught) {
      setError(message(caught));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <Flex direction="column" gap="3">
        <title>Check your email — Verdant</title>
        <Heading as="h1" size="6">
          Check your email
        </Heading>
        <Text as="p" color="gray">
          If an account exists for {sentTo}, a link to choose a new password is on its way. The link
          works once.
        </Text>
        <Text size="2">
          <Link to="/login">Back to log in</Link>
        </Text>
      </Flex>
    );
  }
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

/** The new-password step, for a visitor signed in by a recovery link. */
function ChooseNewPassword() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = validatePassword(password);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.valid) {
      setError(check.errors.join(' '));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.account.updatePassword(password);
      toast({ title: 'Password changed', description: 'Use your new password next time.' });
      void navigate(user ? roleHome(user.role) : '/', { replace: true });
    } catch (caught) {
      setError(message(caught));
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
        {error ? <ErrorCard align="start" title="Could not change it" message={error} /> : null}
        <Field label="New password" required>
          <PasswordInput
            name="new-password"
            autoComplete="new-password"
            showStrength
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" loading={busy} fullWidth>
          Save new password
        </Button>
      </Flex>
    </form>
  );
}

/** /reset-password: ask for a recovery link, or (after following it) set the new password. */
export function Component() {
  const { isAuthenticated, isDemoMode } = useAuth();
  const [params] = useSearchParams();
  const choosing = params.get('step') === 'new' && isAuthenticated && !isDemoMode;
  return (
    <Flex justify="center" py={{ initial: '4', md: '8' }}>
      <Box width="100%" maxWidth="440px">
        <Card size="lg">{choosing ? <ChooseNewPassword /> : <RequestLink />}</Card>
      </Box>
    </Flex>
  );
}
