// change-subscription: the signed-in subscriber changes the plan they hold.
//   { "tier": "<another paid tier of their kind>" }  switches now; Stripe prorates the difference
//                                                    on the next invoice;
//   { "tier": "free" }                               ends the plan at the end of the paid period;
//   { "tier": "<their own tier>" }                   keeps a plan that was set to end.
// With STRIPE_SECRET_KEY it updates the Stripe subscription (a price for the new tier, the tier in
// the subscription's metadata); otherwise the local stack's stand-in for Stripe makes the change.
// Either way the database learns it the one way it learns every subscription state: Stripe's
// customer.subscription.updated event through stripe-webhook.
import { createClient } from '@supabase/supabase-js';
import { HELD_SUBSCRIPTION_STATUSES, PAID_TIER_IDS, paidTier } from '@verdant/validation';
import { errorResponse, json, type FunctionEnv } from '../_shared/http.ts';
import {
  paymentProviderUnavailable,
  readTierRequest,
  stripeFailed,
  stripeFromEnv,
} from '../_shared/stripe.ts';
import { randomStripeId, signLocalSubscriptionUpdate } from '../_shared/local-checkout.ts';

/** The body's word for the free plan (no subscription). */
export const FREE_PLAN = 'free';

/** How long the local stand-in accepts a signed change. */
const LOCAL_REQUEST_SECONDS = 60;

/** The plan after the change, as the function answers it. */
export interface ChangedPlan {
  /** The paid tier the subscription has now. */
  tier: string;
  status: string;
  /** True when the plan ends at `currentPeriodEnd` (a change to the free plan). */
  cancelAtPeriodEnd: boolean;
  /** ISO time, or null when unknown. */
  currentPeriodEnd: string | null;
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error('change-subscription needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const stripe = stripeFromEnv(env);
  const localCheckoutUrl = env.get('LOCAL_CHECKOUT_URL');
  const webhookSecret = env.get('STRIPE_WEBHOOK_SECRET');

  /** Asks the local stand-in for Stripe to make the change; false when it could not. */
  const changeLocally = async (
    plan: ChangedPlan & { subscription: string; customer: string | null; userId: string },
  ) => {
    const token = await signLocalSubscriptionUpdate(
      {
        v: 1,
        kind: 'subscription_update',
        request: randomStripeId('req'),
        subscription: plan.subscription,
        customer: plan.customer,
        userId: plan.userId,
        tier: plan.tier,
        status: plan.status,
        cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
        currentPeriodEnd: plan.currentPeriodEnd
          ? Math.floor(Date.parse(plan.currentPeriodEnd) / 1000)
          : null,
        exp: Math.floor(Date.now() / 1000) + LOCAL_REQUEST_SECONDS,
      },
      webhookSecret as string,
    );
    try {
      const response = await fetch(`${localCheckoutUrl}/subscription-update`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: token,
      });
      if (!response.ok)
        console.error(
          `[change-subscription] the local stand-in for Stripe answered ${response.status}: ${await response.text()}`,
        );
      else await response.body?.cancel();
      return response.ok;
    } catch (error) {
      console.error(
        `[change-subscription] the local stand-in for Stripe: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  };

  return async (req) => {
    const request = await readTierRequest(req, {
      payments: Boolean(stripe || (localCheckoutUrl && webhookSecret)),
      signIn: 'Sign in to change your plan',
    });
    if (request instanceof Response) return request;
    const { userId } = request;
    const wanted = request.tier;
    const target = wanted === FREE_PLAN ? null : paidTier(wanted);
    if (target === undefined)
      return errorResponse(
        400,
        'invalid_tier',
        `Choose ${PAID_TIER_IDS.join(', ')} or ${FREE_PLAN}`,
      );

    const { data: rows, error } = await admin
      .from('subscriptions')
      .select(
        'tier, status, cancel_at_period_end, current_period_end, stripe_customer_id, stripe_subscription_id',
      )
      .eq('user_id', userId)
      .in('status', [...HELD_SUBSCRIPTION_STATUSES])
      .order('created_at', { ascending: false })
      .limit(1);
    if (error) return errorResponse(500, 'change_failed', 'The plan could not be changed');
    const held = rows?.[0];
    const heldTier = held ? paidTier(held.tier) : undefined;
    if (!held || !heldTier || !held.stripe_subscription_id)
      return errorResponse(
        409,
        'no_subscription',
        'You have no paid plan to change; subscribe to one on the pricing page',
      );
    if (target && target.audience !== heldTier.audience)
      return errorResponse(
        400,
        'invalid_tier',
        `${target.name} is for ${target.audience === 'affiliate' ? 'affiliates' : 'merchants'}`,
      );
    if (target?.id === heldTier.id && !held.cancel_at_period_end)
      return errorResponse(409, 'same_tier', `You already have ${heldTier.name}`);

    // The subscription after the change: another tier now, or the same tier ending (free) or kept.
    const next: ChangedPlan = {
      tier: target?.id ?? heldTier.id,
      status: String(held.status),
      cancelAtPeriodEnd: target === null,
      currentPeriodEnd: held.current_period_end ? String(held.current_period_end) : null,
    };
    const subscription = String(held.stripe_subscription_id);

    if (stripe) {
      const updated = await (async () => {
        if (!target || target.id === heldTier.id)
          return stripe.subscriptions.update(subscription, {
            cancel_at_period_end: next.cancelAtPeriodEnd,
          });
        const item = (await stripe.subscriptions.retrieve(subscription)).items.data[0];
        if (!item) throw new Error(`subscription ${subscription} has no item to switch`);
        const price = await stripe.prices.create({
          currency: target.currency.toLowerCase(),
          unit_amount: target.priceCents,
          recurring: { interval: target.interval },
          product_data: { name: `Verdant ${target.name}` },
          metadata: { tier: target.id },
        });
        return stripe.subscriptions.update(subscription, {
          items: [{ id: item.id, price: price.id }],
          metadata: { user_id: userId, tier: target.id },
          cancel_at_period_end: false,
          proration_behavior: 'create_prorations',
        });
      })().catch(stripeFailed('change-subscription'));
      if (!updated) return paymentProviderUnavailable();
      const end = updated.items.data[0]?.current_period_end;
      return json(200, {
        ...next,
        status: updated.status,
        cancelAtPeriodEnd: updated.cancel_at_period_end,
        currentPeriodEnd: end ? new Date(end * 1000).toISOString() : next.currentPeriodEnd,
      });
    }

    const changed = await changeLocally({
      ...next,
      subscription,
      customer: held.stripe_customer_id ? String(held.stripe_customer_id) : null,
      userId,
    });
    if (!changed) return paymentProviderUnavailable();
    return json(200, next);
  };
}
