import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Factor, UserIdentity } from '@supabase/supabase-js';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  USERNAME_PATTERN,
  isApiError,
  type Profile,
} from '@verdant/api-client';
import {
  isPasswordChangeError,
  type PasswordChangeField,
  type Role,
  type TotpEnrollment,
} from '@verdant/auth';
import { useAuth } from '@verdant/auth/react';
import {
  PERSON_NAME_MAX_LENGTH,
  PLAN_LIMITS,
  PLAN_RESOURCES,
  RESERVED_USERNAME_MESSAGE,
  isReservedUsername,
  validatePassword,
} from '@verdant/validation';
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  ErrorCard,
  Field,
  PageHeader,
  PasswordInput,
  Skeleton,
  TextInput,
  CodeInput,
  Textarea,
  toast,
} from '@verdant/ui';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { useChangePlan } from './change-plan.ts';
import { tierById, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { errorCode, errorMessage, formError, upstreamCode } from '../lib/error-message.ts';
import { isReadablePicture } from '../lib/image-check.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { formatDate } from './vendor-format.ts';

const ACCEPTED_AVATARS = Object.keys(AVATAR_TYPES).join(',');
/** A picture file the browser cannot decode (damaged, cut short, or not a picture at all). */
const UNREADABLE_PICTURE =
  'This file is not a picture we can read. Choose a PNG, JPEG, WebP or GIF image.';

type DetailsErrors = Partial<Record<'name' | 'username' | 'bio', string>>;

/** The most characters the API client takes for a name (the database's limit) and a bio. */
const NAME_MAX = PERSON_NAME_MAX_LENGTH;
const BIO_MAX = 1000;

/** What the form says of a username as typed, or undefined when it can be sent. */
function usernameProblem(typed: string): string | undefined {
  const username = typed.trim();
  // Every account has a username (its link page's address): an emptied field is not "no change".
  if (username === '') return 'Enter a username: your link page lives at /@username.';
  if (!USERNAME_PATTERN.test(username))
    return 'Username must be 3–32 lower-case letters, digits, underscores or hyphens';
  if (isReservedUsername(username)) return RESERVED_USERNAME_MESSAGE;
  return undefined;
}

/**
 * Every field the form can tell is wrong before sending it, at once, in the words the API
 * client's checks use ("Name must not be empty"); whether another member has the username is
 * left to the database when the form is sent.
 */
function checkDetails(values: { name: string; username: string; bio: string }): DetailsErrors {
  const errors: DetailsErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name must not be empty';
  else if (name.length > NAME_MAX) errors.name = `Name must be at most ${NAME_MAX} characters`;
  const username = usernameProblem(values.username);
  if (username) errors.username = username;
  if (values.bio.trim().length > BIO_MAX) errors.bio = `Bio must be at most ${BIO_MAX} characters`;
  return errors;
}

/** What the username field says when another member has the name asked for. */
const USERNAME_TAKEN = 'That username is taken. Choose another.';

/**
 * A failed save as a message next to its field, when the API client names one (else `null`): its
 * checks run before any request, so a bad name, username or bio is told in words where it is. A
 * username someone else has is refused by the database's unique key on it, which the client
 * passes on as a `conflict` carrying Postgres's own words ("duplicate key value violates unique
 * constraint "profiles_username_key""): it is told at the username, in the page's words. The code
 * is read without the error class (`errorCode`), as the rest of the app does, and the constraint
 * is named so that no other conflict is blamed on the username.
 */
function detailsErrorOf(caught: unknown): DetailsErrors | null {
  const constraint = caught instanceof Error ? caught.message : '';
  if (errorCode(caught) === 'conflict' && /profiles_username/.test(constraint))
    return { username: USERNAME_TAKEN };
  const { field, message } = formError(caught, ['name', 'username', 'bio']);
  return field ? { [field]: message } : null;
}

function DetailsCard({ userId }: { userId: string }) {
  const profile = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => api.profiles.fetchProfile(userId),
  });
  if (profile.isPending) return <Skeleton height="320px" />;
  if (profile.isError)
    return (
      <ErrorCard
        title="Could not load your profile"
        message={errorMessage(profile.error)}
        onRetry={() => void profile.refetch()}
      />
    );
  return <DetailsForm userId={userId} profile={profile.data} />;
}

/**
 * The roles whose username is a public address: an affiliate's link page (/@username) and the
 * pages that link to it. Nobody else has a page there, so for them a new username breaks nothing.
 */
const PUBLIC_PAGE_ROLES: ReadonlySet<Role> = new Set(['affiliate']);

