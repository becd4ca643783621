import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  ErrorCard,
  PageHeader,
  formatPrice,
} from '@verdant/ui';
import type { ApiClient, Subscription, SubscriptionTier } from '@verdant/api-client';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChangePlan } from './change-plan.ts';
import { useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { withNext } from '../lib/next-param.ts';
import { usePlan } from '../app/plan.tsx';
import { HELD_SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, heldPlan } from '@verdant/validation';
import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../lib/backend.ts';
import { errorMessage, formatDate } from './vendor-format.ts';

/** What a tier card offers the viewer. */
type TierAction =
  | 'start-free' // signed out, the free tier: sign up
  | 'log-in' // signed out, a paid tier: log in first
  | 'other-audience' // the tier is for the other kind of account
  | 'current-free' // the free tier is the viewer's plan
  | 'manage' // the viewer's own paid plan
  | 'change' // another tier of the viewer's kind while holding a paid plan: switch (or end) it
  | 'subscribe';

function tierAction(
  tier: SubscriptionTier,
  user: { role: string } | null,
  current: SubscriptionTier | null,
): TierAction {
  if (!user) return tier.id === null ? 'start-free' : 'log-in';
  if (user.role !== tier.audience && user.role !== 'admin') return 'other-audience';
  // One plan at a time: a holder of a paid plan switches it (or ends it, back to free) instead of
  // starting a second subscription beside it.
  if (current?.id === tier.id) return 'manage';
  if (current && current.audience === tier.audience) return 'change';
  return tier.id === null ? 'current-free' : 'subscribe';
}

function TierCard({
  tier,
  current,
  held,
}: {
  tier: SubscriptionTier;
  /** The viewer's plan, or null on the free plan (or signed out). */
  current: SubscriptionTier | null;
  /** The subscription that holds `current`, when known. */
  held: Subscription | undefined;
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
  const changePlan = useChangePlan();
  const focusWhenShown = useFocusWhenShown();
  const manageId = `manage-plan-${tier.id ?? 'free'}`;
  /**
   * Changes the plan; the button pressed goes with the card's old state, so the focus moves to this
   * card's "Manage your plan" once it shows (from the dialog, or from the page body it fell to).
   */
  const changeTo = async (target: typeof paidId) => {
    await changePlan(target);
    focusWhenShown(() => document.getElementById(manageId), {
      from: () => document.querySelector<HTMLElement>('[role="alertdialog"]'),
    });
  };
  const endsOn = held?.current_period_end ? formatDate(held.current_period_end) : null;
  const ending = held?.cancel_at_period_end === true;

  return (
    <Card size="lg" aria-labelledby={headingId}>
      <Flex direction="column" gap="3" height="100%">
        {/* The badge sits beside the name where it fits (the prices of a row stay level) and
            under it where it does not; the section heading already says whom the tier is for. */}
        <Flex align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="4" id={headingId}>
            {tier.name}
          </Heading>
          {action === 'manage' ? <Badge tone="success">Current plan</Badge> : null}
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
        {error ? <ErrorCard align="start" title="Not started" message={error} /> : null}
        <Box>
          {action === 'manage' ? (
            <Flex direction="column" gap="2" align="start">
              {ending && paidId !== null ? (
                <>
                  <Text as="p" size="2">
                    {endsOn ? `Ends on ${endsOn}.` : 'Set to end with this billing period.'}
                  </Text>
                  <ConfirmDialog
                    title={`Keep ${tier.name}?`}
                    description={`${tier.name} renews as before${endsOn ? ` on ${endsOn}` : ''} instead of ending.`}
                    confirmLabel={`Keep ${tier.name}`}
                    onConfirm={() => changeTo(paidId)}
                    errorMessage={errorMessage}
                    trigger={<Button>{`Keep ${tier.name}`}</Button>}
                  />
                </>
              ) : null}
              <Button variant="secondary" asChild>
                {/* The card names the plan; the link's name repeats it for a list of links. */}
                <Link
                  id={manageId}
                  to="/profile#plan"
                  aria-label={`Manage your plan, ${tier.name}`}
                >
                  Manage your plan
                </Link>
              </Button>
            </Flex>
          ) : action === 'change' && current && paidId === null && ending ? (
            // Set to end already: there is nothing to confirm here (keeping it is on its own card).
            <Text as="p" size="2">
              {`${current.name} already ends${endsOn ? ` on ${endsOn}` : ' with this billing period'}; your account returns to ${tier.name} then.`}
            </Text>
          ) : action === 'change' && current ? (
            <Flex direction="column" gap="2" align="start">
              <ConfirmDialog
                title={paidId === null ? `End ${current.name}?` : `Switch to ${tier.name}?`}
                description={
                  paidId === null
                    ? `${current.name} stays active until ${endsOn ?? 'the end of this billing period'}; then your account returns to ${tier.name}.`
                    : `${current.name} changes to ${tier.name} (${formatPrice(tier.priceCents, tier.currency)} per ${tier.interval}) now. The difference for the rest of this billing period is prorated on your next invoice.`
                }
                confirmLabel={paidId === null ? `End ${current.name}` : `Switch to ${tier.name}`}
                onConfirm={() => (paidId === null ? changePlan(null) : changeTo(paidId))}
                errorMessage={errorMessage}
                trigger={
                  <Button variant="secondary" aria-label={`Change plan to ${tier.name}`}>
                    Change plan
                  </Button>
                }
              />
              <Text as="p" size="1" color="gray">
                {paidId === null
                  ? `Changing to ${tier.name} ends ${current.name} when its paid period does.`
                  : 'Switches now; the difference is prorated on your next invoice.'}
              </Text>
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
            // A visitor signs up (or logs in) and comes back here to subscribe.
            <Flex gap="2" wrap="wrap" align="center">
              <Button asChild>
                <Link
                  to={withNext(
                    tier.audience === 'affiliate' ? '/signup/affiliate' : '/signup/vendor',
                    '/pricing',
                  )}
                  aria-label={`Sign up to subscribe to ${tier.name}`}
                >
                  Sign up to subscribe
                </Link>
              </Button>
              <Button asChild variant="ghost">
                <Link
                  to={withNext('/login', '/pricing')}
                  aria-label={`Log in to subscribe to ${tier.name}`}
                >
                  Log in
                </Link>
              </Button>
            </Flex>
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
  const held = (subscriptions.data ?? []).find(
    (row) =>
      row.tier === current?.id &&
      (HELD_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status),
  );
  const forCreators = { audience: 'affiliate', title: 'For creators' } as const;
  const forMerchants = { audience: 'merchant', title: 'For merchants' } as const;
  // A merchant reads their own plans first.
  const sections =
    user?.role === 'merchant' ? [forMerchants, forCreators] : [forCreators, forMerchants];
  return (
    <Flex direction="column" gap="6">
      <title>Pricing — Verdant</title>
      <PageHeader
        title="Pricing"
        description="Monthly plans, billed by card. Cancel at any time from your account."
      />
      {sections.map((section) => {
        const audienceTiers = tiers.filter((tier) => tier.audience === section.audience);
        return (
          <Flex key={section.audience} direction="column" gap="3">
            <Heading as="h2" size="5">
              {section.title}
            </Heading>
            {/* One column on phones, then the section's tiers side by side across the width; the
              cards of a row share its height, with their actions at the bottom. */}
            <Grid
              columns={{
                initial: '1',
                sm: String(Math.min(audienceTiers.length, 2)),
                md: String(Math.min(audienceTiers.length, 3)),
              }}
              gap="4"
            >
              {audienceTiers.map((tier) => (
                <TierCard key={tier.id ?? 'free'} tier={tier} current={current} held={held} />
              ))}
            </Grid>
          </Flex>
        );
      })}
    </Flex>
  );
}
