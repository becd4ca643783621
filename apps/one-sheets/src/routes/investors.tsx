import { Box, Flex, Grid, Heading, Text, Theme } from '@radix-ui/themes';
import { CONTACT_LIMITS, isApiError } from '@verdant/api-client';
import { Badge, Button, Card, Field, PageHeader, StatCard, TextInput, Textarea } from '@verdant/ui';
import { EMAIL_MAX_LENGTH, validateEmail } from '@verdant/validation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getApi } from '../lib/api.ts';
import { usePageReady, useMarketingData, useRevenueTransparency } from '../lib/data.ts';
import { formatCount, formatDateTime, formatMoney } from '../lib/format.ts';
import { themeProps, usePrinting } from '../lib/print.ts';
import { revenueTotals } from './presentation.tsx';

type ContactField = 'name' | 'email' | 'organisation' | 'message';
type Errors = Partial<Record<ContactField | 'form', string>>;

/** The form's fields, in the order they are shown (the focus goes to the first one to fix). */
const FIELDS: Record<ContactField, { label: string; missing?: string; max?: number }> = {
  name: { label: 'Name', missing: 'Enter your name', max: CONTACT_LIMITS.name },
  // Its length is one of validateEmail's rules.
  email: { label: 'Email', missing: 'Enter your email address' },
  organisation: { label: 'Organisation', max: CONTACT_LIMITS.organisation },
  message: { label: 'Message', missing: 'Enter your message', max: CONTACT_LIMITS.message },
};

function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && Object.hasOwn(FIELDS, value);
}

/**
 * What the API client's checks (`validateContactMessage`) say about a field, as a sentence that
 * names the field: "must not be empty" asks for it, the email rules are sentences already.
 */
function fieldMessage(field: ContactField, reason: string): string {
  const { label, missing } = FIELDS[field];
  if (reason === 'must not be empty' && missing) return missing;
  return /^[A-Z]/.test(reason) ? reason : `${label} ${reason}`;
}

/**
 * Every field checked at once in the browser, by the limits the API enforces: name and message
 * must not be empty and fit their columns, the email passes `validateEmail` and the organisation is
 * optional. (What only the API's sanitiser finds, such as a name that is nothing but markup, comes
 * back from the submission and is shown at its field the same way.)
 */
function checkContact(values: Record<ContactField, string>): Errors {
  const errors: Errors = {};
  for (const field of Object.keys(FIELDS) as ContactField[]) {
    const { label, missing, max } = FIELDS[field];
    const value = values[field];
    if (value === '') {
      if (missing) errors[field] = missing;
    } else if (max !== undefined && value.length > max) {
      errors[field] = `${label} must be at most ${max} characters`;
    }
  }
  if (!errors.email && values.email) {
    const email = validateEmail(values.email);
    if (!email.valid) errors.email = email.error ?? 'Please enter a valid email address';
  }
  return errors;
}

