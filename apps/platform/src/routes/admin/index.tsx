import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';

const AREAS = [
  {
    to: '/admin/metrics',
    title: 'Platform metrics',
    text: 'Users by role, GMV and commissions, page load times, demo views and client errors.',
  },
  {
    to: '/admin/users',
    title: 'Users',
    text: 'Search users and change their roles.',
  },
  {
    to: '/admin/approvals',
    title: 'Approvals',
    text: 'Merchants, products and sustainability claims waiting for review.',
  },
  {
    to: '/admin/moderation',
    title: 'Moderation',
    text: 'Community reports: hide, remove or dismiss.',
  },
  {
    to: '/admin/payouts',
    title: 'Payouts',
    text: 'Payout history, and runs that pay affiliates their approved commissions.',
  },
] as const;

/** The administrators' start page (/admin). */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Administration — Verdant</title>
      <PageHeader
        title="Administration"
        description="Keep the marketplace honest: people, evidence, content and money."
      />
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {AREAS.map((area) => (
          <Card key={area.to}>
            <Flex direction="column" gap="2" height="100%">
              <Heading as="h2" size="4">
                {area.title}
              </Heading>
              <Text as="p" color="gray">
                {area.text}
              </Text>
              <Flex mt="auto">
                <Button asChild variant="secondary" size="sm">
                  <Link to={area.to}>Open {area.title.toLowerCase()}</Link>
                </Button>
              </Flex>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}
