import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { shippingAddressOf, type OrderStatus } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  ErrorCard,
  PageHeader,
  Skeleton,
  Spinner,
  formatPrice,
} from '@verdant/ui';
import { isUuid } from '@verdant/validation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { cartStore, lineTotal, type CheckoutRecord } from '../lib/cart.ts';
import { addressLines, countryName } from '../lib/shipping-address.ts';
import { tierById } from '../app/plan.tsx';
import { errorMessage } from './vendor-format.ts';

/**
 * Stripe sends the shopper back as soon as the card is accepted; the webhook that marks the order
 * paid may arrive a moment later. The page asks again every 2 s for up to a minute before it says
 * the confirmation is late.
 */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_WAIT_MS = 60_000;

/** True for the first CONFIRM_WAIT_MS after the page opened: while a late confirmation is usual. */
function useConfirmationWindow(): boolean {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return open;
}

const PAID: ReadonlySet<OrderStatus> = new Set(['paid', 'partially_refunded']);

/**
 * The stored order, once `settled` (paid or refunded: its address is written with the payment),
 * for a signed-in viewer who may read it (row-level security: buyer, merchant, admin).
 */
function useStoredOrder(orderId: string, settled: boolean) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['orders', orderId],
    queryFn: () => api.orders.get(orderId),
    enabled: isAuthenticated && settled,
    retry: false,
  });
}

