// create-checkout: turns a cart into a pending order (prices, names and stock read from the
// database, never from the client) and a card checkout: a Stripe Checkout Session when
// STRIPE_SECRET_KEY is set, otherwise the local stack's test checkout (LOCAL_CHECKOUT_URL). The
// click id (body `clickId` or the `verdant_ref` cookie) travels with the order and into Stripe as
// client_reference_id / metadata, so the sale is attributed even without the cookie. Stripe
// Checkout (and the local one) asks for a shipping address in one of SHIPPING_COUNTRIES. An order
// for which no session could be made is canceled at once; one whose session expires unpaid is
// canceled by stripe-webhook on Stripe's checkout.session.expired.
//
// A request may carry an `Idempotency-Key` header (one key per cart the shopper checks out). The
// same request sent again with that key (a lost answer, a double click) gets the same order and
// the same checkout session instead of a new order; a different cart under a used key is refused
// with 409, and so is a key whose order has been paid or closed since.
//
// A shopper who changes the cart after opening its checkout (back from the payment page, one more
// of something) starts a new checkout under a new key, and names the earlier one in `replaces`
// (its key, which only the browser that made it holds). That earlier order still holds its units
// of stock for its hour; it is closed first, its session expired so it cannot be paid any more,
// and its units go back before the new order takes its own. One paid meanwhile is left alone.
import { createClient } from '@supabase/supabase-js';
import { IDEMPOTENCY_KEY_RULE, isIdempotencyKey, isUuid } from '@verdant/validation';
import {
  ATTRIBUTION_COOKIE,
  CORS_HEADERS,
  cookieValue,
  errorResponse,
  isRecord,
  json,
  jwtClaims,
  readJsonBody,
  userIdFrom,
  type FunctionEnv,
} from '../_shared/http.ts';
import {
  checkoutSessionCloser,
  paymentProviderUnavailable,
  stripeFailed,
  stripeFromEnv,
} from '../_shared/stripe.ts';
import { randomStripeId, signLocalCheckoutSession } from '../_shared/local-checkout.ts';
import { SHIPPING_COUNTRIES } from '../_shared/shipping.ts';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_ITEMS = 50;
export const MAX_QUANTITY = 100;
/** How long a checkout session stays payable. */
const SESSION_SECONDS = 60 * 60;
/** Stripe refuses a session that expires sooner than this. */
const STRIPE_MIN_SESSION_SECONDS = 30 * 60;

interface CartItem {
  productId: string;
  quantity: number;
}

type CartResult =
  | { ok: true; items: CartItem[]; clickId: string | null; replaces: string | null }
  | { ok: false; message: string };

/** The body's fields. */
const CART_FIELDS = ['items', 'clickId', 'replaces'];

