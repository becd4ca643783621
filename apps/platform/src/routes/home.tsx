import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { MarketingFigures } from '@verdant/api-client';
import { useAuthSelector } from '@verdant/auth/react';
import { Button, Card, StatCard } from '@verdant/ui';
import { Link } from 'react-router';
import { afterFirstPage, loadApi } from '../lib/backend.ts';
import { formatCount } from './vendor-format.ts';

const AUDIENCES = [
  {
    title: 'For creators',
    text: 'Join programs from merchants with verified sustainability claims, share tracked links, a link-in-bio page and storefronts, and see every click, sale and payout.',
    cta: { to: '/signup/affiliate', label: 'Become an affiliate' },
  },
  {
    title: 'For merchants',
    text: 'List your products with their evidence, run an affiliate program with your own commission, cookie window and holding period, and pay only for attributed sales.',
    cta: { to: '/signup/vendor', label: 'Sell with Verdant' },
  },
  {
    title: 'For shoppers',
    text: 'Browse products whose claims were reviewed, with the estimated CO2e and where it comes from, and pay by card. The creator who sent you is credited.',
    cta: { to: '/shop', label: 'Visit the shop' },
  },
] as const;

const FIGURES: ReadonlyArray<{ key: keyof MarketingFigures; label: string }> = [
  { key: 'approved_products', label: 'Reviewed products' },
  { key: 'approved_merchants', label: 'Approved merchants' },
  { key: 'verified_claims', label: 'Verified claims' },
  { key: 'affiliates', label: 'Creators' },
];

/**
 * Live platform figures from the public aggregate (counts only). While loading the cards show
 * skeletons; if the figures cannot be read the section is left out and the page stands on its copy.
 */
function PlatformFigures() {
  const figures = useQuery({
    queryKey: ['marketing', 'figures'],
    // The figures are not what the visitor reads first: they load once the page has been painted.
    queryFn: async () => (await afterFirstPage().then(loadApi)).marketing.figures(),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  if (figures.isError) return null;
  const data = figures.data;
  return (
    <Box asChild>
      <section aria-labelledby="home-figures">
        <Heading as="h2" size="3" id="home-figures" mb="3" color="gray">
          Verdant today
        </Heading>
        <Grid columns={{ initial: '2', md: '4' }} gap="3">
          {FIGURES.map(({ key, label }) => (
            <StatCard
              key={key}
              label={label}
              loading={!data}
              value={data ? formatCount(Number(data[key])) : '–'}
            />
          ))}
        </Grid>
      </section>
    </Box>
  );
}

/** The home page: what Verdant is, and where each kind of visitor starts. */
export function Component() {
  const isAuthenticated = useAuthSelector((snapshot) => snapshot.isAuthenticated);
  const role = useAuthSelector((snapshot) => snapshot.user?.role);
  const home = role === 'merchant' ? '/dashboard-vendor' : '/dashboard';
  return (
    <Flex direction="column" gap="8" py={{ initial: '5', md: '8' }}>
      <Flex direction="column" gap="4" maxWidth="720px">
        <Text size="2" weight="bold" color="mint">
          Sustainable Affiliate Marketing
        </Text>
        <Heading as="h1" size={{ initial: '8', md: '9' }}>
          Earn by recommending products that are better for the planet
        </Heading>
        <Text as="p" size="4" color="gray">
          Verdant connects creators with merchants who can prove their sustainability claims. Every
          link is tracked, every sale is attributed, and every split is public.
        </Text>
        <Flex gap="3" wrap="wrap">
          {isAuthenticated ? (
            <Button asChild size="lg">
              <Link to={home}>Go to your dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/signup">Create an account</Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <Link to="/login">Log in</Link>
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      <PlatformFigures />
      <Grid columns={{ initial: '1', md: '3' }} gap="4">
        {AUDIENCES.map((audience) => (
          <Card key={audience.title} variant="brand">
            <Flex direction="column" gap="3" height="100%">
              <Heading as="h2" size="5">
                {audience.title}
              </Heading>
              <Text as="p" color="gray">
                {audience.text}
              </Text>
              <Box mt="auto">
                <Button asChild variant="outline">
                  <Link to={audience.cta.to}>{audience.cta.label}</Link>
                </Button>
              </Box>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}
