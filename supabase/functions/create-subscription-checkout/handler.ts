// create-subscription-checkout: a signed-in user starts the card checkout for a paid tier (tiers
// are defined once in @verdant/validation). With STRIPE_SECRET_KEY a Stripe Checkout Session in
// subscription mode; otherwise the local stack's test checkout. The user id and tier travel in
// the subscription's metadata, so the webhook can keep `subscriptions` and the profile in step.
// A user's later checkouts reuse the Stripe customer of their earlier subscriptions; a user who
// still holds a plan is sent to the billing portal instead of into a second subscription.
//
// Only one plan checkout per user can be paid, so a plan cannot be bought twice and two plans
// cannot be bought side by side:
//   - Repeated requests for the same plan (a double click, a second tab) get the same session while
//     it is open: the session is keyed by the user, the tier and how many subscriptions the user
//     has had. With Stripe the key is the session's idempotency key (and a repeat reads the
//     session's current state); in the local test checkout it fixes the session id, and a session
//     completes once.
//   - A checkout for another plan first expires the open one (`subscription_checkouts` holds each
//     user's newest), so a tab left open on Starter cannot be paid once Growth has been opened; if
//     it was paid meanwhile, the user is told that plan is on its way instead.
import { createClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { HELD_SUBSCRIPTION_STATUSES, heldPlan, paidTier } from '@verdant/validation';
import { errorResponse, json, jwtClaims, type FunctionEnv } from '../_shared/http.ts';
import {
  checkoutSessionCloser,
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
  const failed = stripeFailed('create-subscription-checkout');

  /** Closes a checkout session so it cannot be paid (see `checkoutSessionCloser`). */
  const expireSession = checkoutSessionCloser(
    stripe,
    { url: localCheckoutUrl, secret: webhookSecret },
    'create-subscription-checkout',
  );

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
    const alreadyPaid = (name: string) =>
      errorResponse(
        409,
        'already_subscribed',
        `Your payment for ${name} went through; the plan starts in a moment`,
      );

    // The user's newest plan checkout. One of this generation for another plan is expired before
    // this one opens; the new session is keyed by the one it replaces, so coming back to a plan
    // gives a new session rather than the expired one.
    const { data: newest, error: newestError } = await admin
      .from('subscription_checkouts')
      .select('session_id, tier, generation')
      .eq('user_id', userId)
      .maybeSingle();
    if (newestError)
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    const previous = newest && newest.generation === started ? newest : null;
    let checkoutKey = `subscription-${userId}-${tier.id}-${started}`;
    if (previous && previous.tier !== tier.id) {
      const state = await expireSession(String(previous.session_id));
      if (!state) return paymentProviderUnavailable();
      if (state === 'complete')
        return alreadyPaid(paidTier(previous.tier)?.name ?? String(previous.tier));
      checkoutKey = `${checkoutKey}-after-${String(previous.session_id)}`;
    }

    const claims = jwtClaims(req);
    const email = typeof claims?.email === 'string' ? claims.email : null;
    const metadata = { user_id: userId, tier: tier.id };
    const successUrl = `${siteUrl}/payment-success?subscription=${tier.id}`;
    const cancelUrl = `${siteUrl}/payment-canceled?subscription=${tier.id}`;

    let opened: { id: string; url: string };
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
          if (current.status === 'complete') return alreadyPaid(tier.name);
          if (current.status === 'open') session = current;
          else key = `${checkoutKey}-after-${current.id}`;
        }
      }
      if (!session) return paymentProviderUnavailable();
      if (!session.url)
        return errorResponse(502, 'checkout_failed', 'Stripe returned no checkout URL');
      opened = { id: session.id, url: session.url };
    } else {
      const id = await derivedStripeId('cs_test_local', webhookSecret as string, checkoutKey);
      const token = await signLocalCheckoutSession(
        {
          v: 1,
          id,
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
      opened = { id, url: `${localCheckoutUrl}/c/${token}` };
    }

    // Becomes the user's newest plan checkout, replacing only the row read above. Another request
    // that got there first wins: unless it holds this very session (the same plan, asked twice at
    // once), this one is expired and the user asked to try again.
    const row = { session_id: opened.id, tier: tier.id, generation: started };
    const claim = newest
      ? await admin
          .from('subscription_checkouts')
          .update({ ...row, created_at: new Date().toISOString() })
          .eq('user_id', userId)
          .eq('session_id', String(newest.session_id))
          .select('user_id')
      : await admin
          .from('subscription_checkouts')
          .insert({ user_id: userId, ...row })
          .select('user_id');
    if (claim.error && claim.error.code !== '23505')
      return errorResponse(500, 'checkout_failed', 'The checkout could not be created');
    if (!claim.error && claim.data.length === 1) return json(200, { url: opened.url });
    const { data: winner } = await admin
      .from('subscription_checkouts')
      .select('session_id')
      .eq('user_id', userId)
      .maybeSingle();
    if (winner?.session_id === opened.id) return json(200, { url: opened.url });
    await expireSession(opened.id);
    return errorResponse(
      409,
      'checkout_in_progress',
      'Another checkout for a plan was started at the same moment; please try again',
    );
  };
}