/** Shape checks before anything touches the database. */
export function parseCart(body: unknown): CartResult {
  if (!isRecord(body)) return { ok: false, message: 'The body must be an object with "items"' };
  const extra = Object.keys(body).filter((key) => !CART_FIELDS.includes(key));
  if (extra.length) return { ok: false, message: `Unknown field "${extra[0]}"` };
  const { items, clickId, replaces } = body;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS)
    return { ok: false, message: `"items" must list between 1 and ${MAX_ITEMS} products` };
  const seen = new Set<string>();
  const cart: CartItem[] = [];
  for (const item of items) {
    if (!isRecord(item)) return { ok: false, message: 'Each item must be an object' };
    const keys = Object.keys(item).filter((key) => key !== 'productId' && key !== 'quantity');
    if (keys.length)
      return {
        ok: false,
        message: `Items carry only "productId" and "quantity" (prices come from the catalogue); "${keys[0]}" is not accepted`,
      };
    if (typeof item.productId !== 'string' || !isUuid(item.productId))
      return { ok: false, message: 'Each item needs a "productId" (uuid)' };
    if (
      typeof item.quantity !== 'number' ||
      !Number.isInteger(item.quantity) ||
      item.quantity < 1 ||
      item.quantity > MAX_QUANTITY
    )
      return { ok: false, message: `"quantity" must be a whole number from 1 to ${MAX_QUANTITY}` };
    const id = item.productId.toLowerCase();
    if (seen.has(id)) return { ok: false, message: 'Each product may appear only once' };
    seen.add(id);
    cart.push({ productId: id, quantity: item.quantity });
  }
  if (
    clickId !== undefined &&
    clickId !== null &&
    (typeof clickId !== 'string' || !isUuid(clickId))
  )
    return { ok: false, message: '"clickId" must be the click id (uuid) from the link' };
  if (
    replaces !== undefined &&
    replaces !== null &&
    (typeof replaces !== 'string' || !isIdempotencyKey(replaces))
  )
    return {
      ok: false,
      message: `"replaces" must be the Idempotency-Key of the earlier checkout: ${IDEMPOTENCY_KEY_RULE}`,
    };
  return {
    ok: true,
    items: cart,
    clickId: typeof clickId === 'string' ? clickId.toLowerCase() : null,
    replaces: typeof replaces === 'string' ? replaces : null,
  };
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error('create-checkout needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const stripe = stripeFromEnv(env);
  const localCheckoutUrl = env.get('LOCAL_CHECKOUT_URL');
  const webhookSecret = env.get('STRIPE_WEBHOOK_SECRET');
  const siteUrl = (env.get('SITE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
  const expireSession = checkoutSessionCloser(
    stripe,
    { url: localCheckoutUrl, secret: webhookSecret },
    'create-checkout',
  );

  /**
   * Closes the buyer's pending order made under the checkout key `key` (see the top of this file):
   * its session expired first, so it cannot be paid once its units are back in stock. Nothing
   * happens for an unknown key, another buyer's order, one paid or closed already, or one whose
   * session could not be expired (paid first, or the payment provider could not be asked).
   */
  const closeReplaced = async (key: string, buyerId: string | null): Promise<void> => {
    const { data: earlier, error } = await admin
      .from('orders')
      .select('id, status, buyer_id, stripe_checkout_session_id')
      .eq('checkout_key', key)
      .maybeSingle();
    if (error) console.error(`[create-checkout] the replaced checkout: ${error.message}`);
    if (!earlier || earlier.status !== 'pending' || earlier.buyer_id !== buyerId) return;
    if (earlier.stripe_checkout_session_id) {
      const state = await expireSession(String(earlier.stripe_checkout_session_id));
      if (state !== 'expired') return;
    }
    const { error: cancelError } = await admin
      .from('orders')
      .update({ status: 'canceled' })
      .eq('id', earlier.id)
      .eq('status', 'pending');
    if (cancelError)
      console.error(`[create-checkout] order ${earlier.id} not closed: ${cancelError.message}`);
  };

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
    if (!stripe && !(localCheckoutUrl && webhookSecret))
      return errorResponse(503, 'payments_unavailable', 'Card payments are not configured');
    const claims = jwtClaims(req);
    if (!claims)
      return errorResponse(401, 'unauthorized', 'Sign in or use the anon key to check out');
    // A valid JWT of another role (the service role) is known but may not shop: 403, not 401.
    if (claims.role !== 'anon' && claims.role !== 'authenticated')
      return errorResponse(
        403,
        'forbidden',
        'Checkouts are for shoppers: sign in or use the anon key',
      );

    const read = await readJsonBody(req, MAX_BODY_BYTES);
    if (!read.ok) return errorResponse(read.status, read.code, read.message);
    const cart = parseCart(read.body);
    if (!cart.ok) return errorResponse(400, 'invalid_cart', cart.message);
    const checkoutKey = req.headers.get('idempotency-key');
    if (checkoutKey !== null && !isIdempotencyKey(checkoutKey))
      return errorResponse(
        400,
        'invalid_idempotency_key',
        `The Idempotency-Key header must be ${IDEMPOTENCY_KEY_RULE}`,
      );

    const cookieClick = cookieValue(req, ATTRIBUTION_COOKIE);
    const clickId = cart.clickId ?? (isUuid(cookieClick) ? cookieClick.toLowerCase() : null);
    const buyerId = userIdFrom(req);
    const buyerEmail = typeof claims.email === 'string' && buyerId ? claims.email : null;
    if (cart.replaces && cart.replaces !== checkoutKey) await closeReplaced(cart.replaces, buyerId);

    const { data: order, error } = await admin.rpc('create_checkout_order', {
      buyer: buyerId,
      buyer_email: buyerEmail,
      items: cart.items,
      click_ref: clickId,
      ...(checkoutKey === null ? {} : { checkout_key: checkoutKey }),
    });
    if (error || !order) {
      if (error?.code === '22023' || error?.code === 'P0002')
        return errorResponse(400, 'invalid_cart', error.message);
      // A sum no column can hold; create_checkout_order bounds the total first, so this is a
      // safety net that must not become a 500 (Postgres's own wording is not sent back).
      if (error?.code === '22003')
        return errorResponse(
          400,
          'invalid_cart',
          'The checkout costs more than can be paid at once',
        );
      if (error?.code === 'PT409')
        return errorResponse(409, 'idempotency_key_reused', error.message);
      console.error(`[create-checkout] ${error?.message ?? 'no order'}`);
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    }
    // A repeated request under its key gets the order as it is now.
    if (order.paid_at) return checkoutCompleted();
    if (order.status !== 'pending') return checkoutClosed();
    // From here on the order exists; when no checkout session can be made for it, nobody can pay
    // it, so it is canceled rather than left pending for ever. Only an order without a session is
    // canceled: one that has a session may be being paid through it.
    const cancelOrder = async (): Promise<void> => {
      const { error: cancelError } = await admin
        .from('orders')
        .update({ status: 'canceled' })
        .eq('id', order.id)
        .eq('status', 'pending')
        .is('stripe_checkout_session_id', null);
      if (cancelError)
        console.error(`[create-checkout] order ${order.id} not canceled: ${cancelError.message}`);
    };
    const { data: lines, error: linesError } = await admin
      .from('order_items')
      .select('product_name, quantity, unit_price_cents, line_total_cents')
      .eq('order_id', order.id);
    if (linesError || !lines) {
      await cancelOrder();
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    }

    const successUrl = `${siteUrl}/payment-success?order=${order.id}`;
    const cancelUrl = `${siteUrl}/payment-canceled?order=${order.id}`;
    const currency = String(order.currency).toLowerCase();
    const metadata = { order_id: String(order.id), click_id: clickId ?? '' };
    // The session's end is fixed by the order, so every request for it names the same moment.
    const expiresAt = Math.floor(Date.parse(order.created_at) / 1000) + SESSION_SECONDS;

    // The session: the one stored with the order (a repeated request), or a new one, stored only
    // while the order is pending and has none. Two requests under one key that both make a
    // session store one of them, and both answer with that one.
    let sessionId: string;
    let stripeUrl: string | null = null;
    if (order.stripe_checkout_session_id) sessionId = order.stripe_checkout_session_id;
    else {
      let madeId: string;
      if (stripe) {
        const session = await stripe.checkout.sessions
          .create(
            {
              mode: 'payment',
              client_reference_id: String(order.id),
              customer_email: buyerEmail ?? undefined,
              metadata,
              payment_intent_data: { metadata },
              // The merchant ships the goods: Stripe asks for the address, and stripe-webhook
              // stores it on the order from checkout.session.completed.
              shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
              line_items: lines.map((line) => ({
                quantity: line.quantity,
                price_data: {
                  currency,
                  unit_amount: line.unit_price_cents,
                  product_data: { name: line.product_name },
                },
              })),
              success_url: successUrl,
              cancel_url: cancelUrl,
              expires_at: Math.max(
                expiresAt,
                Math.floor(Date.now() / 1000) + STRIPE_MIN_SESSION_SECONDS + 60,
              ),
            },
            // Requests for one order ask Stripe for one session.
            { idempotencyKey: `checkout-${order.id}` },
          )
          .catch(stripeFailed('create-checkout'));
        if (!session?.url) {
          await cancelOrder();
          return session
            ? errorResponse(502, 'checkout_failed', 'Stripe returned no checkout URL')
            : paymentProviderUnavailable();
        }
        madeId = session.id;
        stripeUrl = session.url;
      } else {
        madeId = randomStripeId('cs_test_local');
      }
      const { data: claimed, error: claimError } = await admin
        .from('orders')
        .update({ stripe_checkout_session_id: madeId })
        .eq('id', order.id)
        .eq('status', 'pending')
        .is('stripe_checkout_session_id', null)
        .select('id');
      if (claimError) {
        console.error(`[create-checkout] order ${order.id}: ${claimError.message}`);
        return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
      }
      if (claimed.length === 1) sessionId = madeId;
      else {
        const { data: now } = await admin
          .from('orders')
          .select('status, stripe_checkout_session_id')
          .eq('id', order.id)
          .single();
        const stored = now?.stripe_checkout_session_id;
        if (now?.status !== 'pending' || !stored) return checkoutClosed();
        sessionId = stored;
      }
    }

    let checkoutUrl: string;
    if (stripe) {
      if (!stripeUrl) {
        const session = await stripe.checkout.sessions
          .retrieve(sessionId)
          .catch(stripeFailed('create-checkout'));
        if (!session) return paymentProviderUnavailable();
        if (session.status === 'complete') return checkoutCompleted();
        if (session.status !== 'open' || !session.url) return checkoutClosed();
        stripeUrl = session.url;
      }
      checkoutUrl = stripeUrl;
    } else {
      const token = await signLocalCheckoutSession(
        {
          v: 1,
          id: sessionId,
          mode: 'payment',
          orderId: String(order.id),
          clickId,
          email: buyerEmail,
          currency,
          amountTotal: order.total_cents,
          lines: lines.map((line) => ({
            name: String(line.product_name).slice(0, 80),
            quantity: line.quantity,
            amount: line.line_total_cents,
          })),
          successUrl,
          cancelUrl,
          exp: expiresAt,
        },
        webhookSecret as string,
      );
      checkoutUrl = `${localCheckoutUrl}/c/${token}`;
    }
    return json(200, { orderId: order.id, url: checkoutUrl });
  };
}

function checkoutCompleted(): Response {
  return errorResponse(409, 'checkout_completed', 'This checkout has been paid already');
}

function checkoutClosed(): Response {
  return errorResponse(
    409,
    'checkout_closed',
    'This checkout was closed without payment; please start a new one',
  );
}