function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);
  // Counts the submissions that ended with fields to fix: each one moves the focus to the first.
  const [refused, setRefused] = useState(0);
  // Whether the thank-you showed at the last render: the form that replaces it takes the focus.
  const wasSent = useRef(sent);

  // After the render that marks the fields aria-invalid, not before: the focus goes to the first
  // field to fix, so a keyboard or screen-reader user lands on it with its message.
  useEffect(() => {
    if (refused === 0) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'center' });
  }, [refused]);

  // The form is replaced by the thank-you (and back): the focus follows, instead of falling to
  // the page's top when the focused button disappears.
  useEffect(() => {
    if (sent) thanks.current?.focus();
    else if (wasSent.current) form.current?.querySelector<HTMLElement>('input')?.focus();
    wasSent.current = sent;
  }, [sent]);

  const refuse = (next: Errors) => {
    setErrors(next);
    setRefused((n) => n + 1);
  };

  // Never rejects: a failure is shown in the form.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const text = (name: ContactField) => String(values.get(name) ?? '').trim();
    const input = {
      name: text('name'),
      email: text('email'),
      organisation: text('organisation'),
      message: text('message'),
    };
    const invalid = checkContact(input);
    if (Object.keys(invalid).length > 0) {
      refuse(invalid);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const api = await getApi();
      if (!api) throw new Error('unavailable');
      await api.contact.submit({
        source: 'investors',
        ...input,
        organisation: input.organisation || null,
      });
      form.current?.reset();
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_failed') {
        const details = error.details as { field?: unknown; reason?: unknown } | undefined;
        if (isContactField(details?.field) && typeof details.reason === 'string')
          refuse({ [details.field]: fieldMessage(details.field, details.reason) });
        else setErrors({ form: error.message });
      } else if (isApiError(error) && error.code === 'rate_limited') {
        setErrors({ form: error.message });
      } else {
        setErrors({
          form: 'Your message could not be sent right now. Please try again in a few minutes.',
        });
      }
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Card variant="brand" role="status">
        <Heading as="h3" size="4" ref={thanks} tabIndex={-1}>
          Thank you — your message has been sent.
        </Heading>
        <Text as="p" size="2" color="gray" mt="1">
          We answer investor enquiries within two working days.
        </Text>
        <Button variant="secondary" size="sm" mt="3" onClick={() => setSent(false)}>
          Send another message
        </Button>
      </Card>
    );
  }

  return (
    <form
      ref={form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="contact-title"
    >
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Field label="Name" required error={errors.name}>
            <TextInput name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} required />
          </Field>
          <Field label="Email" required error={errors.email}>
            <TextInput
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              required
            />
          </Field>
        </Grid>
        <Field label="Organisation" error={errors.organisation}>
          <TextInput
            name="organisation"
            autoComplete="organization"
            maxLength={CONTACT_LIMITS.organisation}
          />
        </Field>
        <Field label="Message" required error={errors.message}>
          <Textarea name="message" rows={5} maxLength={CONTACT_LIMITS.message} showCount required />
        </Field>
        {errors.form ? (
          <Text as="p" size="2" color="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Flex>
          <Button type="submit" loading={sending}>
            Send message
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** `/investors`: problem, product, live traction, the business model and a contact form. */
export function Investors() {
  const data = useMarketingData();
  const revenue = useRevenueTransparency();
  usePageReady(data.state !== 'loading' && revenue.state !== 'loading');
  const f = data.figures;
  const totals = revenueTotals(revenue);
  const loading = data.state === 'loading';
  const printing = usePrinting();

  return (
    <Theme {...themeProps(printing)}>
      <title>Investing in Verdant</title>
      <Box
        asChild
        px={{ initial: '4', md: '6' }}
        py="6"
        style={{ maxWidth: 1120, margin: '0 auto' }}
      >
        <main>
          <PageHeader
            title="Investing in Verdant"
            description="Sustainable Affiliate Marketing: the affiliate platform where green claims are checked and the money flows are public."
            actions={
              <Flex gap="2" data-print-hide>
                <Button asChild variant="secondary">
                  <Link to="/presentation">View the presentation</Link>
                </Button>
                <Button asChild variant="primary">
                  <a href="#contact">Contact us</a>
                </Button>
              </Flex>
            }
          />
          <Flex direction="column" gap="7" mt="6">
            <Box asChild>
              <section aria-labelledby="problem">
                <Heading as="h2" size="6" id="problem" mb="3">
                  The problem
                </Heading>
                <Grid columns={{ initial: '1', md: '3' }} gap="3">
                  {[
                    [
                      'Unchecked green claims',
                      'Shoppers cannot tell which sustainable products are real, and honest brands are drowned out.',
                    ],
                    [
                      'Opaque affiliate money',
                      'Creators and merchants rarely see how a sale was split or when commissions are paid.',
                    ],
                    [
                      'Attribution that breaks',
                      'Without third-party cookies, sales go unattributed and creators go unpaid.',
                    ],
                  ].map(([title, body]) => (
                    <Card key={title}>
                      <Text as="p" weight="bold">
                        {title}
                      </Text>
                      <Text as="p" size="2" color="gray">
                        {body}
                      </Text>
                    </Card>
                  ))}
                </Grid>
              </section>
            </Box>

            <Box asChild>
              <section aria-labelledby="product">
                <Heading as="h2" size="6" id="product" mb="3">
                  The product
                </Heading>
                <Text as="p" size="3" color="gray" style={{ maxWidth: 820 }}>
                  Merchants prove sustainability claims with evidence and run affiliate programs
                  with clear commission, cookie-window and holding-period terms. Affiliates share
                  tracked links, link-in-bio pages and storefronts. Shoppers pay by card, every sale
                  is attributed first-party, and the split of every sale is published.
                </Text>
              </section>
            </Box>

            <Box asChild>
              <section aria-labelledby="traction">
                <Heading as="h2" size="6" id="traction" mb="3">
                  Traction
                </Heading>
                <Grid columns={{ initial: '2', md: '4' }} gap="3">
                  <StatCard
                    label="Approved merchants"
                    value={formatCount(f?.approved_merchants)}
                    loading={loading}
                  />
                  <StatCard
                    label="Affiliates"
                    value={formatCount(f?.affiliates)}
                    loading={loading}
                  />
                  <StatCard
                    label="Active programs"
                    value={formatCount(f?.active_programs)}
                    loading={loading}
                  />
                  <StatCard
                    label="Paid orders"
                    value={formatCount(f?.orders_paid)}
                    loading={loading}
                  />
                </Grid>
                <Text
                  as="p"
                  size="1"
                  color="gray"
                  mt="2"
                  data-testid="figures-source"
                  data-state={data.state}
                >
                  {data.state === 'live' && f ? (
                    <>
                      Live aggregates as of <span data-volatile>{formatDateTime(f.as_of)}</span>.
                    </>
                  ) : data.state === 'cached' && f ? (
                    <>
                      The platform could not be reached; last live aggregates, from{' '}
                      <span data-volatile>{formatDateTime(f.as_of)}</span>.
                    </>
                  ) : data.state === 'offline' ? (
                    <>
                      Live aggregates are unavailable (checked{' '}
                      <span data-volatile>{formatDateTime(data.checkedAt)}</span>).
                    </>
                  ) : (
                    'Loading live aggregates…'
                  )}
                </Text>
              </section>
            </Box>

            <Box asChild>
              <section aria-labelledby="model">
                <Heading as="h2" size="6" id="model" mb="3">
                  Business model
                </Heading>
                <Text as="p" size="3" color="gray" mb="3" style={{ maxWidth: 820 }}>
                  Verdant earns a platform fee on each attributed sale, subscriptions from creators
                  on paid tiers, and merchant services. The platform fee is public: every
                  sale&rsquo;s split is published on the revenue-transparency page.
                </Text>
                {totals ? (
                  <>
                    <Grid columns={{ initial: '2', md: '4' }} gap="3" data-volatile-block>
                      <StatCard
                        label="Gross sales, 12 months"
                        value={formatMoney(totals.gross, totals.currency)}
                      />
                      <StatCard
                        label="Paid to merchants"
                        value={formatMoney(totals.merchant, totals.currency)}
                      />
                      <StatCard
                        label="Paid to affiliates"
                        value={formatMoney(totals.affiliate, totals.currency)}
                      />
                      <StatCard
                        label="Platform fees"
                        value={formatMoney(totals.platform, totals.currency)}
                      />
                    </Grid>
                    <Text
                      as="p"
                      size="1"
                      color="gray"
                      mt="2"
                      data-testid="revenue-source"
                      data-volatile-block
                    >
                      From the published revenue split of {formatCount(totals.orders)} orders
                      (months with at least three sales).
                    </Text>
                  </>
                ) : (
                  <Text as="p" size="2" color="gray" data-testid="revenue-source">
                    {revenue.state === 'offline'
                      ? 'The revenue-transparency figures are unavailable right now.'
                      : revenue.state === 'loading'
                        ? 'Loading the revenue split…'
                        : 'No month has three or more sales yet, so no revenue split is published yet.'}
                  </Text>
                )}
              </section>
            </Box>

            <Box asChild>
              <section aria-labelledby="team">
                <Flex align="center" gap="2" mb="3">
                  <Heading as="h2" size="6" id="team">
                    Team
                  </Heading>
                  <Badge tone="warning">Placeholder</Badge>
                </Flex>
                <Card variant="ghost">
                  <Text as="p" size="2" color="gray">
                    Placeholder: the team section is not written yet. Names, roles and biographies
                    will appear here once they are approved for publication.
                  </Text>
                </Card>
              </section>
            </Box>

            <Box asChild id="contact">
              <section aria-labelledby="contact-title">
                <Heading as="h2" size="6" id="contact-title" mb="1">
                  Contact us
                </Heading>
                <Text as="p" size="2" color="gray" mb="3">
                  Tell us who you are and what you would like to know; the message goes to the
                  Verdant team.
                </Text>
                <Box data-print-hide style={{ maxWidth: 720 }}>
                  <ContactForm />
                </Box>
              </section>
            </Box>
          </Flex>
        </main>
      </Box>
    </Theme>
  );
}
