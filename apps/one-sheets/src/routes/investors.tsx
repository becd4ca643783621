import { Box, Flex, Grid, Heading, Text, Theme } from '@radix-ui/themes';
import { isApiError } from '@verdant/api-client';
import { Badge, Button, Card, Field, PageHeader, StatCard, TextInput, Textarea } from '@verdant/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getApi } from '../lib/api.ts';
import { usePageReady, useMarketingData, useRevenueTransparency } from '../lib/data.ts';
import { formatCount, formatDateTime, formatMoney } from '../lib/format.ts';
import { themeProps, usePrinting } from '../lib/print.ts';
import { revenueTotals } from './presentation.tsx';

type Errors = Partial<Record<'name' | 'email' | 'organisation' | 'message' | 'form', string>>;

function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  // Never rejects: a failure is shown in the form.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const text = (name: string) => String(values.get(name) ?? '');
    setErrors({});
    setSending(true);
    try {
      const api = await getApi();
      if (!api) throw new Error('unavailable');
      await api.contact.submit({
        source: 'investors',
        name: text('name'),
        email: text('email'),
        organisation: text('organisation') || null,
        message: text('message'),
      });
      form.reset();
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_failed') {
        const field = (error.details as { field?: string } | undefined)?.field;
        const message = error.message.replace(/^\w+ /, '');
        if (
          field === 'name' ||
          field === 'email' ||
          field === 'organisation' ||
          field === 'message'
        )
          setErrors({ [field]: field === 'email' ? message : `This ${message}` });
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
        <Heading as="h3" size="4">
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
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="contact-title">
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Field label="Name" required error={errors.name}>
            <TextInput name="name" autoComplete="name" maxLength={200} required />
          </Field>
          <Field label="Email" required error={errors.email}>
            <TextInput name="email" type="email" autoComplete="email" maxLength={254} required />
          </Field>
        </Grid>
        <Field label="Organisation" error={errors.organisation}>
          <TextInput name="organisation" autoComplete="organization" maxLength={200} />
        </Field>
        <Field label="Message" required error={errors.message}>
          <Textarea name="message" rows={5} maxLength={4000} showCount required />
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
