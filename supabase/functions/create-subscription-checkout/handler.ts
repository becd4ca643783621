// create-subscription-checkout: a signed-in user starts the card checkout for a paid tier (tiers
// are defined once in @verdant/validation). With STRIPE_SECRET_KEY a Stripe Checkout Session in
// subscription mode; otherwise the local stack's test checkout. The user id and tier travel in
// the subscription's metadata, so the webhook can keep `subscriptions` and the profile in step.
// A user's later checkouts reuse the Stripe customer of their earlier subscriptions; a user who
// still holds a plan is sent to the billing portal instead of into a second subscription.
//
// Repeated requests for the same plan (a double click, a second tab) get the same checkout
// session while it is open, so a plan cannot be bought twice through two sessions: the session
// is keyed by the user, the tier and how many subscriptions the user has had. With Stripe the
// key is the session's idempotency key (and a repeat reads the session's current state); in the
// local test checkout it fixes the session id, and a session completes once.
import { createClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { HELD_SUBSCRIPTION_STATUSES, heldPlan, paidTier } from '@verdant/validation';
import { errorResponse, json, jwtClaims, type FunctionEnv } from '../_shared/http.ts';
import {
  paymentProviderUnavailable,
  readTierRequest,
  stripeCustomerOf,
  stripeFailed,
  stripeFromEnv,
} from '../_shared/stripe.ts';
import { derivedStripeId, signLocalCheckoutSession } from '../_shared/local-checkout.ts';

const SESSION_SECONDS = 60 * 60;

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error(
      'create-subscription-checkout needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY',
    );
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const stripe = stripeFromEnv(env);
  const localCheckoutUrl = env.get('LOCAL_CHECKOUT_URL');
  const webhookSecret = env.get('STRIPE_WEBHOOK_SECRET');
  const siteUrl = (env.get('SITE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');

  return async (req) => {
    const request = await readTierRequest(req, {
      payments: Boolean(stripe || (localCheckoutUrl && webhookSecret)),
      signIn: 'Sign in to subscribe',
    });
    if (request instanceof Response) return request;
    const { userId } = request;
    const tier = paidTier(request.tier);
    if (!tier)
      return errorResponse(400, 'invalid_tier', 'Choose a paid tier: pro, starter or business');

    const { data: profile, error } = await admin
      .from('profiles')
      .select('role')
      .eq('id', userId)
      .maybeSingle();
    if (error) return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    if (!profile) return errorResponse(401, 'unauthorized', 'Unknown user');
    if (profile.role !== tier.audience && profile.role !== 'admin')
      return errorResponse(
        400,
        'invalid_tier',
        `${tier.name} is for ${tier.audience === 'affiliate' ? 'affiliates' : 'merchants'}`,
      );

    // One plan at a time: a second checkout would start a second subscription beside the first
    // (and bill both). A plan is changed or cancelled in the billing portal instead.
    const { data: live, error: liveError } = await admin
      .from('subscriptions')
      .select('tier, status')
      .eq('user_id', userId)
      .in('status', [...HELD_SUBSCRIPTION_STATUSES])
      .limit(1);
    if (liveError)
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    const held = heldPlan(live ?? []);
    if (held)
      return errorResponse(
        409,
        'already_subscribed',
        `You already have ${held.name}; change or cancel it from your profile's billing portal`,
      );

    // Which subscription this checkout would start: the user's count of subscriptions so far.
    const { count: started, error: countError } = await admin
      .from('subscriptions')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', userId);
    if (countError || started === null)
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    const checkoutKey = `subscription-${userId}-${tier.id}-${started}`;
    const alreadyPaid = () =>
      errorResponse(
        409,
        'already_subscribed',
        `Your payment for ${tier.name} went through; the plan starts in a moment`,
      );

    const claims = jwtClaims(req);
    const email = typeof claims?.email === 'string' ? claims.email : null;
    const metadata = { user_id: userId, tier: tier.id };
    const successUrl = `${siteUrl}/payment-success?subscription=${tier.id}`;
    const cancelUrl = `${siteUrl}/payment-canceled?subscription=${tier.id}`;

    if (stripe) {
      // A user who has subscribed before keeps their Stripe customer (one customer per user, so
      // the billing portal shows all their subscriptions and invoices); a first checkout lets
      // Stripe create it from the email.
      const customer = await stripeCustomerOf(admin, userId);
      if (customer === undefined)
        return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
      const params = {
        mode: 'subscription' as const,
        client_reference_id: userId,
        ...(customer ? { customer } : { customer_email: email ?? undefined }),
        metadata,
        subscription_data: { metadata },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: tier.currency.toLowerCase(),
              unit_amount: tier.priceCents,
              recurring: { interval: tier.interval },
              product_data: { name: `Verdant ${tier.name}` },
            },
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
      };
      const failed = stripeFailed('create-subscription-checkout');
      // Under the key, Stripe answers a repeat with the session it made first; what matters then
      // is that session's state now: open (answer with it), paid (nothing to buy) or expired (a
      // new session, keyed by the one it replaces).
      let session: Stripe.Checkout.Session | null = null;
      let key = checkoutKey;
      for (let attempt = 0; attempt < 3 && !session; attempt += 1) {
        const made = await stripe.checkout.sessions
          .create(params, { idempotencyKey: key })
          .catch(failed);
        if (!made) return paymentProviderUnavailable();
        if (made.lastResponse?.headers?.['idempotent-replayed'] !== 'true') session = made;
        else {
          const current = await stripe.checkout.sessions.retrieve(made.id).catch(failed);
          if (!current) return paymentProviderUnavailable();
          if (current.status === 'complete') return alreadyPaid();
          if (current.status === 'open') session = current;
          else key = `${checkoutKey}-after-${current.id}`;
        }
      }
      if (!session) return paymentProviderUnavailable();
      if (!session.url)
        return errorResponse(502, 'checkout_failed', 'Stripe returned no checkout URL');
      return json(200, { url: session.url });
    }
    const token = await signLocalCheckoutSession(
      {
        v: 1,
        id: await derivedStripeId('cs_test_local', webhookSecret as string, checkoutKey),
        mode: 'subscription',
        userId,
        tier: tier.id,
        email,
        currency: tier.currency.toLowerCase(),
        amountTotal: tier.priceCents,
        lines: [{ name: `Verdant ${tier.name} (monthly)`, quantity: 1, amount: tier.priceCents }],
        successUrl,
        cancelUrl,
        exp: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      },
      webhookSecret as string,
    );
    return json(200, { url: `${localCheckoutUrl}/c/${token}` });
  };
}
