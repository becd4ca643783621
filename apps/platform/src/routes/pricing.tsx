import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, ErrorCard, PageHeader, formatPrice } from '@verdant/ui';
import type { ApiClient, SubscriptionTier } from '@verdant/api-client';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlan } from '../app/plan.tsx';
import { SUBSCRIPTION_TIERS, heldPlan } from '@verdant/validation';
import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../lib/backend.ts';
import { errorMessage } from './vendor-format.ts';

/** What a tier card offers the viewer. */
type TierAction =
  | 'start-free' // signed out, the free tier: sign up
  | 'log-in' // signed out, a paid tier: log in first
  | 'other-audience' // the tier is for the other kind of account
  | 'current-free' // the free tier is the viewer's plan
  | 'manage' // the viewer's own paid plan
  | 'change' // another tier of the viewer's kind while holding a paid plan: the billing portal
  | 'subscribe';

function tierAction(
  tier: SubscriptionTier,
  user: { role: string } | null,
  current: SubscriptionTier | null,
): TierAction {
  if (!user) return tier.id === null ? 'start-free' : 'log-in';
  if (user.role !== tier.audience && user.role !== 'admin') return 'other-audience';
  // One plan at a time: a holder of a paid plan changes it (or ends it, back to free) in the
  // billing portal instead of starting a second subscription beside it.
  if (current?.id === tier.id) return 'manage';
  if (current && current.audience === tier.audience) return 'change';
  return tier.id === null ? 'current-free' : 'subscribe';
}

function TierCard({
  tier,
  current,
}: {
  tier: SubscriptionTier;
  /** The viewer's plan, or null on the free plan (or signed out). */
  current: SubscriptionTier | null;
}) {
  const { user } = useAuth();
  const action = tierAction(tier, user, current);
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
  // Stripe's billing portal ends the current plan (back to free) or updates its card; it does not
  // switch between paid tiers (their prices are made at checkout, not kept in a catalogue), so a
  // move to another paid tier is: end the plan there, then subscribe here.
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
            title={action === 'change' ? 'Billing portal' : 'Not started'}
            message={error}
          />
        ) : null}
        <Box>
          {action === 'manage' ? (
            <Button variant="secondary" asChild>
              {/* The card names the plan; the link's name repeats it for a list of links. */}
              <Link to="/profile" aria-label={`Manage your plan, ${tier.name}`}>
                Manage your plan
              </Link>
            </Button>
          ) : action === 'change' ? (
            <Flex direction="column" gap="2" align="start">
              <Button
                variant="secondary"
                onClick={() => void onChangePlan()}
                loading={busy}
                aria-label={`Change plan to ${tier.name}`}
              >
                Change plan
              </Button>
              {tier.id !== null && current ? (
                <Text as="p" size="1" color="gray">
                  {`End ${current.name} in the billing portal, then subscribe to ${tier.name} here.`}
                </Text>
              ) : null}
            </Flex>
          ) : action === 'subscribe' ? (
            <Button
              onClick={() => void onSubscribe()}
              loading={busy}
              aria-label={`Subscribe to ${tier.name}`}
            >
              Subscribe
            </Button>
          ) : action === 'log-in' ? (
            <Button asChild>
              <Link to="/login?next=/pricing" aria-label={`Log in to subscribe to ${tier.name}`}>
                Log in to subscribe
              </Link>
            </Button>
          ) : action === 'start-free' ? (
            <Button asChild variant="secondary">
              <Link to="/signup/affiliate">Start free</Link>
            </Button>
          ) : (
            <Text as="p" size="2" color="gray">
              {action === 'current-free'
                ? 'Your current plan'
                : `For ${tier.audience === 'affiliate' ? 'creator' : 'merchant'} accounts`}
            </Text>
          )}
        </Box>
      </Flex>
    </Card>
  );
}

/** /pricing: the subscription tiers; paid ones start a card checkout. */
export function Component() {
  const tiers = SUBSCRIPTION_TIERS;
  const { user } = useAuth();
  const plan = usePlan();
  // The session knows active plans only; a plan whose payment is overdue (or paused) is still
  // held and billed, so it counts too: one plan at a time, as the checkout function enforces.
  const subscriptions = useQuery({
    queryKey: ['subscriptions', 'mine', user?.id],
    queryFn: async () => (await loadApi()).subscriptions.listMine(),
    enabled: Boolean(user),
  });
  const current = plan.tier ?? heldPlan(subscriptions.data ?? []) ?? null;
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
                <TierCard key={tier.id ?? 'free'} tier={tier} current={current} />
              ))}
          </Grid>
        </Flex>
      ))}
    </Flex>
  );
}
