import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card, PageHeader, Prose } from '@verdant/ui';
import { Link } from 'react-router';

const PRINCIPLES = [
  {
    title: 'Evidence before badges',
    text: 'A merchant’s claim such as “plastic-free packaging” is shown as verified only after an administrator has reviewed the certificate, audit or report behind it, with its issuer, scope and expiry date. Expired evidence stops counting on the day it expires.',
  },
  {
    title: 'Attribution you can check',
    text: 'Each sale is credited to the last tracked link a shopper followed within the program’s cookie window. Affiliates see their clicks, sales and commissions as they happen, and merchants see which affiliate sent each order.',
  },
  {
    title: 'Every split is public',
    text: 'For every paid order we store what went to the merchant, the affiliate, the platform and the payment provider. The monthly totals are published on the revenue transparency page.',
  },
] as const;

/** About Verdant: what it is for and the rules it holds itself to. */
export function Component() {
  return (
    <Flex direction="column" gap="6" py="5">
      <title>About Verdant — Sustainable Affiliate Marketing</title>
      <PageHeader
        title="About Verdant"
        description="Sustainable Affiliate Marketing: a marketplace where recommendations are tracked, paid fairly and backed by evidence."
      />
      <Prose>
        <p>
          Verdant is an affiliate-marketing platform for products that make a measurable difference:
          refillable, repairable, recycled, organic or locally made. Creators earn a commission for
          recommending them; merchants pay only for sales that creators actually sent; shoppers can
          see why a product is listed here and what its estimated footprint is.
        </p>
        <p>
          We started Verdant because “green” labels are easy to print and hard to check. On Verdant
          a sustainability claim is a record with evidence attached, reviewed by a person, and a
          product’s CO2e estimate always names its source. Where we have no evidence, we say
          nothing.
        </p>
      </Prose>
      <Grid columns={{ initial: '1', md: '3' }} gap="4">
        {PRINCIPLES.map((p) => (
          <Card key={p.title}>
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                {p.title}
              </Heading>
              <Text as="p" color="gray">
                {p.text}
              </Text>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Flex gap="3" wrap="wrap">
        <Button asChild>
          <Link to="/technical-wiki">How Verdant works</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/revenue-transparency">See where the money goes</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/careers">Work with us</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
