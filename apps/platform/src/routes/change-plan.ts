import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_TIERS, type PaidTierId } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { toast } from '@verdant/ui';
import { loadApi } from '../lib/backend.ts';
import { formatDate } from './vendor-format.ts';

/**
 * Changes the signed-in subscriber's plan without a second checkout (another paid tier now; `null`
 * ends the plan when the paid period does; their own tier keeps a plan set to end), tells them,
 * and re-reads their subscriptions and the plan the gates use. Rejects with the refusal, for the
 * confirm dialog to show.
 */
export function useChangePlan(): (target: PaidTierId | null) => Promise<void> {
  const { refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  return async (target) => {
    const changed = await (await loadApi()).subscriptions.changePlan(target);
    const name = SUBSCRIPTION_TIERS.find((tier) => tier.id === changed.tier)?.name ?? 'Your plan';
    toast({
      title: changed.cancelAtPeriodEnd ? `${name} will end` : `You are on ${name}`,
      description:
        changed.cancelAtPeriodEnd && changed.currentPeriodEnd
          ? `It stays active until ${formatDate(changed.currentPeriodEnd)}.`
          : 'The change applies now.',
    });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['subscriptions', 'mine'] }),
      refreshProfile(),
    ]);
  };
}
