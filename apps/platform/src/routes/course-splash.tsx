import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';

const REASONS = [
  {
    title: 'Say only what the evidence says',
    text: 'Learn to read a certificate, a lifecycle assessment and a supplier declaration, and to turn them into claims your audience can check — the difference between a recommendation and greenwashing.',
  },
  {
    title: 'Understand how you are paid',
    text: 'Tracked links, the cookie window, last-click attribution, holding periods, refunds and clawbacks: what happens between a click and a payout.',
  },
  {
    title: 'Run a fair program',
    text: 'For merchants: setting commissions and cookie windows, reviewing applicants and keeping claims current.',
  },
] as const;

/** The course splash (/course-splash): why Verdant Education is worth an hour. */
export function Component() {
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Verdant Education — learn sustainable affiliate marketing</title>
      <PageHeader
        title="Learn to recommend sustainable products honestly"
        description="Short, practical courses for affiliates and merchants. Finish one and get a certificate with a code anyone can verify."
        actions={
          <Button asChild size="lg">
            <Link to="/education">Browse the courses</Link>
          </Button>
        }
      />
      <Grid columns={{ initial: '1', md: '3' }} gap="4">
        {REASONS.map((reason) => (
          <Card key={reason.title}>
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                {reason.title}
              </Heading>
              <Text as="p" color="gray">
                {reason.text}
              </Text>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Card variant="brand">
        <Flex direction="column" gap="2">
          <Heading as="h2" size="4">
            How it works
          </Heading>
          <Text as="p" color="gray">
            Each course is a handful of modules you can read in a few minutes. Mark a module
            complete and your progress is saved to your account; complete every module and your
            certificate is issued at once, printable and verifiable by its code.
          </Text>
        </Flex>
      </Card>
    </Flex>
  );
}