function DetailsForm({ userId, profile }: { userId: string; profile: Profile | null }) {
  const { refreshProfile, user } = useAuth();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile?.name ?? '');
  const [username, setUsername] = useState(profile?.username ?? '');
  const [bio, setBio] = useState(profile?.bio ?? '');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<DetailsErrors>({});
  // Once the username field is left (or the form sent), what is wrong with the name as typed is
  // said, and follows it as it changes; whether somebody else has it is the database's to say.
  const [usernameChecked, setUsernameChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const avatarRef = useRef<HTMLInputElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const focusWhenShown = useFocusWhenShown();
  const savedUsername = profile?.username ?? '';
  const typedUsername = username.trim();
  const usernameError =
    fieldErrors.username ?? (usernameChecked ? usernameProblem(username) : undefined);
  // The name as typed is one the form would send, and nothing refused it yet.
  const usernameAcceptable = usernameProblem(username) === undefined && !fieldErrors.username;
  const hasPublicPage = user !== null && PUBLIC_PAGE_ROLES.has(user.role);
  // Whether the link page is live at /@username: until it is published there (on /my-links),
  // that address is a 404 and no link to it exists yet.
  const linkPage = useQuery({
    queryKey: ['link-pages', 'mine'],
    queryFn: () => api.linkPages.getMine(),
    enabled: hasPublicPage,
  });
  const published = linkPage.data?.is_published === true;
  // A new username moves the published page and breaks every link already shared to the old
  // address (nothing redirects from it): said before saving, while the new name is one that can
  // be saved.
  const movesPage =
    published && savedUsername !== '' && typedUsername !== savedUsername && usernameAcceptable;
  const usernameHelp = '3–32 lower-case letters, digits, _ or -.';
  let usernameDescription: ReactNode = usernameHelp;
  if (movesPage)
    usernameDescription = `Your page moves to /@${typedUsername}: links to /@${savedUsername} stop working.`;
  else if (published) usernameDescription = `${usernameHelp} Your link page is /@${savedUsername}.`;
  else if (hasPublicPage && linkPage.isSuccess && savedUsername !== '')
    usernameDescription = (
      <>
        {`${usernameHelp} Your link page is not published yet: publish it on `}
        <Link to="/my-links">Link-in-bio page</Link>
        {` and it will be at /@${usernameAcceptable ? typedUsername : savedUsername}.`}
      </>
    );

  // A field's message goes once the field is changed: it spoke of the value that was sent.
  const clearFieldError = (field: keyof DetailsErrors) =>
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setError(null);
    // All the fields to fix are told together; the focus goes to the first of them.
    const invalid = checkDetails({ name, username, bio });
    setUsernameChecked(true);
    if (Object.keys(invalid).length > 0) {
      setFieldErrors(invalid);
      focusFirstInvalid(form, errorRef);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const updated = await api.profiles.update(userId, {
        name: name.trim(),
        username: username.trim(),
        bio: bio.trim() === '' ? null : bio.trim(),
      });
      queryClient.setQueryData(['profile', userId], updated);
      await refreshProfile();
      // Stored other than as typed (the sanitiser removes markup): the fields show what was
      // kept, and the toast says why they changed.
      setName(updated.name ?? '');
      setUsername(updated.username ?? '');
      setBio(updated.bio ?? '');
      toast({
        title: 'Profile saved',
        ...markupRemovedNote('Your name and bio are', [
          [name, updated.name],
          [bio, updated.bio],
        ]),
      });
    } catch (caught) {
      const onField = detailsErrorOf(caught);
      if (onField) setFieldErrors(onField);
      else setError(errorMessage(caught));
      focusFirstInvalid(form, errorRef);
    } finally {
      setSaving(false);
    }
  };

  const onAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // The picture input is disabled while it uploads, which drops the focus to the page: it
    // comes back to the input, or to the message when the picture was refused.
    const focusAfter = (failed: boolean) =>
      focusWhenShown(() => (failed ? errorRef.current : avatarRef.current), {
        from: () => avatarRef.current,
      });
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The picture must be at most 2 MB.');
      focusAfter(true);
      return;
    }
    setUploading(true);
    try {
      // A file of an accepted type is decoded here first: one that only starts like a picture
      // (the client checks no more than its first bytes) would be stored and shown broken.
      if (file.type in AVATAR_TYPES && !(await isReadablePicture(file))) {
        setError(UNREADABLE_PICTURE);
        focusAfter(true);
        return;
      }
      const url = await api.account.uploadAvatar(userId, file);
      const updated = await api.profiles.update(userId, { profile_image: url });
      queryClient.setQueryData(['profile', userId], updated);
      await refreshProfile();
      toast({ title: 'Profile picture updated' });
      focusAfter(false);
    } catch (caught) {
      // A refused file is said in words about the file ("The file is not an image …").
      const details = isApiError(caught)
        ? (caught.details as { field?: string; reason?: string })
        : undefined;
      setError(
        isApiError(caught) && caught.code === 'validation_failed' && details?.field === 'file'
          ? `The file ${details.reason ?? 'was refused'}.`
          : errorMessage(caught),
      );
      focusAfter(true);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card size="lg">
      <form onSubmit={(event) => void onSave(event)} noValidate>
        <Flex direction="column" gap="4">
          <Heading as="h2" size="4">
            Public profile
          </Heading>
          <Text as="p" size="2" color="gray">
            Others see your name, username, picture and bio. Your subscription and contact details
            stay private.
          </Text>
          {error ? (
            <ErrorCard
              ref={errorRef}
              tabIndex={-1}
              align="start"
              title="Not saved"
              message={error}
            />
          ) : null}
          <Flex gap="4" align="center" wrap="wrap">
            <Avatar name={name || 'You'} src={profile?.profile_image} size="5" />
            <Box flexGrow="1" minWidth="200px">
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor="avatar-file" size="2" weight="medium">
                  Profile picture
                </Text>
                <input
                  ref={avatarRef}
                  id="avatar-file"
                  type="file"
                  accept={ACCEPTED_AVATARS}
                  onChange={(event) => void onAvatar(event)}
                  disabled={uploading}
                  aria-describedby="avatar-file-help"
                />
                <Text id="avatar-file-help" size="1" color="gray">
                  {uploading ? 'Uploading…' : 'PNG, JPEG, WebP or GIF, at most 2 MB.'}
                </Text>
              </Flex>
            </Box>
          </Flex>
          <Field label="Name" required error={fieldErrors.name}>
            <TextInput
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                clearFieldError('name');
              }}
              autoComplete="name"
            />
          </Field>
          <Field label="Username" required error={usernameError} description={usernameDescription}>
            <TextInput
              value={username}
              onChange={(e) => {
                setUsername(e.target.value.toLowerCase());
                clearFieldError('username');
              }}
              onBlur={() => setUsernameChecked(true)}
              autoComplete="username"
              startSlot="@"
            />
          </Field>
          <Field label="Bio" description="Up to 1000 characters." error={fieldErrors.bio}>
            <Textarea
              value={bio}
              onChange={(e) => {
                setBio(e.target.value);
                clearFieldError('bio');
              }}
              rows={4}
              maxLength={1000}
            />
          </Field>
          <Box>
            <Button type="submit" loading={saving}>
              Save profile
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

