import { Flex, Text } from '@radix-ui/themes';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  Commission,
  RealtimeSubscription,
  RealtimeSubscriptionOptions,
} from '@verdant/api-client';
import { Badge, Card } from '@verdant/ui';
import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';

type LiveState = 'connecting' | 'live' | 'offline';

const LIVE_TEXT: Record<LiveState, string> = {
  connecting: 'Connecting to live updates…',
  live: 'New sales appear here as they happen.',
  offline: 'Live updates paused; the figures are as of the last load.',
};

const LIVE_BADGE: Record<LiveState, string> = {
  connecting: 'Connecting',
  live: 'Live',
  offline: 'Paused',
};

export interface LiveSalesProps {
  /** Whose sales: the signed-in affiliate's or merchant's id (none while the session loads). */
  ownerId: string | undefined;
  /** `subscribeToNewCommissions` (an affiliate's) or `subscribeToMerchantCommissions`. */
  subscribe: (
    supabase: typeof api.supabase,
    ownerId: string,
    onCommission: (commission: Commission) => void,
    options: RealtimeSubscriptionOptions,
  ) => RealtimeSubscription;
  /** The queries the dashboard reads its figures with: read again on each sale (a constant). */
  refresh: QueryKey;
  /** How a sale is announced. */
  describe: (sale: Commission) => { title: string; detail: string };
}

/**
 * New sales as they happen: new commissions arrive over realtime (the server checks each against
 * the commissions table's row-level security as the signed-in user). Each sale is announced in a
 * status region and the dashboard's figures are read again; the badge shows the connection.
 */
export function LiveSales({ ownerId, subscribe, refresh, describe }: LiveSalesProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const [sales, setSales] = useState<Commission[]>([]);
  useEffect(() => {
    if (!ownerId) return;
    const subscription = subscribe(
      api.supabase,
      ownerId,
      (commission) => {
        // A clawback is a refund taken back, not a sale; the figures still change.
        if (commission.kind !== 'clawback') setSales((list) => [commission, ...list].slice(0, 3));
        void queryClient.invalidateQueries({ queryKey: refresh });
      },
      {
        onStatus: (status) => {
          setState(status === 'SUBSCRIBED' ? 'live' : 'offline');
          // Back after a disconnection: sales made meanwhile came with no message.
          if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: refresh });
        },
      },
    );
    return () => void subscription.unsubscribe();
  }, [ownerId, subscribe, refresh, queryClient]);

  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" color="gray">
        <Badge tone={state === 'live' ? 'success' : 'neutral'}>{LIVE_BADGE[state]}</Badge>{' '}
        {LIVE_TEXT[state]}
      </Text>
      <Flex direction="column" gap="2" role="status" aria-label="New sales">
        {sales.map((sale) => {
          const text = describe(sale);
          return (
            <Card key={sale.id} size="sm">
              <Text as="p" weight="medium">
                {text.title}
              </Text>
              <Text as="p" size="2" color="gray">
                {text.detail}
              </Text>
            </Card>
          );
        })}
      </Flex>
    </Flex>
  );
}
