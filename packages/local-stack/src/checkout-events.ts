// The events the local test checkout delivers for a paid or an expired session, shaped and signed
// as Stripe sends them to the stripe-webhook function.
import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';

const STRIPE_API_VERSION = '2025-10-29.clover';

export interface Line {
  name: string;
  quantity: number;
  amount: number;
}

export interface Session {
  v: 1;
  id: string;
  mode: 'payment' | 'subscription';
  orderId?: string;
  clickId?: string | null;
  userId?: string;
  tier?: string;
  email?: string | null;
  currency: string;
  amountTotal: number;
  lines: Line[];
  successUrl: string;
  cancelUrl: string;
  exp: number;
}

/** Sends Stripe-shaped events, signed as Stripe signs them, to the webhook function. */
export function createStripeEventSender(opts: { webhookUrl: string; webhookSecret: string }) {
  // The SDK is used for its webhook helpers only; no request reaches Stripe.
  const stripe = new Stripe('sk_test_local_checkout');
  return async (
    type: string,
    object: Record<string, unknown>,
    id = `evt_${randomUUID().replace(/-/g, '')}`,
  ) => {
    const event = {
      id,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.webhookSecret,
    });
    const response = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { event, status: response.status, body: await response.text() };
  };
}

/**
 * A Stripe-style id fixed by `key`. The objects a paid session creates (payment intent, charge,
 * customer, subscription and its item, invoice) take ids derived from the session, so a session
 * completes once, as on Stripe, however often its page is submitted.
 */
