// create-checkout: turns a cart into a pending order (prices, names and stock read from the
// database, never from the client) and a card checkout: a Stripe Checkout Session when
// STRIPE_SECRET_KEY is set, otherwise the local stack's test checkout (LOCAL_CHECKOUT_URL). The
// click id (body `clickId` or the `verdant_ref` cookie) travels with the order and into Stripe as
// client_reference_id / metadata, so the sale is attributed even without the cookie. An order
// for which no session could be made is canceled at once; one whose session expires unpaid is
// canceled by stripe-webhook on Stripe's checkout.session.expired.
import { createClient } from '@supabase/supabase-js';
import { isUuid } from '@verdant/validation';
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
import { paymentProviderUnavailable, stripeFailed, stripeFromEnv } from '../_shared/stripe.ts';
import { randomStripeId, signLocalCheckoutSession } from '../_shared/local-checkout.ts';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_ITEMS = 50;
export const MAX_QUANTITY = 100;
/** How long a checkout session stays payable. */
const SESSION_SECONDS = 60 * 60;

interface CartItem {
  productId: string;
  quantity: number;
}

type CartResult =
  { ok: true; items: CartItem[]; clickId: string | null } | { ok: false; message: string };

/** Shape checks before anything touches the database. */
export function parseCart(body: unknown): CartResult {
  if (!isRecord(body)) return { ok: false, message: 'The body must be an object with "items"' };
  const extra = Object.keys(body).filter((key) => key !== 'items' && key !== 'clickId');
  if (extra.length) return { ok: false, message: `Unknown field "${extra[0]}"` };
  const { items, clickId } = body;
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
  return {
    ok: true,
    items: cart,
    clickId: typeof clickId === 'string' ? clickId.toLowerCase() : null,
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

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
    if (!stripe && !(localCheckoutUrl && webhookSecret))
      return errorResponse(503, 'payments_unavailable', 'Card payments are not configured');
    const claims = jwtClaims(req);
    if (!claims || (claims.role !== 'anon' && claims.role !== 'authenticated'))
      return errorResponse(401, 'unauthorized', 'Sign in or use the anon key to check out');

    const read = await readJsonBody(req, MAX_BODY_BYTES);
    if (!read.ok) return errorResponse(read.status, read.code, read.message);
    const cart = parseCart(read.body);
    if (!cart.ok) return errorResponse(400, 'invalid_cart', cart.message);

    const cookieClick = cookieValue(req, ATTRIBUTION_COOKIE);
    const clickId = cart.clickId ?? (isUuid(cookieClick) ? cookieClick.toLowerCase() : null);
    const buyerId = userIdFrom(req);
    const buyerEmail = typeof claims.email === 'string' && buyerId ? claims.email : null;

    const { data: order, error } = await admin.rpc('create_checkout_order', {
      buyer: buyerId,
      buyer_email: buyerEmail,
      items: cart.items,
      click_ref: clickId,
    });
    if (error || !order) {
      if (error?.code === '22023' || error?.code === 'P0002')
        return errorResponse(400, 'invalid_cart', error.message);
      console.error(`[create-checkout] ${error?.message ?? 'no order'}`);
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    }
    // From here on the order exists; when no checkout session can be made for it, nobody can pay
    // it, so it is canceled rather than left pending for ever (each retry makes a new order).
    const cancelOrder = async (): Promise<void> => {
      const { error: cancelError } = await admin
        .from('orders')
        .update({ status: 'canceled' })
        .eq('id', order.id)
        .eq('status', 'pending');
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

    let sessionId: string;
    let checkoutUrl: string;
    if (stripe) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          client_reference_id: String(order.id),
          customer_email: buyerEmail ?? undefined,
          metadata,
          payment_intent_data: { metadata },
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
          expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
        })
        .catch(stripeFailed('create-checkout'));
      if (!session?.url) {
        await cancelOrder();
        return session
          ? errorResponse(502, 'checkout_failed', 'Stripe returned no checkout URL')
          : paymentProviderUnavailable();
      }
      sessionId = session.id;
      checkoutUrl = session.url;
    } else {
      sessionId = randomStripeId('cs_test_local');
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
          exp: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
        },
        webhookSecret as string,
      );
      checkoutUrl = `${localCheckoutUrl}/c/${token}`;
    }
    await admin.from('orders').update({ stripe_checkout_session_id: sessionId }).eq('id', order.id);
    return json(200, { orderId: order.id, url: checkoutUrl });
  };
}
