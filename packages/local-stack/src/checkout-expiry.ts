/**
 * Expiry of the local test checkout's sessions. Stripe sends `checkout.session.expired` when a
 * session's hour is over, whether or not anybody comes back to it, and the webhook then cancels
 * the pending order. The local checkout page is stateless (its sessions live in signed links), so
 * the stack looks for the orders those links belong to: every minute, each pending order with a
 * local session (`cs_test_local_…`) older than the session's hour gets the signed event, sent to
 * the webhook exactly as the page sends it when an expired link is opened. Its event id comes from
 * the session, so a repeat (the next sweep, or the link opened too) is applied once.
 */
import type pg from 'pg';
import { createStripeEventSender, expiredEventFor } from './checkout-events.ts';

/** How long create-checkout's local sessions last (its SESSION_SECONDS). */
export const LOCAL_SESSION_SECONDS = 60 * 60;
/**
 * Past the hour, before a sweep treats a session as expired: the link's own expiry is signed a
 * moment after the order is written, and a link must never be payable after its order has been
 * canceled.
 */
const MARGIN_SECONDS = 60;
const SWEEP_MS = 60_000;
const BATCH = 100;

export interface CheckoutExpiryOptions {
  pool: pg.Pool;
  webhookUrl: string;
  webhookSecret: string;
  /** The site's origin, for the session's success and cancel URLs in the event. */
  siteUrl: string;
  log: (line: string) => void;
}

interface ExpiredOrder {
  id: string;
  session_id: string;
  buyer_email: string | null;
  currency: string;
  total_cents: number;
  created: number;
}

/**
 * One sweep: delivers `checkout.session.expired` for every pending order whose local session has
 * expired. Resolves with the number of events the webhook accepted.
 */
export async function expireLocalCheckouts(opts: CheckoutExpiryOptions): Promise<number> {
  const send = createStripeEventSender(opts);
  const site = opts.siteUrl.replace(/\/+$/, '');
  let accepted = 0;
  const { rows } = await opts.pool.query<ExpiredOrder>(
    `select id, stripe_checkout_session_id as session_id, buyer_email, currency, total_cents,
            extract(epoch from created_at)::bigint as created
       from public.orders
      where status = 'pending'
        and stripe_checkout_session_id like 'cs\\_test\\_local\\_%'
        and created_at < now() - make_interval(secs => $1)
      order by created_at
      limit $2`,
    [LOCAL_SESSION_SECONDS + MARGIN_SECONDS, BATCH],
  );
  for (const order of rows) {
    const [id, type, object] = expiredEventFor({
      v: 1,
      id: order.session_id,
      mode: 'payment',
      orderId: order.id,
      email: order.buyer_email,
      currency: order.currency.toLowerCase(),
      amountTotal: order.total_cents,
      lines: [],
      successUrl: `${site}/payment-success?order=${order.id}`,
      cancelUrl: `${site}/payment-canceled?order=${order.id}`,
      exp: Number(order.created) + LOCAL_SESSION_SECONDS,
    });
    const result = await send(type, object, id);
    if (result.status === 200) accepted += 1;
    else opts.log(`[checkout] ${type} for order ${order.id} was answered ${result.status}`);
  }
  return accepted;
}

/**
 * Sweeps every minute until `stop()`; a failed sweep is logged and the next one still runs. The
 * timer does not keep the process alive.
 */
export function scheduleCheckoutExpiry(opts: CheckoutExpiryOptions & { intervalMs?: number }): {
  stop(): Promise<void>;
} {
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (sweeping) return; // the last sweep is still sending
    sweeping = expireLocalCheckouts(opts)
      .then(
        (expired) => {
          if (expired) opts.log(`[checkout] ${expired} unpaid checkout(s) expired`);
        },
        (error: unknown) => opts.log(`[checkout] expiry sweep failed: ${String(error)}`),
      )
      .finally(() => {
        sweeping = undefined;
      });
  }, opts.intervalMs ?? SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