function OrderSummary({
  orderId,
  record,
  state,
}: {
  orderId: string;
  record: CheckoutRecord | undefined;
  state: 'Paid' | 'Refunded';
}) {
  const { isAuthenticated } = useAuth();
  // Signed-in buyers can read the stored order (row-level security: buyer, merchant, admin).
  const order = useStoredOrder(orderId, true);

  const lines = order.data
    ? order.data.order_items.map((item) => ({
        key: item.id,
        name: item.product_name,
        quantity: item.quantity,
        totalCents: item.line_total_cents,
      }))
    : (record?.lines.map((line) => ({
        key: line.productId,
        name: line.name,
        quantity: line.quantity,
        totalCents: lineTotal(line),
      })) ?? []);
  // Where it ships: the whole address for the signed-in buyer (read with the order), the town and
  // country for a guest, who may ask by the order's id.
  const address = order.data ? shippingAddressOf(order.data.shipping_address) : null;
  const destination = useQuery({
    queryKey: ['orders', orderId, 'destination'],
    queryFn: () => api.orders.shippingDestination(orderId),
    enabled: !isAuthenticated || order.isError,
    retry: false,
  });
  const shippingTo = address
    ? addressLines(address).join(', ')
    : destination.data
      ? [destination.data.city, countryName(destination.data.country)].filter(Boolean).join(', ')
      : null;
  const currency = order.data?.currency ?? record?.lines[0]?.currency ?? 'USD';
  const total = order.data?.total_cents ?? lines.reduce((sum, line) => sum + line.totalCents, 0);

  return (
    <Card size="lg">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Heading as="h2" size="4">
            Order {orderId.slice(0, 8).toUpperCase()}
          </Heading>
          <Badge tone={state === 'Paid' ? 'success' : 'neutral'}>{state}</Badge>
        </Flex>
        {shippingTo && state === 'Paid' ? <Text>Shipping to {shippingTo}</Text> : null}
        {lines.length === 0 ? (
          <Text size="2" color="gray">
            This browser did not start the checkout, so its products are not listed here. Quote the
            order reference above to the merchant about it.
          </Text>
        ) : (
          <>
            <Flex asChild direction="column" gap="2">
              <ul
                aria-label="Ordered products"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {lines.map((line) => (
                  <li key={line.key}>
                    <Flex justify="between" gap="3">
                      <Text>
                        {line.quantity} × {line.name}
                      </Text>
                      <Text>{formatPrice(line.totalCents, currency)}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
            <Flex justify="between">
              <Text weight="bold">Total</Text>
              <Text weight="bold">{formatPrice(total, currency)}</Text>
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}

/** What the page says: its heading, the line under it, and what follows. */
interface Outcome {
  title: string;
  description: string;
  body?: ReactNode;
  actions: ReactNode;
}

/** While the payment service has not confirmed `what` yet (an order's payment, a plan). */
function confirming(what: string): Outcome {
  return {
    title: 'Confirming your payment',
    description: 'This usually takes a few seconds. Please keep this page open.',
    body: (
      <Card size="lg">
        <Flex role="status" align="center" gap="3">
          <Spinner size="sm" />
          <Text>Waiting for the card payment service to confirm {what}…</Text>
        </Flex>
      </Card>
    ),
    actions: null,
  };
}

const shopActions = (
  <Button asChild>
    <Link to="/shop">Continue shopping</Link>
  </Button>
);

const cartActions = (
  <>
    <Button asChild>
      <Link to="/cart">Back to your cart</Link>
    </Button>
    <Button asChild variant="secondary">
      <Link to="/shop">Continue shopping</Link>
    </Button>
  </>
);

/** An order's outcome, as the database states it (a guest may ask by the order's id). */
function useOrderOutcome(orderId: string): Outcome | 'loading' {
  // The lines this browser started the checkout with; read once, before they leave the cart.
  const [record] = useState<CheckoutRecord | undefined>(() => cartStore.checkout(orderId));
  const waiting = useConfirmationWindow();
  const status = useQuery({
    queryKey: ['orders', orderId, 'status'],
    queryFn: () => api.orders.paymentStatus(orderId),
    refetchInterval: (query) =>
      query.state.data === 'pending' && waiting ? CONFIRM_POLL_MS : false,
  });
  const paid = status.data != null && PAID.has(status.data);
  // The signed-in buyer finds the order again, with all the others, on /orders.
  const { user } = useAuth();
  const stored = useStoredOrder(orderId, paid || status.data === 'refunded');
  const buyer = user != null && stored.data != null && stored.data.buyer_id === user.id;
  const settledActions = buyer ? (
    <>
      {shopActions}
      <Button asChild variant="secondary">
        <Link to="/orders">See your orders</Link>
      </Button>
    </>
  ) : (
    shopActions
  );
  useEffect(() => {
    // Only a paid order takes its lines out of the cart.
    if (paid) cartStore.completeCheckout(orderId);
  }, [orderId, paid]);

  if (status.isError)
    return {
      title: 'Payment',
      description: 'The payment could not be checked just now.',
      body: (
        <ErrorCard message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
      ),
      actions: shopActions,
    };
  if (status.isPending) return 'loading';
  const summary = (state: 'Paid' | 'Refunded') => (
    <OrderSummary orderId={orderId} record={record} state={state} />
  );
  switch (status.data) {
    case 'paid':
    case 'partially_refunded':
      return {
        title: 'Thank you, payment received',
        description:
          'Your order is confirmed. The merchant ships it and emails you the tracking details.',
        body: summary('Paid'),
        actions: settledActions,
      };
    case 'refunded':
      return {
        title: 'This order was refunded',
        description: 'The payment was returned to your card; the order will not be shipped.',
        body: summary('Refunded'),
        actions: settledActions,
      };
    case 'pending':
      return waiting
        ? confirming('your payment')
        : {
            title: 'Your payment is not confirmed yet',
            description:
              'If your card was charged, this page shows the order as paid as soon as the payment service confirms it. If you left the checkout, your cart still holds the products.',
            body: (
              <Box>
                <Button variant="secondary" onClick={() => void status.refetch()}>
                  Check again
                </Button>
              </Box>
            ),
            actions: cartActions,
          };
    case 'canceled':
    case 'failed':
      return {
        title: 'This order was not paid',
        description:
          'Nothing was charged. Your cart still holds the products, so you can check out again.',
        actions: cartActions,
      };
    default:
      return noPayment;
  }
}

const noPayment: Outcome = {
  title: 'Payment',
  description: 'There is no payment to show for this address.',
  actions: shopActions,
};

/** Whether `subscriptions` hold `tierId` as an active (or trial) plan. */
function holdsTier(
  subscriptions: readonly { tier: string; status: string }[] | undefined,
  tierId: string,
): boolean {
  return (subscriptions ?? []).some(
    (s) => s.tier === tierId && (s.status === 'active' || s.status === 'trialing'),
  );
}

/** A plan's outcome: confirmed once the user's subscription to that tier is active. */
function usePlanOutcome(tierId: string): Outcome | 'loading' {
  const tier = tierById(tierId);
  const { isInitialized, isAuthenticated, isDemoMode, user, refreshProfile } = useAuth();
  const signedIn = isAuthenticated && !isDemoMode;
  const waiting = useConfirmationWindow();
  const subscriptions = useQuery({
    queryKey: ['subscriptions', 'mine'],
    queryFn: () => api.subscriptions.listMine(),
    enabled: signedIn && tier !== null,
    refetchInterval: (query) =>
      !holdsTier(query.state.data, tierId) && waiting ? CONFIRM_POLL_MS : false,
  });
  const active = holdsTier(subscriptions.data, tierId);
  const gatesKnow = user?.hasActiveSubscription === true && user.subscriptionTier === tierId;
  // Once confirmed, the feature gates learn of the new plan at once (not at the next refresh).
  const refreshed = useRef(false);
  useEffect(() => {
    if (!active || gatesKnow || refreshed.current) return;
    refreshed.current = true;
    void refreshProfile();
  }, [active, gatesKnow, refreshProfile]);

  if (!tier) return noPayment;
  if (!isInitialized) return 'loading';
  if (!signedIn)
    return {
      title: 'Payment',
      description: `Log in to see whether your ${tier.name} plan is active.`,
      actions: (
        <Button asChild>
          <Link to={`/login?next=${encodeURIComponent(`/payment-success?subscription=${tierId}`)}`}>
            Log in
          </Link>
        </Button>
      ),
    };
  const planActions = (
    // A new plan is put to use on the dashboard; the profile shows the plan itself.
    <>
      <Button asChild>
        <Link to={tier.audience === 'merchant' ? '/dashboard-vendor' : '/dashboard'}>
          Go to your dashboard
        </Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to="/profile">Your plan</Link>
      </Button>
    </>
  );
  if (subscriptions.isError)
    return {
      title: 'Payment',
      description: 'The plan could not be checked just now.',
      body: (
        <ErrorCard
          message={errorMessage(subscriptions.error)}
          onRetry={() => void subscriptions.refetch()}
        />
      ),
      actions: planActions,
    };
  if (subscriptions.isPending) return 'loading';
  if (active)
    return {
      title: 'Thank you, payment received',
      description: `Your ${tier.name} subscription is active; it renews monthly until you cancel.`,
      actions: planActions,
    };
  if (waiting) return confirming(`your ${tier.name} plan`);
  return {
    title: 'Your plan is not active yet',
    description: `If your card was charged, ${tier.name} turns on as soon as the payment service confirms it; your profile shows the plan. If you left the checkout, you can choose a plan again.`,
    body: (
      <Box>
        <Button variant="secondary" onClick={() => void subscriptions.refetch()}>
          Check again
        </Button>
      </Box>
    ),
    actions: (
      <>
        <Button asChild>
          <Link to="/profile">Your plan</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/pricing">Back to pricing</Link>
        </Button>
      </>
    ),
  };
}

function OutcomePage({ outcome }: { outcome: Outcome | 'loading' }) {
  if (outcome === 'loading')
    return (
      <Flex direction="column" gap="5">
        <title>Payment — Verdant</title>
        <PageHeader title="Checking your payment" />
        <Skeleton height="160px" />
      </Flex>
    );
  return (
    <Flex direction="column" gap="5">
      <title>{`${outcome.title} — Verdant`}</title>
      <PageHeader title={outcome.title} description={outcome.description} />
      {outcome.body}
      {outcome.actions ? (
        <Box>
          <Flex gap="3" wrap="wrap">
            {outcome.actions}
          </Flex>
        </Box>
      ) : null}
    </Flex>
  );
}

function OrderOutcome({ orderId }: { orderId: string }) {
  return <OutcomePage outcome={useOrderOutcome(orderId)} />;
}

function PlanOutcome({ tierId }: { tierId: string }) {
  return <OutcomePage outcome={usePlanOutcome(tierId)} />;
}

/**
 * /payment-success: where the checkout returns after a payment, for an order (?order=) or a plan
 * (?subscription=). It says "payment received" only once the database records the payment: an
 * address made up, or one of a checkout that was left, gets no false confirmation.
 */
export function Component() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const tierId = params.get('subscription');
  if (isUuid(orderId)) return <OrderOutcome key={orderId} orderId={orderId} />;
  if (tierId) return <PlanOutcome key={tierId} tierId={tierId} />;
  return <OutcomePage outcome={noPayment} />;
}
