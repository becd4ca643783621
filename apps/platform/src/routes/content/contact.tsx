import { Flex, Text } from '@radix-ui/themes';
import { CONTACT_LIMITS, isApiError, type NewContactMessage } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { EMAIL_MAX_LENGTH, validateEmail } from '@verdant/validation';
import { Button, Card, ErrorCard, Field, PageHeader, TextInput, Textarea } from '@verdant/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { loadApi } from '../../lib/backend.ts';
import { formError, plainTextWords, type FieldWords } from '../../lib/error-message.ts';
import { useFocusFirstInvalid } from '../../lib/focus-invalid.ts';

const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The API client's checks of a message, in the form's words, told at their field. The boxes take
 * no more than the client does (maxLength), but sanitising can still empty a name or lengthen it.
 */
const CONTACT_WORDS: FieldWords<ContactField> = {
  name: plainTextWords('your name'),
  // The address check's reason is already a sentence of its own ("Email must be between …").
  email: (reason) => reason,
  subject: plainTextWords('the subject'),
  message: plainTextWords('your message'),
};

/** The contact form: stores the message (admins read it) and confirms. */
export function ContactForm({ heading = 'Write to us' }: { heading?: string }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [subject, setSubject] = useState(params.get('subject') ?? '');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const send = useMutation({
    mutationFn: async (values: NewContactMessage) => (await loadApi()).contact.submit(values),
  });
  // What the form sends as it stands.
  const values = {
    name: name.trim(),
    email: email.trim(),
    subject: subject.trim() || null,
    message: message.trim(),
  } satisfies NewContactMessage;
  // A check the client failed on is told at its field until that field is changed; any other
  // failure in the card above the button.
  const refused = send.isError ? formError(send.error, CONTACT_FIELDS, CONTACT_WORDS) : undefined;
  const serverError = (field: ContactField) =>
    refused?.field === field && send.variables?.[field] === values[field]
      ? refused.message
      : undefined;
  const sendErrorRef = useRef<HTMLDivElement>(null);

  const emailCheck = validateEmail(email.trim());
  const errors = {
    name: name.trim() === '' ? 'Enter your name' : undefined,
    email:
      email.trim() === ''
        ? 'Enter your email address'
        : emailCheck.valid
          ? undefined
          : (emailCheck.error ?? 'Enter a valid email address'),
    message: message.trim() === '' ? 'Write a message' : undefined,
  };
  const show = (value: string | undefined) => (touched ? value : undefined);

  const focusFirstInvalid = useFocusFirstInvalid();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const form = event.currentTarget;
    // The focus goes to the first field to fix, once its message is shown.
    if (errors.name || errors.email || errors.message) {
      focusFirstInvalid(form);
      return;
    }
    // A refusal goes the same way: to its field, or else to the card that tells it.
    send.mutate(values, { onError: () => focusFirstInvalid(form, sendErrorRef) });
  };

  if (send.isSuccess) {
    return (
      <Card role="status">
        <Flex direction="column" gap="2">
          {/* The form is gone: the focus goes to what replaced it, not back to the page's top. */}
          <Text weight="bold" size="4" tabIndex={-1} ref={(text) => text?.focus()}>
            Thank you — your message has been sent.
          </Text>
          <Text color="gray">
            We read every message and answer at {email.trim()}, usually within two working days.
          </Text>
        </Flex>
      </Card>
    );
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-label={heading}>
        <Flex direction="column" gap="4">
          <Text as="p" size="4" weight="bold">
            {heading}
          </Text>
          <Field label="Your name" required error={show(errors.name) ?? serverError('name')}>
            <TextInput
              value={name}
              maxLength={CONTACT_LIMITS.name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
            />
          </Field>
          <Field label="Email address" required error={show(errors.email) ?? serverError('email')}>
            <TextInput
              type="email"
              value={email}
              maxLength={EMAIL_MAX_LENGTH}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </Field>
          <Field label="Subject" error={serverError('subject')}>
            <TextInput
              value={subject}
              maxLength={CONTACT_LIMITS.subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </Field>
          <Field label="Message" required error={show(errors.message) ?? serverError('message')}>
            <Textarea
              value={message}
              rows={6}
              maxLength={CONTACT_LIMITS.message}
              showCount
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          {refused && !refused.field ? (
            <ErrorCard
              ref={sendErrorRef}
              tabIndex={-1}
              title="Your message was not sent"
              message={isApiError(send.error) ? send.error.message : 'Please try again.'}
            />
          ) : null}
          <div>
            <Button type="submit" loading={send.isPending}>
              Send message
            </Button>
          </div>
        </Flex>
      </form>
    </Card>
  );
}

export function Component() {
  return (
    <Flex direction="column" gap="5" py="5" maxWidth="720px">
      <title>Contact — Verdant</title>
      <PageHeader
        title="Contact"
        description="Questions about a program, a claim review, a payout or your data: write to the Verdant team."
      />
      <ContactForm />
    </Flex>
  );
}
