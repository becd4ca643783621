import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { AuthValidationError, type Role, type SignUpRole } from '@verdant/auth';
import { useAuth } from '@verdant/auth/react';
import {
  PASSWORD_LIMITS,
  PERSON_NAME_MAX_LENGTH,
  validateEmail,
  validatePassword,
} from '@verdant/validation';
import { Button, Card, ErrorCard, Field, PasswordInput, TextInput, toast } from '@verdant/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { roleHome } from '../app/navigation.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useInviteRef } from '../lib/invite-param.ts';
import { useNextPath, withNext } from '../lib/next-param.ts';
import { InvitedBy } from './invited-by.tsx';
import { isEmailTaken } from './signup-errors.ts';

const COPY: Record<SignUpRole, { title: string; intro: string; next: string }> = {
  affiliate: {
    title: 'Sign up as an affiliate',
    intro: 'Earn commissions by recommending products with verified sustainability claims.',
    next: '/dashboard',
  },
  merchant: {
    title: 'Sign up as a vendor',
    intro: 'Reach creators who care about evidence. You will describe your company next.',
    next: '/vendor-onboarding',
  },
};

/**
 * A visitor who is signed in gets no second sign-up form: where their account is, or a way to log
 * out first to make another.
 */
function AlreadySignedIn({
  user,
  onLogOut,
}: {
  user: { name: string; email: string; role: Role };
  onLogOut: () => void;
}) {
  return (
    <Flex justify="center" py={{ initial: '4', md: '7' }}>
      <title>You are signed in — Verdant</title>
      <Box width="100%" maxWidth="480px">
        <Card size="lg">
          <Flex direction="column" gap="4">
            <Heading as="h1" size="6">
              You are signed in
            </Heading>
            <Text as="p" color="gray">
              {`You are logged in as ${user.name || user.email} (${user.email}). To create another account, log out first.`}
            </Text>
            <Flex gap="3" wrap="wrap">
              <Button asChild>
                <Link to={roleHome(user.role)}>Go to your dashboard</Link>
              </Button>
              <Button variant="secondary" onClick={onLogOut}>
                Log out
              </Button>
            </Flex>
          </Flex>
        </Card>
      </Box>
    </Flex>
  );
}