function derivedId(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/** An event id fixed by `key`: however often that event is delivered, the webhook applies it once. */
function derivedEventId(key: string): string {
  return `evt_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/** The local subscriptions' billing period (monthly), in seconds. */
const PERIOD_SECONDS = 30 * 86_400;

/** Who paid, as Stripe reports it in a completed session's `customer_details`. */
export interface Customer {
  email: string;
  name: string;
  /** Where to ship a payment session's goods, as the page collected it. */
  shipping?: ShippingDetails;
}

/**
 * A shipping address as Stripe reports it: `collected_information.shipping_details` of a
 * completed session in the API version above (older versions had it in `shipping_details`).
 */
export interface ShippingDetails {
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    postal_code: string;
    state: string | null;
    /** ISO 3166-1 alpha-2. */
    country: string;
  };
}

/** Each event with its id, derived from the session and the event's type. */
function withEventIds(
  session: Session,
  events: Array<[type: string, object: Record<string, unknown>]>,
): Array<[type: string, object: Record<string, unknown>, id: string]> {
  return events.map(([type, object]) => [type, object, derivedEventId(`${type}:${session.id}`)]);
}

/**
 * The events Stripe sends for a completed session, in Stripe's order, each with its event id.
 * Every id is derived from the session: a session paid twice (a second tab, a resubmitted form)
 * delivers the same events again, and the webhook applies them once (one payment, one
 * subscription).
 */
export function eventsFor(
  session: Session,
  customer: Customer,
): Array<[type: string, object: Record<string, unknown>, id: string]> {
  const customerDetails = { email: customer.email, name: customer.name || null };
  const now = Math.floor(Date.now() / 1000);
  if (session.mode === 'payment') {
    const paymentIntent = derivedId('pi', `${session.id}:payment_intent`);
    const metadata = { order_id: session.orderId ?? '', click_id: session.clickId ?? '' };
    return withEventIds(session, [
      [
        'checkout.session.completed',
        {
          id: session.id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_subtotal: session.amountTotal,
          amount_total: session.amountTotal,
          currency: session.currency,
          client_reference_id: session.orderId ?? null,
          customer_email: session.email ?? null,
          customer_details: customerDetails,
          collected_information: customer.shipping ? { shipping_details: customer.shipping } : null,
          metadata,
          payment_intent: paymentIntent,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
          created: now,
        },
      ],
      [
        'charge.succeeded',
        {
          id: derivedId('ch', `${session.id}:charge`),
          object: 'charge',
          amount: session.amountTotal,
          amount_captured: session.amountTotal,
          amount_refunded: 0,
          currency: session.currency,
          paid: true,
          captured: true,
          refunded: false,
          status: 'succeeded',
          payment_intent: paymentIntent,
          metadata,
          created: now,
        },
      ],
    ]);
  }
  const customerId = derivedId('cus', `${session.id}:customer`);
  const subscription = derivedId('sub', `${session.id}:subscription`);
  const periodEnd = now + PERIOD_SECONDS;
  const metadata = { user_id: session.userId ?? '', tier: session.tier ?? '' };
  return withEventIds(session, [
    [
      'checkout.session.completed',
      {
        id: session.id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amountTotal,
        currency: session.currency,
        client_reference_id: session.userId ?? null,
        customer: customerId,
        customer_email: session.email ?? null,
        customer_details: customerDetails,
        subscription,
        metadata,
        created: now,
      },
    ],
    [
      'customer.subscription.created',
      subscriptionObject({
        id: subscription,
        customer: customerId,
        userId: session.userId ?? '',
        tier: session.tier ?? '',
        status: 'active',
        cancelAtPeriodEnd: false,
        periodStart: now,
        periodEnd,
        created: now,
      }),
    ],
    [
      'invoice.paid',
      {
        id: derivedId('in', `${session.id}:invoice`),
        object: 'invoice',
        customer: customerId,
        status: 'paid',
        amount_paid: session.amountTotal,
        currency: session.currency,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription, metadata },
        },
        lines: { object: 'list', data: [{ period: { start: now, end: periodEnd } }] },
        created: now,
      },
    ],
  ]);
}

/** A subscription as Stripe's subscription events carry it (one item, its price per tier). */
function subscriptionObject(sub: {
  id: string;
  customer: string | null;
  userId: string;
  tier: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number | null;
  created: number;
}): Record<string, unknown> {
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    metadata: { user_id: sub.userId, tier: sub.tier },
    items: {
      object: 'list',
      data: [
        {
          id: derivedId('si', `${sub.id}:item`),
          object: 'subscription_item',
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: { id: `price_local_${sub.tier || 'tier'}`, object: 'price' },
          quantity: 1,
        },
      ],
    },
    created: sub.created,
  };
}

/**
 * A change to a subscription, as the change-subscription function asks the local stand-in for
 * Stripe to make it (signed with the webhook secret, like a checkout session).
 */
export interface SubscriptionUpdate {
  v: 1;
  kind: 'subscription_update';
  /** Unique per change: the same request delivered twice changes the subscription once. */
  request: string;
  /** `sub_…` */
  subscription: string;
  customer: string | null;
  userId: string;
  /** The paid tier the subscription has after the change. */
  tier: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the current period, seconds since the epoch (unchanged by a change of tier). */
  currentPeriodEnd: number | null;
  /** Until then the request is accepted, seconds since the epoch. */
  exp: number;
}

/** Whether a verified token's payload is a subscription update. */
export function isSubscriptionUpdate(value: unknown): value is SubscriptionUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    u.v === 1 &&
    u.kind === 'subscription_update' &&
    typeof u.request === 'string' &&
    typeof u.subscription === 'string' &&
    (u.customer === null || typeof u.customer === 'string') &&
    typeof u.userId === 'string' &&
    typeof u.tier === 'string' &&
    typeof u.status === 'string' &&
    typeof u.cancelAtPeriodEnd === 'boolean' &&
    (u.currentPeriodEnd === null || typeof u.currentPeriodEnd === 'number') &&
    typeof u.exp === 'number'
  );
}

/**
 * The customer.subscription.updated event Stripe sends after a subscription changes. Its id is
 * derived from the request's id, so a request delivered twice is applied once.
 */
export function updatedEventFor(
  update: SubscriptionUpdate,
): [id: string, type: string, object: Record<string, unknown>] {
  const now = Math.floor(Date.now() / 1000);
  return [
    derivedEventId(`update:${update.request}`),
    'customer.subscription.updated',
    subscriptionObject({
      id: update.subscription,
      customer: update.customer,
      userId: update.userId,
      tier: update.tier,
      status: update.status,
      cancelAtPeriodEnd: update.cancelAtPeriodEnd,
      // A change of tier keeps the period: it began a billing period before it ends.
      periodStart:
        update.currentPeriodEnd === null ? now : update.currentPeriodEnd - PERIOD_SECONDS,
      periodEnd: update.currentPeriodEnd,
      created: now,
    }),
  ];
}

/**
 * The checkout.session.expired event Stripe sends for a session that was not completed before
 * `expires_at`. Stripe sends it once per session; its id here is derived from the session, so
 * however often it is delivered the webhook applies it once.
 */
export function expiredEventFor(
  session: Session,
): [id: string, type: string, object: Record<string, unknown>] {
  const id = derivedEventId(`expired:${session.id}`);
  const payment = session.mode === 'payment';
  const metadata = payment
    ? { order_id: session.orderId ?? '', click_id: session.clickId ?? '' }
    : { user_id: session.userId ?? '', tier: session.tier ?? '' };
  return [
    id,
    'checkout.session.expired',
    {
      id: session.id,
      object: 'checkout.session',
      mode: session.mode,
      status: 'expired',
      payment_status: 'unpaid',
      amount_subtotal: session.amountTotal,
      amount_total: session.amountTotal,
      currency: session.currency,
      client_reference_id: (payment ? session.orderId : session.userId) ?? null,
      customer_email: session.email ?? null,
      customer_details: null,
      metadata,
      payment_intent: null,
      subscription: null,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
      expires_at: session.exp,
      url: null,
    },
  ];
}
