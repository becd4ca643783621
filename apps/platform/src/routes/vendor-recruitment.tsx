import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuthSelector } from '@verdant/auth/react';
import { Button, Card, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';

const STEPS = [
  {
    title: 'Tell us about your company',
    text: 'Company, website and what you make. Onboarding saves each step, so you can finish later.',
  },
  {
    title: 'Prove your claims',
    text: 'Upload the certificate, audit or lifecycle assessment behind each sustainability claim. Approved claims show as verified on your products and program.',
  },
  {
    title: 'Set your program',
    text: 'Percentage or flat commission, a cookie window from 1 to 365 days, a holding period to cover returns, and whether applicants join automatically.',
  },
  {
    title: 'Pay for results',
    text: 'You pay a commission only when a creator’s link leads to a paid order. Every order’s split is stored and the monthly totals are public.',
  },
] as const;

/** A public page inviting merchants to sell through Verdant's creators. */
export function Component() {
  // A merchant already has an account: the way on is their dashboard (and the onboarding, while
  // it is not finished). Visitors (and other roles) are offered a merchant account.
  const merchant = useAuthSelector((snapshot) =>
    snapshot.user?.role !== 'merchant'
      ? null
      : snapshot.user.hasCompletedOnboarding
        ? 'onboarded'
        : 'onboarding',
  );
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Sell with Verdant — for sustainable merchants</title>
      <PageHeader
        title="Sell through creators who care about how things are made"
        description="Verdant’s affiliates recommend products with evidence behind their claims. Join as a merchant and reach them with an affiliate program you control."
        actions={
          <Button asChild size="lg">
            {merchant ? (
              <Link to="/dashboard-vendor">Go to your merchant dashboard</Link>
            ) : (
              <Link to="/signup/vendor">Create a merchant account</Link>
            )}
          </Button>
        }
      />
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {STEPS.map((step, index) => (
          <Card key={step.title}>
            <Flex direction="column" gap="2">
              <Text size="2" color="gray">
                Step {index + 1}
              </Text>
              <Heading as="h2" size="4">
                {step.title}
              </Heading>
              <Text as="p" color="gray">
                {step.text}
              </Text>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Card variant="brand">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5">
            What you see as a merchant
          </Heading>
          <Text as="p" color="gray">
            Sales attributed to each affiliate, commissions owed, your top affiliates and products,
            and the funnel from clicks to sales over 7, 30 or 90 days; applicants to approve; and a
            direct line to every affiliate in your program.
          </Text>
          <Flex gap="3" wrap="wrap">
            {/* Onboarding starts with an account: a merchant has one, and goes on with theirs. */}
            {merchant === 'onboarding' ? (
              <Button asChild>
                <Link to="/vendor-onboarding">Continue onboarding</Link>
              </Button>
            ) : merchant ? null : (
              <Button asChild>
                <Link to="/signup/vendor">Start onboarding</Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <a href="/vendor-one-sheet">Read the merchant one-sheet</a>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/pricing">Pricing</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