type PasswordErrors = Partial<Record<PasswordChangeField | 'confirm', string>>;

const EMPTY_PASSWORDS = { current: '', next: '', confirm: '', code: '' };
const UNTOUCHED = { current: false, next: false, confirm: false };

/**
 * Changing the password while signed in: the current one (confirmed by signing in with it again),
 * the new one with the strength meter and every rule of the validator, and the new one again. An
 * account with two-step verification whose session has not passed it also gives a code. The user
 * stays signed in; a refusal is told at its field and changes nothing.
 */
function PasswordCard({ email }: { email: string }) {
  const { changePassword, mfa, session } = useAuth();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [touched, setTouched] = useState(UNTOUCHED);
  const [submitted, setSubmitted] = useState(false);
  // After a blur or a submit, the rules the new password still breaks show as errors.
  const [showRuleFailures, setShowRuleFailures] = useState(false);
  // What the auth service refused, at its field, until that field is changed.
  const [refused, setRefused] = useState<PasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeAsked, setCodeAsked] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  // With two-step verification on and not passed in this session, the change needs a code too.
  const assurance = useQuery({
    queryKey: ['mfa-assurance', session?.access_token],
    queryFn: () => mfa.assuranceLevel(),
    enabled: Boolean(session),
  });
  const needsCode =
    codeAsked || (assurance.data?.nextLevel === 'aal2' && assurance.data.currentLevel !== 'aal2');

  const rules = validatePassword(values.next);
  const shown = (field: keyof typeof UNTOUCHED) => submitted || touched[field];
  const errors: PasswordErrors = {
    currentPassword:
      refused.currentPassword ??
      (shown('current') && values.current === '' ? 'Enter your current password' : undefined),
    newPassword:
      refused.newPassword ??
      (shown('next') && values.next === ''
        ? 'Enter a new password'
        : values.next !== '' && values.next === values.current
          ? 'Choose a new password that differs from your current one'
          : undefined),
    confirm:
      shown('confirm') && values.confirm === ''
        ? 'Enter the new password again'
        : (shown('confirm') || values.confirm.length >= values.next.length) &&
            values.confirm !== '' &&
            values.confirm !== values.next
          ? 'The passwords do not match'
          : undefined,
    code:
      refused.code ??
      (needsCode && submitted && !/^\d{6}$/.test(values.code)
        ? 'Enter the 6-digit code from your authenticator app'
        : undefined),
  };
  const nextInvalid = errors.newPassword !== undefined || (showRuleFailures && !rules.valid);

  const update = (field: keyof typeof EMPTY_PASSWORDS, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    const refusedField: keyof PasswordErrors =
      field === 'current' ? 'currentPassword' : field === 'next' ? 'newPassword' : field;
    setRefused((current) =>
      current[refusedField] ? { ...current, [refusedField]: undefined } : current,
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setSubmitted(true);
    setShowRuleFailures(true);
    setError(null);
    const blocked =
      values.current === '' ||
      !rules.valid ||
      values.next === values.current ||
      values.confirm !== values.next ||
      (needsCode && !/^\d{6}$/.test(values.code));
    if (blocked || Object.values(refused).some(Boolean)) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      await changePassword({
        currentPassword: values.current,
        newPassword: values.next,
        code: needsCode ? values.code : undefined,
      });
      setValues(EMPTY_PASSWORDS);
      setTouched(UNTOUCHED);
      setSubmitted(false);
      setShowRuleFailures(false);
      setCodeAsked(false);
      toast({
        title: 'Password changed',
        description: 'You stay logged in here. Use the new password the next time you log in.',
      });
    } catch (caught) {
      if (isPasswordChangeError(caught)) {
        if (caught.field === 'code') setCodeAsked(true);
        setRefused({ [caught.field]: caught.message });
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
    <Card size="lg" role="region" aria-labelledby="password-heading">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="4">
          <Heading as="h2" size="4" id="password-heading">
            Password
          </Heading>
          <Text as="p" size="2" color="gray">
            Change the password you log in with. You stay logged in on this device.
          </Text>
          {/* Lets a password manager tell which account the new password belongs to. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          {error ? (
            <ErrorCard
              ref={errorRef}
              tabIndex={-1}
              align="start"
              title="Password not changed"
              message={error}
            />
          ) : null}
          <Field label="Current password" required error={errors.currentPassword}>
            <PasswordInput
              name="current-password"
              autoComplete="current-password"
              value={values.current}
              onChange={(event) => update('current', event.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, current: true }))}
            />
          </Field>
          <Field label="New password" required error={errors.newPassword}>
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              showStrength
              showRuleFailures={showRuleFailures}
              aria-invalid={nextInvalid || undefined}
              value={values.next}
              onChange={(event) => update('next', event.target.value)}
              onBlur={() => {
                setTouched((t) => ({ ...t, next: true }));
                if (values.next !== '') setShowRuleFailures(true);
              }}
            />
          </Field>
          <Field label="Confirm new password" required error={errors.confirm}>
            <PasswordInput
              name="confirm-new-password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={(event) => update('confirm', event.target.value)}
              onBlur={() =>
                setTouched((t) => ({ ...t, confirm: values.confirm !== '' || t.confirm }))
              }
            />
          </Field>
          {needsCode ? (
            <Field
              label="Code from your authenticator app"
              required
              description="Two-step verification is on: confirm the change with the app's current code."
              error={errors.code}
            >
              <CodeInput
                name="one-time-code"
                value={values.code}
                onValueChange={(digits) => update('code', digits)}
              />
            </Field>
          ) : null}
          <Box>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

/**
 * The auth server's refusals of the two-step card in words: removing (or adding) an authenticator
 * needs a session that passed two-step verification, and its own words ("AAL2 required to
 * unenroll verified factor") are written for developers.
 */
function twoStepErrorMessage(caught: unknown): string {
  if (errorCode(caught) === 'insufficient_aal')
    return 'Enter a code from your authenticator first: sign out and sign in again with your code.';
  return errorMessage(caught);
}

/**
 * How the card names an authenticator: the name stored with it is a unique one made for the auth
 * server ("Authenticator mx269q6d"), which says nothing to its owner. One app is "Authenticator
 * app"; several are numbered in the order they were added.
 */
function authenticatorLabel(index: number, count: number): string {
  return count > 1 ? `Authenticator app ${index + 1}` : 'Authenticator app';
}

/**
 * Two-step verification with an authenticator app: setting it up (QR code or key, then a code
 * from the app) and removing it. Each step puts the focus on what replaced the button that took
 * it: the enrolment form's heading, the card's heading (which tells the new state), the Remove
 * button again when its dialog is cancelled, and the set-up button once it is removed.
 */
function TwoFactorCard() {
  const { mfa } = useAuth();
  const factors = useQuery({ queryKey: ['mfa-factors'], queryFn: () => mfa.listFactors() });
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [code, setCode] = useState('');
  // The auth service's refusal of the code typed, until it is changed.
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  // The factor the dialog was opened for, and whether it went: read when the dialog has closed,
  // after `removing` is cleared.
  const removal = useRef<{ factorId: string; removed: boolean; othersLeft: boolean } | null>(null);
  // Oldest first, so each app keeps its number while others come and go after it.
  const verified = (factors.data ?? [])
    .filter((f) => f.status === 'verified')
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const id = useId();
  const headingId = `${id}-heading`;
  const statusId = `${id}-status`;
  const enrolHeadingId = `${id}-enrol-heading`;
  const removeButtonId = (factorId: string) => `${id}-remove-${factorId}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const enrolHeadingRef = useRef<HTMLHeadingElement>(null);
  const enrolFormRef = useRef<HTMLFormElement>(null);
  const setUpRef = useRef<HTMLButtonElement>(null);
  const focusWhenShown = useFocusWhenShown();
  // Where the card's state shows when no button stands for it: the heading, which the badge
  // ("On"/"Off") describes.
  const focusHeading = () => focusWhenShown(() => headingRef.current);
  const focusSetUp = () => focusWhenShown(() => setUpRef.current);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      // An earlier unfinished enrolment would block a new one with the same name.
      for (const factor of factors.data ?? []) {
        if (factor.status !== 'verified') await mfa.unenroll(factor.id);
      }
      setEnrollment(
        await mfa.enrollTotp({
          // The auth server wants each of a user's factors named differently; this name is for
          // it alone. The card shows "Authenticator app" (numbered when there are several).
          friendlyName: `Authenticator ${Date.now().toString(36)}`,
          issuer: 'Verdant',
        }),
      );
      // The form opens where the button was, maybe below the window: its heading takes the
      // focus and the whole form (QR code to buttons) scrolls into view.
      focusWhenShown(() => enrolHeadingRef.current, { reveal: () => enrolFormRef.current });
    } catch (caught) {
      setError(twoStepErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const cancelEnrollment = () => {
    setEnrollment(null);
    setCode('');
    setCodeError(null);
    focusSetUp();
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrollment) return;
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      await mfa.challengeAndVerify({ factorId: enrollment.factorId, code: code.trim() });
      // The form stays until the list has the new factor: no set-up button flashes in between.
      await factors.refetch();
      setEnrollment(null);
      setCode('');
      focusHeading();
      toast({ title: 'Two-step verification is on' });
    } catch (caught) {
      // A refused code is said at its field, which takes the focus to type it again.
      setCodeError(errorMessage(caught));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  // Rejects with the refusal, which the dialog shows (it stays open, the focus in it).
  const remove = async () => {
    if (!removing) return;
    await mfa.unenroll(removing.id);
    const { data } = await factors.refetch();
    if (removal.current) {
      removal.current.removed = true;
      removal.current.othersLeft = (data ?? []).some((f) => f.status === 'verified');
    }
    toast({ title: 'Authenticator removed' });
  };

  return (
    <Card size="lg" role="region" aria-labelledby={headingId}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading
            as="h2"
            size="4"
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            aria-describedby={statusId}
          >
            Two-step verification
          </Heading>
          <Badge id={statusId} tone={verified.length > 0 ? 'success' : 'neutral'}>
            {verified.length > 0 ? 'On' : 'Off'}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray">
          With an authenticator app, signing in needs a 6-digit code as well as your password.
        </Text>
        {error ? <ErrorCard align="start" title="Two-step verification" message={error} /> : null}
        {factors.isPending ? <Skeleton height="40px" /> : null}
        {verified.map((factor, index) => {
          const label = authenticatorLabel(index, verified.length);
          return (
            <Flex key={factor.id} justify="between" align="center" gap="3" wrap="wrap">
              <Text size="2">
                {label} · added {formatDate(factor.created_at)}
              </Text>
              {/* Named after its app, the visible word first: with several, each says which. */}
              <Button
                id={removeButtonId(factor.id)}
                variant="danger"
                size="sm"
                aria-label={`Remove ${label}`}
                onClick={() => {
                  removal.current = { factorId: factor.id, removed: false, othersLeft: true };
                  setRemoving(factor);
                }}
              >
                Remove
              </Button>
            </Flex>
          );
        })}
        {enrollment ? (
          <form
            ref={enrolFormRef}
            onSubmit={(event) => void verify(event)}
            aria-labelledby={enrolHeadingId}
            noValidate
          >
            <Flex direction="column" gap="3">
              <Heading as="h3" size="3" id={enrolHeadingId} ref={enrolHeadingRef} tabIndex={-1}>
                Add your authenticator app
              </Heading>
              <Text as="p" size="2">
                Scan this code with your authenticator app, then enter the code it shows.
              </Text>
              <Box
                style={{ background: 'white', padding: 8, borderRadius: 8, width: 'fit-content' }}
              >
                <img
                  src={enrollment.qrCode}
                  alt="QR code for your authenticator app"
                  width={180}
                  height={180}
                />
              </Box>
              <Text size="1" color="gray">
                Cannot scan? Enter this key: <code>{enrollment.secret}</code>
              </Text>
              <Field label="Code from the app" required error={codeError ?? undefined}>
                <CodeInput
                  ref={codeRef}
                  value={code}
                  onValueChange={(digits) => {
                    setCode(digits);
                    setCodeError(null);
                  }}
                />
              </Field>
              <Flex gap="3">
                <Button type="submit" loading={busy} disabled={code.length !== 6}>
                  Verify and turn on
                </Button>
                <Button type="button" variant="ghost" onClick={cancelEnrollment}>
                  Cancel
                </Button>
              </Flex>
            </Flex>
          </form>
        ) : verified.length === 0 && !factors.isPending ? (
          <Box>
            <Button ref={setUpRef} onClick={() => void start()} loading={busy} variant="outline">
              Set up an authenticator app
            </Button>
          </Box>
        ) : null}
      </Flex>
      {/* Always mounted (no trigger: it is opened by the row's button), so it can hand the focus
          back when it closes. */}
      <ConfirmDialog
        tone="danger"
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove the authenticator?"
        description="Signing in will need only your password again."
        confirmLabel="Remove"
        onConfirm={remove}
        errorMessage={twoStepErrorMessage}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const closed = removal.current;
          removal.current = null;
          if (!closed) return;
          // Removed: the set-up button takes its place (or, with another app left, the heading).
          if (closed.removed) {
            if (closed.othersLeft) focusHeading();
            else focusSetUp();
          } else focusWhenShown(() => document.getElementById(removeButtonId(closed.factorId)));
        }}
      />
    </Card>
  );
}

/** How a sign-in provider's name is written. */
const PROVIDER_NAMES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  apple: 'Apple',
  azure: 'Microsoft',
  linkedin_oidc: 'LinkedIn',
};
const providerName = (provider: string) =>
  PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);

function IdentitiesCard() {
  const { identities } = useAuth();
  const list = useQuery({ queryKey: ['identities'], queryFn: () => identities.list() });
  // Only the providers this site has enabled are offered: a button the auth server would refuse
  // ("provider is not enabled") is no way to sign in.
  const providers = useQuery({
    queryKey: ['auth', 'linkable-providers'],
    queryFn: () => api.account.linkableProviders(),
  });
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const link = async (provider: string) => {
    setError(null);
    try {
      const { url } = await identities.link({
        provider: provider as Parameters<typeof identities.link>[0]['provider'],
        redirectTo: `${window.location.origin}/auth/callback?next=%2Fprofile`,
        skipBrowserRedirect: true,
      });
      window.location.assign(url);
    } catch (caught) {
      setError(errorMessage(caught));
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };
  const linked = new Set((list.data ?? []).map((identity: UserIdentity) => identity.provider));
  const offered = (providers.data ?? []).filter((provider) => !linked.has(provider));
  return (
    <Card size="lg">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Sign-in methods
        </Heading>
        {list.isPending ? <Skeleton height="40px" /> : null}
        {list.isError ? <ErrorCard align="start" message={errorMessage(list.error)} /> : null}
        {(list.data ?? []).map((identity: UserIdentity) => (
          <Flex key={identity.identity_id} justify="between" align="center" gap="3">
            {/* A long address wraps inside the card, anywhere if it must, beside its badge. */}
            <Text size="2" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {identity.provider === 'email'
                ? 'Email and password'
                : providerName(identity.provider)}
              {identity.identity_data?.email ? ` · ${String(identity.identity_data.email)}` : ''}
            </Text>
            <Badge tone="success" style={{ flexShrink: 0 }}>
              Linked
            </Badge>
          </Flex>
        ))}
        {error ? (
          <ErrorCard
            ref={errorRef}
            tabIndex={-1}
            align="start"
            title="Could not link"
            message={error}
          />
        ) : null}
        {offered.length > 0 ? (
          <Flex gap="2" wrap="wrap">
            {offered.map((provider) => (
              <Button
                key={provider}
                variant="secondary"
                size="sm"
                onClick={() => void link(provider)}
              >
                {`Link a ${providerName(provider)} account`}
              </Button>
            ))}
          </Flex>
        ) : providers.isSuccess ? (
          <Text as="p" size="2" color="gray">
            This site offers sign-in with email and password only, so there is nothing else to link.
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

const STATUS_TEXT: Record<string, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'success' },
  past_due: { label: 'Payment due', tone: 'warning' },
  unpaid: { label: 'Unpaid', tone: 'warning' },
  incomplete: { label: 'Incomplete', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'neutral' },
};

/** "a, b and c". */
const inWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What the account has without a subscription and what a paid plan unlocks, for its role, from the
 * plan limits the database enforces: an affiliate has Affiliate Free's links and storefront, a
 * merchant Merchant Starter's program and products.
 */
function freePlanSummary(role: Role): string {
  if (role === 'admin') return 'No subscription. Administrators have no plan limits.';
  const base = role === 'merchant' ? 'starter' : null;
  const limits = PLAN_RESOURCES.map((resource) => PLAN_LIMITS[resource]).filter(
    (limit) => limit.plan === base,
  );
  const included = limits.map(({ included: n, noun: [one, many] }) =>
    n === 1 ? `one ${one}` : `up to ${n} ${many}`,
  );
  const unlockers = [...new Set(limits.map((limit) => tierById(limit.unlockedBy)?.name))].filter(
    (name): name is string => Boolean(name),
  );
  if (limits.length === 0 || unlockers.length === 0) return 'No subscription.';
  const unlock = unlockers.length === 1 ? 'unlocks' : 'unlock';
  const unlimited = inWords(limits.map(({ noun: [, many] }) => many));
  return `No subscription: ${inWords(included)}. ${inWords(unlockers)} ${unlock} unlimited ${unlimited}.`;
}

const longDate = (value: string) =>
  new Date(value).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The plan: the tier the feature gates use (the auth engine's subscription fields), with the
 * status and renewal or end date of its subscription; ending it (or keeping it), and the billing
 * portal for the card and invoices.
 */
function SubscriptionCard() {
  const { user, refreshProfile } = useAuth();
  const { tier } = usePlan();
  const changePlan = useChangePlan();
  const subscriptions = useQuery({
    queryKey: ['subscriptions', 'mine', user?.id],
    queryFn: () => api.subscriptions.listMine(),
    enabled: Boolean(user),
  });
  const [portalError, setPortalError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const rechecked = useRef(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const changeRef = useRef<HTMLAnchorElement>(null);
  const focusWhenShown = useFocusWhenShown();
  // Opened from a link to the plan (/profile#plan, "Manage your plan" on /pricing): the card is
  // scrolled to and its heading takes the focus, from wherever the page change left it.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== '#plan') return;
    focusWhenShown(() => document.getElementById('plan-heading'), {
      from: () => document.querySelector<HTMLElement>('main'),
    });
  }, [hash, focusWhenShown]);
  const current = tier
    ? (subscriptions.data ?? []).find(
        (row) => row.tier === tier.id && (row.status === 'active' || row.status === 'trialing'),
      )
    : undefined;
  const latest = subscriptions.data?.[0];

  // The subscriptions table is newer than the session's copy of the plan (e.g. just after a
  // checkout): re-read the profile once so the gates follow.
  useEffect(() => {
    if (rechecked.current || !subscriptions.data || !user) return;
    const live = subscriptions.data.some(
      (row) =>
        (row.status === 'active' || row.status === 'trialing') &&
        (row.current_period_end === null || Date.parse(row.current_period_end) > Date.now()) &&
        row.tier !== user.subscriptionTier,
    );
    if (live || (user.hasActiveSubscription && !subscriptions.data.length)) {
      rechecked.current = true;
      void refreshProfile();
    }
  }, [subscriptions.data, user, refreshProfile]);

  if (!user) return null;
  const openPortal = async () => {
    setOpening(true);
    setPortalError(null);
    try {
      const { url } = await api.subscriptions.openCustomerPortal();
      window.location.assign(url);
    } catch (caught) {
      setPortalError(
        upstreamCode(caught) === 'not_available_locally'
          ? 'Stripe’s billing portal (invoices, payment methods) is not part of this test environment. Change or end your plan with the buttons here.'
          : errorMessage(caught),
      );
      setOpening(false);
    }
  };
  const status = current ? STATUS_TEXT[current.status] : undefined;
  const endDate = current?.current_period_end ?? user.subscriptionEndDate;
  return (
    <Card size="lg" role="region" aria-labelledby="plan-heading">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="4" id="plan-heading" tabIndex={-1}>
            Plan
          </Heading>
          {status ? <Badge tone={status.tone}>{status.label}</Badge> : null}
        </Flex>
        <Text as="p" size="5" weight="bold">
          {tier ? tier.name : 'Free plan'}
        </Text>
        {subscriptions.isPending ? <Skeleton height="20px" /> : null}
        {subscriptions.isError ? (
          <ErrorCard align="start" message={errorMessage(subscriptions.error)} />
        ) : null}
        <Text as="p" size="2" color="gray">
          {tier && endDate
            ? current?.cancel_at_period_end
              ? `Canceled: ${tier.name} ends on ${longDate(endDate)}.`
              : `Renews on ${longDate(endDate)}.`
            : latest && latest.current_period_end
              ? `Your ${tierById(latest.tier)?.name ?? 'paid'} subscription ended on ${longDate(latest.current_period_end)}.`
              : freePlanSummary(user.role)}
        </Text>
        {tier ? (
          <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label={`${tier.name} includes`}>
            {tier.features.map((feature) => (
              <li key={feature}>
                <Text size="2">{feature}</Text>
              </li>
            ))}
          </ul>
        ) : null}
        {portalError ? (
          <ErrorCard align="start" title="Billing portal not opened" message={portalError} />
        ) : null}
        {/*
         * The way forward first (keep a plan that is ending, or change it), the billing portal
         * next, and ending the plan last, in red, behind a confirmation. One column where the
         * card is narrow (phones, and beside the profile on wide screens), one row between.
         */}
        <Flex
          direction={{ initial: 'column', sm: 'row', lg: 'column' }}
          align={{ initial: 'stretch', sm: 'center', lg: 'stretch' }}
          gap="2"
        >
          {tier && current?.cancel_at_period_end ? (
            <ConfirmDialog
              title={`Keep ${tier.name}?`}
              description={`${tier.name} renews as before${endDate ? ` on ${longDate(endDate)}` : ''} instead of ending.`}
              confirmLabel={`Keep ${tier.name}`}
              onConfirm={async () => {
                await changePlan(tier.id);
                // Kept: the button goes with its dialog, and the plan's first action leads again.
                focusWhenShown(() => changeRef.current);
              }}
              errorMessage={errorMessage}
              trigger={<Button ref={keepRef}>{`Keep ${tier.name}`}</Button>}
            />
          ) : null}
          <Button asChild variant={current?.cancel_at_period_end ? 'secondary' : 'primary'}>
            <Link ref={changeRef} to="/pricing">
              {tier ? 'Change plan' : 'See plans'}
            </Link>
          </Button>
          {latest?.stripe_customer_id || tier ? (
            <Button variant="secondary" onClick={() => void openPortal()} loading={opening}>
              Manage subscription
            </Button>
          ) : null}
          {tier && current && !current.cancel_at_period_end ? (
            <ConfirmDialog
              tone="danger"
              title={`End ${tier.name}?`}
              description={`${tier.name} stays active until ${endDate ? longDate(endDate) : 'the end of this billing period'}; then your account returns to the free plan.`}
              confirmLabel={`End ${tier.name}`}
              onConfirm={async () => {
                await changePlan(null);
                // Ended: the button goes with its dialog, and keeping the plan takes its place.
                focusWhenShown(() => keepRef.current);
              }}
              errorMessage={errorMessage}
              trigger={
                <Button variant="danger" ml={{ initial: '0', sm: 'auto', lg: '0' }}>
                  End plan
                </Button>
              }
            />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * /profile: the signed-in user's profile and picture, password, plan, two-step verification and
 * sign-in methods.
 */
export function Component() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Flex direction="column" gap="5">
      <title>Profile — Verdant</title>
      <PageHeader title="Profile" description={user.email} />
      <Grid columns={{ initial: '1', lg: '3' }} gap="4" align="start">
        <Flex direction="column" gap="4" gridColumn={{ initial: '1', lg: '1 / 3' }}>
          <DetailsCard userId={user.id} />
          <PasswordCard email={user.email} />
        </Flex>
        <Flex direction="column" gap="4">
          <SubscriptionCard />
          <TwoFactorCard />
          <IdentitiesCard />
        </Flex>
      </Grid>
    </Flex>
  );
}
