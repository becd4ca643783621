// customer-portal: the Stripe billing portal for the signed-in subscriber (change card, cancel).
// Without STRIPE_SECRET_KEY there is no portal: a clear 501 "not available in local mode".
import { createClient } from '@supabase/supabase-js';
import {
  CORS_HEADERS,
  errorResponse,
  json,
  userIdFrom,
  type FunctionEnv,
} from '../_shared/http.ts';
import {
  paymentProviderUnavailable,
  stripeCustomerOf,
  stripeFailed,
  stripeFromEnv,
} from '../_shared/stripe.ts';

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error('customer-portal needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const stripe = stripeFromEnv(env);
  const siteUrl = (env.get('SITE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
    const userId = userIdFrom(req);
    if (!userId) return errorResponse(401, 'unauthorized', 'Sign in to manage your subscription');
    if (!stripe)
      return errorResponse(
        501,
        'not_available_locally',
        'The billing portal is not available in local mode; subscriptions are managed by Stripe in production',
      );
    const customer = await stripeCustomerOf(admin, userId);
    if (customer === undefined)
      return errorResponse(500, 'portal_failed', 'The billing portal could not be opened');
    if (customer === null)
      return errorResponse(404, 'no_subscription', 'There is no subscription to manage yet');
    const session = await stripe.billingPortal.sessions
      .create({
        customer,
        return_url: `${siteUrl}/profile`,
      })
      .catch(stripeFailed('customer-portal'));
    if (!session) return paymentProviderUnavailable();
    return json(200, { url: session.url });
  };
}
