import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, ErrorCard, PageHeader, formatPrice } from '@verdant/ui';
import type { ApiClient, SubscriptionTier } from '@verdant/api-client';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlan } from '../app/plan.tsx';
import { SUBSCRIPTION_TIERS } from '@verdant/validation';
import { loadApi } from '../lib/backend.ts';
import { errorMessage } from './vendor-format.ts';

function TierCard({ tier }: { tier: SubscriptionTier }) {
  const { isAuthenticated } = useAuth();
  const plan = usePlan();
  const isCurrent = isAuthenticated && plan.tier?.id === tier.id && tier.id !== null;
  // One plan at a time: a holder of another paid plan for the same audience changes it from the
  // profile's billing portal instead of starting a second subscription.
  const changesPlan =
    isAuthenticated &&
    !isCurrent &&
    tier.id !== null &&
    plan.tier !== null &&
    plan.tier.audience === tier.audience;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `tier-${tier.id ?? 'free'}`;

  /** Sends the browser to the URL that `start` asks the backend for, or shows why not. */
  const goTo = async (start: (api: ApiClient) => Promise<{ url: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await start(await loadApi());
      window.location.assign(url);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };
  const paidId = tier.id;
  const onSubscribe = () =>
    paidId === null ? undefined : goTo((api) => api.subscriptions.createCheckout(paidId));
  // Stripe's billing portal switches a subscription between tiers.
  const onChangePlan = () => goTo((api) => api.subscriptions.openCustomerPortal());

  return (
    <Card size="lg" aria-labelledby={headingId}>
      <Flex direction="column" gap="3" height="100%">
        <Flex justify="between" align="center" gap="2">
          <Heading as="h3" size="4" id={headingId}>
            {tier.name}
          </Heading>
          <Badge tone={tier.audience === 'affiliate' ? 'brand' : 'info'}>
            {tier.audience === 'affiliate' ? 'Creators' : 'Merchants'}
          </Badge>
        </Flex>
        <Text size="6" weight="bold">
          {tier.priceCents === 0 ? 'Free' : formatPrice(tier.priceCents, tier.currency)}
          {tier.priceCents === 0 ? null : (
            <Text size="2" weight="regular" color="gray">
              {' '}
              per {tier.interval}
            </Text>
          )}
        </Text>
        <ul style={{ margin: 0, paddingLeft: '1.2em', flex: 1 }}>
          {tier.features.map((feature) => (
            <li key={feature}>
              <Text size="2">{feature}</Text>
            </li>
          ))}
        </ul>
        {error ? (
          <ErrorCard
            align="start"
            title={changesPlan ? 'Billing portal' : 'Not started'}
            message={error}
          />
        ) : null}
        <Box>
          {isCurrent ? (
            <Button variant="secondary" asChild>
              {/* The card names the plan; the link's name repeats it for a list of links. */}
              <Link to="/profile" aria-label={`Manage your plan, ${tier.name}`}>
                Manage your plan
              </Link>
            </Button>
          ) : changesPlan ? (
            <Button
              variant="secondary"
              onClick={() => void onChangePlan()}
              loading={busy}
              aria-label={`Change plan to ${tier.name}`}
            >
              Change plan
            </Button>
          ) : tier.id === null ? (
            <Button asChild variant="secondary">
              <Link to="/signup/affiliate">Start free</Link>
            </Button>
          ) : isAuthenticated ? (
            <Button
              onClick={() => void onSubscribe()}
              loading={busy}
              aria-label={`Subscribe to ${tier.name}`}
            >
              Subscribe
            </Button>
          ) : (
            <Button asChild>
              <Link to="/login?next=/pricing" aria-label={`Log in to subscribe to ${tier.name}`}>
                Log in to subscribe
              </Link>
            </Button>
          )}
        </Box>
      </Flex>
    </Card>
  );
}

/** /pricing: the subscription tiers; paid ones start a card checkout. */
export function Component() {
  const tiers = SUBSCRIPTION_TIERS;
  const sections = [
    { audience: 'affiliate', title: 'For creators' },
    { audience: 'merchant', title: 'For merchants' },
  ] as const;
  return (
    <Flex direction="column" gap="6">
      <title>Pricing — Verdant</title>
      <PageHeader
        title="Pricing"
        description="Monthly plans, billed by card. Cancel at any time from your account."
      />
      {sections.map((section) => (
        <Flex key={section.audience} direction="column" gap="3">
          <Heading as="h2" size="5">
            {section.title}
          </Heading>
          <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
            {tiers
              .filter((tier) => tier.audience === section.audience)
              .map((tier) => (
                <TierCard key={tier.id ?? 'free'} tier={tier} />
              ))}
          </Grid>
        </Flex>
      ))}
    </Flex>
  );
}
