import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';
import { ContactForm } from './contact.tsx';

const TOPICS = [
  {
    title: 'My sale was not credited',
    text: 'A sale is credited to the last tracked link clicked within the program’s cookie window. Check the link was enabled and the click is listed in your link’s stats; commissions appear as pending once the payment succeeds.',
    to: '/technical-wiki#attribution',
    label: 'How attribution works',
  },
  {
    title: 'When am I paid?',
    text: 'A commission is approved after the program’s holding period and paid out with your other approved commissions. Refunds before payout reverse it.',
    to: '/technical-wiki#commissions',
    label: 'Commissions and payouts',
  },
  {
    title: 'Getting a claim verified',
    text: 'Upload the evidence for each claim during onboarding: a certificate, audit or lifecycle assessment with its issuer, scope and expiry date. An administrator reviews it.',
    to: '/vendor-onboarding',
    label: 'Merchant onboarding',
  },
  {
    title: 'Cookies and your data',
    text: 'One attribution cookie and a few local-storage entries for your session. Nothing is used for advertising.',
    to: '/cookies',
    label: 'What we store',
  },
] as const;

/** Help: the common questions, then the contact form. */
export function Component() {
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Help — Verdant</title>
      <PageHeader
        title="Help"
        description="Answers to the questions we hear most, and a way to reach us."
      />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {TOPICS.map((topic) => (
          <Card key={topic.title}>
            <Flex direction="column" gap="2" height="100%">
              <Heading as="h2" size="4">
                {topic.title}
              </Heading>
              <Text as="p" color="gray">
                {topic.text}
              </Text>
              <Flex mt="auto">
                <Button asChild variant="ghost" size="sm">
                  <Link to={topic.to}>{topic.label}</Link>
                </Button>
              </Flex>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Flex direction="column" maxWidth="720px">
        <ContactForm heading="Still stuck? Write to us" />
      </Flex>
    </Flex>
  );
}