/** The sign-up page for one role (used by /signup/affiliate and /signup/vendor). */
export function signupPage(role: SignUpRole) {
  return function SignupPage() {
    const { register, isAuthenticated, isDemoMode, user, logout } = useAuth();
    // Set while this form signs the visitor up: the account it makes is not one "already" signed in.
    const registering = useRef(false);
    const navigate = useNavigate();
    const copy = COPY[role];
    // Where the visitor was going (`?next=`, e.g. /pricing to subscribe): there after sign-up.
    const next = useNextPath();
    // The creator whose invitation link this is (`?ref=`): told on the page, sent with the sign-up.
    const inviteRef = useInviteRef();
    const [name, setName] = useState('');
    const [email, setEmail] = useState('');
    const [password, setPassword] = useState('');
    const [touched, setTouched] = useState({ name: false, email: false, password: false });
    const [submitted, setSubmitted] = useState(false);
    // After a blur or a submit, the password rules still unmet show as errors, not as to-dos.
    const [showRuleFailures, setShowRuleFailures] = useState(false);
    // The address (lower case) the provider said already has an account, until it is changed.
    const [takenEmail, setTakenEmail] = useState<string | null>(null);
    const [errors, setErrors] = useState<string[]>([]);
    const [busy, setBusy] = useState(false);
    const errorRef = useRef<HTMLDivElement>(null);
    const focusFirstInvalid = useFocusFirstInvalid();

    const emailCheck = validateEmail(email);
    const passwordCheck = validatePassword(password);
    const emailTaken = takenEmail !== null && email.trim().toLowerCase() === takenEmail;
    // The database keeps at most this much of a name: a longer one is refused here, not cut.
    const nameProblem =
      name.trim() === ''
        ? 'Enter your name'
        : name.trim().length > PERSON_NAME_MAX_LENGTH
          ? `Name must be at most ${PERSON_NAME_MAX_LENGTH} characters`
          : undefined;
    const nameError = touched.name ? nameProblem : undefined;
    // As on the login page: not while the address is being typed ("tess@" is on its way), but
    // once the field is left with something in it, or on submit, and from then on as it changes.
    const emailChecked = submitted || (touched.email && email !== '');
    const emailError = emailTaken ? (
      <>
        An account with this email already exists. <Link to={withNext('/login', next)}>Log in</Link>{' '}
        or <Link to="/reset-password">reset your password</Link>.
      </>
    ) : emailChecked && !emailCheck.valid ? (
      emailCheck.error
    ) : undefined;
    // The unmet rules are said once, in the list under the field; the error is only for "empty".
    const passwordError = touched.password && password === '' ? 'Enter a password' : undefined;
    // A broken limit is told in the list at once, so the field is marked invalid at once too.
    const passwordInvalid =
      passwordError !== undefined ||
      ((showRuleFailures || PASSWORD_LIMITS.some((rule) => !rule.test(password))) &&
        !passwordCheck.valid);

    const onSubmit = async (event: FormEvent) => {
      event.preventDefault();
      const form = event.currentTarget as HTMLFormElement;
      setTouched({ name: true, email: true, password: true });
      setSubmitted(true);
      setShowRuleFailures(true);
      if (nameProblem || !emailCheck.valid || emailTaken || !passwordCheck.valid) {
        focusFirstInvalid(form);
        return;
      }
      const address = email.trim();
      setBusy(true);
      setErrors([]);
      registering.current = true;
      try {
        const result = await register({
          email: address,
          password,
          name: name.trim(),
          role,
          invitedBy: inviteRef,
        });
        if (result.confirmationRequired) {
          toast({ title: 'Check your email', description: 'Confirm your address, then log in.' });
          void navigate('/login');
          return;
        }
        toast({ title: 'Welcome to Verdant', description: `Signed in as ${email.trim()}.` });
        void navigate(next ?? copy.next, { replace: true });
      } catch (caught) {
        // (After a sign-up that went through, the flag stays set while the next page loads.)
        registering.current = false;
        if (isEmailTaken(caught)) {
          // Said at the Email field, which takes the focus; no banner.
          setTakenEmail(address.toLowerCase());
          focusFirstInvalid(form);
          return;
        }
        if (caught instanceof AuthValidationError) setErrors(caught.errors);
        else setErrors([caught instanceof Error ? caught.message : 'Sign-up failed. Try again.']);
        focusFirstInvalid(form, errorRef);
      } finally {
        setBusy(false);
      }
    };

    if (isAuthenticated && !isDemoMode && user && !registering.current)
      return <AlreadySignedIn user={user} onLogOut={() => void logout()} />;

    return (
      <Flex justify="center" py={{ initial: '4', md: '7' }}>
        <title>{`${copy.title} — Verdant`}</title>
        <Box width="100%" maxWidth="480px">
          <Card size="lg">
            <form onSubmit={(event) => void onSubmit(event)} noValidate>
              <Flex direction="column" gap="4">
                <Box>
                  <Heading as="h1" size="6" mb="1">
                    {copy.title}
                  </Heading>
                  <Text as="p" color="gray" size="2">
                    {copy.intro}
                  </Text>
                </Box>
                {inviteRef ? <InvitedBy username={inviteRef} /> : null}
                {errors.length > 0 ? (
                  <ErrorCard
                    ref={errorRef}
                    tabIndex={-1}
                    align="start"
                    title="Could not create the account"
                    message={errors.join(' ')}
                  />
                ) : null}
                <Field
                  label={role === 'merchant' ? 'Your name' : 'Name'}
                  required
                  error={nameError}
                >
                  <TextInput
                    name="name"
                    autoComplete="name"
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, name: true }))}
                  />
                </Field>
                <Field label="Email" required error={emailError}>
                  <TextInput
                    type="email"
                    name="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, email: true }))}
                  />
                </Field>
                <Field label="Password" required error={passwordError}>
                  <PasswordInput
                    name="new-password"
                    autoComplete="new-password"
                    showStrength
                    showRuleFailures={showRuleFailures}
                    aria-invalid={passwordInvalid || undefined}
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setTouched((t) => ({ ...t, password: true }));
                    }}
                    onBlur={() => {
                      if (password !== '') setShowRuleFailures(true);
                    }}
                  />
                </Field>
                <Button type="submit" size="lg" loading={busy} fullWidth>
                  Create account
                </Button>
                <Text size="2" color="gray" align="center">
                  Already have an account? <Link to={withNext('/login', next)}>Log in</Link>
                </Text>
              </Flex>
            </form>
          </Card>
        </Box>
      </Flex>
    );
  };
}
