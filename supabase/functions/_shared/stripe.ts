// The Stripe client of the payment functions, how they answer when Stripe fails, and how the
// subscription functions read their requests.
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import {
  CORS_HEADERS,
  errorResponse,
  isRecord,
  readJsonBody,
  userIdFrom,
  type FunctionEnv,
} from './http.ts';
import { expireLocalCheckoutSession } from './local-checkout.ts';

/**
 * The Stripe client for `STRIPE_SECRET_KEY`, or `undefined` without a key (local mode: the local
 * test checkout). `STRIPE_API_BASE` (e.g. stripe-mock's `http://localhost:12111`) sends the calls
 * to another Stripe-compatible API instead of api.stripe.com.
 */
export function stripeFromEnv(env: FunctionEnv): Stripe | undefined {
  const key = env.get('STRIPE_SECRET_KEY');
  if (!key) return undefined;
  const base = env.get('STRIPE_API_BASE');
  if (!base) return new Stripe(key);
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  });
}

/**
 * For a failed call to Stripe (network, outage, refused request): logs it and yields `null`, so
 * the function answers {@link paymentProviderUnavailable} instead of an unhandled 500.
 */
export function stripeFailed(fn: string): (error: unknown) => null {
  return (error) => {
    console.error(`[${fn}] Stripe: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  };
}

/**
 * Closes a checkout session so it cannot be paid: Stripe's `checkout.sessions.expire`, or the local
 * stand-in's without a Stripe client. Resolves with 'expired' when the session can no longer be
 * paid, 'complete' when it was paid first, and null when the payment provider could not be asked.
 */
export function checkoutSessionCloser(
  stripe: Stripe | undefined,
  local: { url: string | undefined; secret: string | undefined },
  fn: string,
): (id: string) => Promise<'expired' | 'complete' | null> {
  const failed = stripeFailed(fn);
  return async (id) => {
    if (!stripe) {
      if (!local.url || !local.secret) return null;
      return expireLocalCheckoutSession(local.url, local.secret, id);
    }
    if (await stripe.checkout.sessions.expire(id).catch(() => null)) return 'expired';
    // Only an open session can be expired; otherwise it has expired already, or been paid.
    const current = await stripe.checkout.sessions.retrieve(id).catch(failed);
    if (current?.status === 'complete') return 'complete';
    return current?.status === 'expired' ? 'expired' : null;
  };
}

/** 502: Stripe could not be reached or refused the call; nothing was charged, and a retry may work. */
export function paymentProviderUnavailable(): Response {
  return errorResponse(
    502,
    'payment_provider_unavailable',
    'The payment provider could not be reached. Nothing was charged; please try again.',
  );
}

/**
 * The Stripe customer of a user's newest subscription that has one: `null` when the user has never
 * subscribed through Stripe, `undefined` when the database could not be read.
 */
export async function stripeCustomerOf(
  admin: SupabaseClient,
  userId: string,
): Promise<string | null | undefined> {
  const { data, error } = await admin
    .from('subscriptions')
    .select('stripe_customer_id')
    .eq('user_id', userId)
    .not('stripe_customer_id', 'is', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) return undefined;
  return data?.stripe_customer_id ? String(data.stripe_customer_id) : null;
}

/**
 * The start of a signed-in user's `{ "tier": … }` request to a subscription function: the CORS
 * preflight, POST only, card payments configured (`payments`), a user JWT, and a JSON body whose
 * one key is `tier`. Gives the user and the tier as sent, or the answer to send instead.
 */
export async function readTierRequest(
  req: Request,
  { payments, signIn }: { payments: boolean; signIn: string },
): Promise<{ userId: string; tier: unknown } | Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
  if (!payments)
    return errorResponse(503, 'payments_unavailable', 'Card payments are not configured');
  const userId = userIdFrom(req);
  if (!userId) return errorResponse(401, 'unauthorized', signIn);
  const read = await readJsonBody(req, 1024);
  if (!read.ok) return errorResponse(read.status, read.code, read.message);
  if (!isRecord(read.body) || Object.keys(read.body).some((key) => key !== 'tier'))
    return errorResponse(400, 'invalid_request', 'The body must be { "tier": "<tier id>" }');
  return { userId, tier: read.body.tier };
}
