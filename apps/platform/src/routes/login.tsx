import { CrossCircledIcon } from '@radix-ui/react-icons';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useAuthEngine, useAuthSelector } from '@verdant/auth/react';
import { validateEmail } from '@verdant/validation';
import {
  Button,
  Card,
  Checkbox,
  CodeInput,
  ErrorCard,
  Field,
  PasswordInput,
  TextInput,
} from '@verdant/ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { roleHome, safeNext } from '../app/navigation.ts';
import { useNextPath, withNext } from '../lib/next-param.ts';
import { errorCode, errorMessage } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useHydrated } from '../lib/hydrated.ts';

const SIGN_IN_FAILED = 'Sign-in failed. Try again.';
const NO_USABLE_FACTOR =
  'This account’s two-step verification needs a method this site cannot ask for. Contact support to sign in.';

type Step = { kind: 'password' } | { kind: 'mfa'; factorId: string };

/** A refused sign-in: the auth library's message (the spec's), and whether the pair was wrong. */
interface SignInError {
  message: string;
  wrongCredentials: boolean;
}

/** The mark of a failure in the error card, in the danger colour (the card's heading says it). */
const failureIcon = (
  <Text color="red" asChild>
    <CrossCircledIcon width={28} height={28} aria-hidden />
  </Text>
);

/**
 * Password sign-in with remember-me, then the MFA step-up when the account has a factor. A
 * session that has passed the password but not the code (`mfaRequired`: not signed in, so the
 * guards send it here with `?next=`) resumes at the code step, also after a reload.
 */
