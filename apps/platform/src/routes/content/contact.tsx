import { Flex, Text } from '@radix-ui/themes';
import { isApiError } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { validateEmail } from '@verdant/validation';
import { Button, Card, ErrorCard, Field, PageHeader, TextInput, Textarea } from '@verdant/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { loadApi } from '../../lib/backend.ts';
import { useFocusFirstInvalid } from '../../lib/focus-invalid.ts';

const MESSAGE_MAX = 4000;

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
    mutationFn: async () =>
      (await loadApi()).contact.submit({
        name: name.trim(),
        email: email.trim(),
        subject: subject.trim() || null,
        message: message.trim(),
      }),
  });

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
    // The focus goes to the first field to fix, once its message is shown.
    if (errors.name || errors.email || errors.message) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    send.mutate();
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
          <Field label="Your name" required error={show(errors.name)}>
            <TextInput value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </Field>
          <Field label="Email address" required error={show(errors.email)}>
            <TextInput
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </Field>
          <Field label="Subject">
            <TextInput
              value={subject}
              maxLength={200}
              onChange={(e) => setSubject(e.target.value)}
            />
          </Field>
          <Field label="Message" required error={show(errors.message)}>
            <Textarea
              value={message}
              rows={6}
              maxLength={MESSAGE_MAX}
              showCount
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          {send.isError ? (
            <ErrorCard
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
