import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import {
  PLAN_RESOURCES,
  SUBSCRIPTION_TIERS,
  planLimit,
  type PaidTierId,
  type PlanResource,
  type SubscriptionTier,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { Button, Card } from '@verdant/ui';
import { Link } from 'react-router';

/**
 * The signed-in user's plan as the feature gates read it. The subscription fields come from the
 * auth engine, which re-reads them 100 ms after every login and token refresh (spec §7), so a
 * subscription bought (or ended) elsewhere reaches the gates without a reload.
 */
export interface Plan {
  /** The active paid tier, or null on the free plan. */
  tier: (SubscriptionTier & { id: PaidTierId }) | null;
  /** How many of each plan-limited resource the user may own; null is unlimited. */
  limits: Readonly<Record<PlanResource, number | null>>;
}

/** The paid tier with this stored id. */
export function tierById(
  id: string | null | undefined,
): (SubscriptionTier & { id: PaidTierId }) | null {
  return (
    SUBSCRIPTION_TIERS.find(
      (tier): tier is SubscriptionTier & { id: PaidTierId } => tier.id !== null && tier.id === id,
    ) ?? null
  );
}

export function usePlan(): Plan {
  const { user } = useAuth();
  return {
    tier: user?.hasActiveSubscription ? tierById(user.subscriptionTier) : null,
    limits: Object.fromEntries(
      PLAN_RESOURCES.map((resource) => [resource, planLimit(user, resource)]),
    ) as Record<PlanResource, number | null>,
  };
}

/** Whether `owned` rows already reach the limit (the database refuses the next creation). */
export function atPlanLimit(limit: number | null, owned: number | undefined): boolean {
  return limit !== null && owned !== undefined && owned >= limit;
}

/** Shown in place of a feature the user's plan does not include, with the way to unlock it. */
export function UpgradeCard({
  title,
  description,
  tier = 'pro',
}: {
  title: string;
  description: string;
  tier?: PaidTierId;
}) {
  const target = tierById(tier);
  const headingId = `upgrade-${tier}`;
  return (
    <Card size="lg" variant="brand" aria-labelledby={headingId}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={headingId}>
          {title}
        </Heading>
        <Text as="p" size="2">
          {description}
        </Text>
        <Box>
          <Button asChild>
            <Link to="/pricing">{`See ${target?.name ?? 'plans'}`}</Link>
          </Button>
        </Box>
      </Flex>
    </Card>
  );
}