export function Component() {
  // The engine's actions, and whether a session waits for its code: the form does not render
  // again when the engine finishes loading or refreshes a token.
  const auth = useAuthEngine();
  const mfaPending = useAuthSelector((snapshot) => snapshot.mfaRequired);
  const signedIn = useAuthSelector((snapshot) => snapshot.isAuthenticated);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Passed on to sign-up, for a visitor who has no account yet.
  const next = useNextPath();
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [rememberMe, setRememberMe] = useState(false);
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<SignInError | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // While a submit runs, it moves between the steps itself.
  const submitting = useRef(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  // The page is prerendered: its form waits, disabled, until the app has taken it over.
  const ready = useHydrated();

  const emailCheck = validateEmail(email);
  // While typing, an empty email is not an error yet; a submit shows every missing field.
  const emailError =
    (submitted || (emailTouched && email !== '')) && !emailCheck.valid
      ? emailCheck.error
      : undefined;
  const passwordError = submitted && password === '' ? 'Enter your password' : undefined;

  /** The code step for the session waiting for its second factor (null: no authenticator app). */
  const codeStep = useCallback(async (): Promise<Step | null> => {
    const factors = await auth.mfa.listFactors();
    const factor = factors.find((f) => f.status === 'verified' && f.factor_type === 'totp');
    return factor ? { kind: 'mfa', factorId: factor.id } : null;
  }, [auth]);

  // A session that passed the password earlier (before a reload, or sent here by a guard)
  // continues at the code step.
  useEffect(() => {
    if (!mfaPending || step.kind === 'mfa' || submitting.current) return;
    let current = true;
    codeStep().then(
      (next) => {
        if (current && next) setStep(next);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [mfaPending, step.kind, codeStep]);

  // That session ended without the code (signed out elsewhere, expired): back to the password.
  useEffect(() => {
    if (step.kind !== 'mfa' || mfaPending || signedIn || submitting.current) return;
    setStep({ kind: 'password' });
    setCode('');
  }, [mfaPending, signedIn, step.kind]);

  // The code step takes the focus to its field (the form that had it is gone).
  useEffect(() => {
    if (step.kind === 'mfa') codeRef.current?.focus();
  }, [step.kind]);

  const finish = () => {
    const { user } = auth.getSnapshot();
    const target = safeNext(params.get('next')) ?? (user ? roleHome(user.role) : '/');
    void navigate(target, { replace: true });
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setEmailTouched(true);
    setSubmitted(true);
    if (!emailCheck.valid || password === '') {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    setError(null);
    submitting.current = true;
    try {
      const user = await auth.login(email.trim(), password, { rememberMe });
      // The account has a verified factor: the password alone does not sign in.
      if (auth.getSnapshot().mfaRequired) {
        const next = await codeStep();
        if (next) {
          setStep(next);
          return;
        }
        await auth.logout();
        setError({ message: NO_USABLE_FACTOR, wrongCredentials: false });
        focusFirstInvalid(form, errorRef);
        return;
      }
      void navigate(safeNext(params.get('next')) ?? roleHome(user.role), { replace: true });
    } catch (caught) {
      setError({
        message: errorMessage(caught, SIGN_IN_FAILED),
        wrongCredentials: errorCode(caught) === 'invalid_credentials',
      });
      focusFirstInvalid(form, errorRef);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'mfa') return;
    setBusy(true);
    setError(null);
    submitting.current = true;
    try {
      await auth.mfa.challengeAndVerify({ factorId: step.factorId, code: code.trim() });
      finish();
    } catch (caught) {
      setError({ message: errorMessage(caught, SIGN_IN_FAILED), wrongCredentials: false });
      // The field to type the next code in keeps (or gets back) the focus.
      codeRef.current?.focus();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  /** "Use another account": the session waiting for its code is signed out. */
  const switchAccount = async () => {
    submitting.current = true;
    try {
      await auth.logout();
    } finally {
      submitting.current = false;
    }
    setStep({ kind: 'password' });
    setCode('');
    setError(null);
  };

  return (
    <Flex justify="center" py={{ initial: '4', md: '8' }}>
      <title>
        {step.kind === 'password' ? 'Log in — Verdant' : 'Two-step verification — Verdant'}
      </title>
      <Box width="100%" maxWidth="440px">
        <Card size="lg">
          {step.kind === 'password' ? (
            <form
              onSubmit={(event) => void onPassword(event)}
              noValidate
              aria-busy={ready ? undefined : true}
            >
              <fieldset className="vd-platform-fieldset" disabled={!ready}>
                <Flex direction="column" gap="4">
                  <Heading as="h1" size="6">
                    Log in to Verdant
                  </Heading>
                  {error ? (
                    <ErrorCard
                      ref={errorRef}
                      tabIndex={-1}
                      align="start"
                      icon={failureIcon}
                      title="Could not log in"
                      message={error.message}
                    >
                      {error.wrongCredentials ? (
                        <Text as="p" size="2">
                          Check the email address and the password, then try again. Forgotten your
                          password? <Link to="/reset-password">Reset your password</Link>.
                        </Text>
                      ) : null}
                    </ErrorCard>
                  ) : null}
                  <Field label="Email" required error={emailError}>
                    <TextInput
                      type="email"
                      name="email"
                      autoComplete="email"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                      onBlur={() => setEmailTouched(true)}
                    />
                  </Field>
                  <Field label="Password" required error={passwordError}>
                    <PasswordInput
                      name="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  </Field>
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Checkbox
                      label="Remember me for 30 days"
                      checked={rememberMe}
                      onCheckedChange={(checked) => setRememberMe(checked === true)}
                      disabled={!ready}
                    />
                    <Text size="2" asChild>
                      <Link to="/reset-password">Forgot password?</Link>
                    </Text>
                  </Flex>
                  <Button type="submit" size="lg" loading={busy} disabled={!ready} fullWidth>
                    Log in
                  </Button>
                  <Text size="2" color="gray" align="center">
                    New to Verdant? <Link to={withNext('/signup', next)}>Create an account</Link>
                  </Text>
                </Flex>
              </fieldset>
            </form>
          ) : (
            <form onSubmit={(event) => void onCode(event)} noValidate>
              <Flex direction="column" gap="4">
                <Heading as="h1" size="6">
                  Two-step verification
                </Heading>
                <Text as="p" color="gray">
                  Enter the 6-digit code from your authenticator app.
                </Text>
                {error ? (
                  <ErrorCard
                    align="start"
                    icon={failureIcon}
                    title="Could not verify"
                    message={error.message}
                  />
                ) : null}
                <Field label="Authentication code" required>
                  <CodeInput ref={codeRef} name="code" value={code} onValueChange={setCode} />
                </Field>
                <Button
                  type="submit"
                  size="lg"
                  loading={busy}
                  fullWidth
                  disabled={code.length !== 6}
                >
                  Verify
                </Button>
                <Button type="button" variant="ghost" onClick={() => void switchAccount()}>
                  Use another account
                </Button>
              </Flex>
            </form>
          )}
        </Card>
      </Box>
    </Flex>
  );
}
