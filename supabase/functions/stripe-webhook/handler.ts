// stripe-webhook: verifies the Stripe signature on the raw body (constructEventAsync with
// STRIPE_WEBHOOK_SECRET) and hands the event to public.apply_stripe_event, which records the
// event id in the same transaction as its effects: each event acts exactly once, duplicates and
// retries answer 200 with no second effect, and an event that arrived before what it depends on
// answers 503 so that Stripe delivers it again later.
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { errorResponse, json, type FunctionEnv } from '../_shared/http.ts';
import { stripeFromEnv } from '../_shared/stripe.ts';

/** Stripe's events are far smaller; anything bigger is not from Stripe. */
export const MAX_BODY_BYTES = 512 * 1024;

const HEADERS = { 'Cache-Control': 'no-store' };

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  const secret = env.get('STRIPE_WEBHOOK_SECRET');
  if (!url || !serviceRoleKey || !secret)
    throw new Error(
      'stripe-webhook needs SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const stripeKey = env.get('STRIPE_SECRET_KEY');
  // With a key, the client of the other payment functions (STRIPE_API_BASE included); without
  // one, only the webhook helpers are needed, and they make no request.
  const stripe = stripeFromEnv(env) ?? new Stripe('sk_test_signature_check_only');
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  /** With a Stripe key, the real processing fee of a paid session (else the database estimates it). */
  const paymentFee = async (event: Stripe.Event): Promise<number | null> => {
    if (!stripeKey || event.type !== 'checkout.session.completed') return null;
    const session = event.data.object;
    if (session.mode !== 'payment' || typeof session.payment_intent !== 'string') return null;
    try {
      const intent = await stripe.paymentIntents.retrieve(session.payment_intent, {
        expand: ['latest_charge.balance_transaction'],
      });
      const charge = intent.latest_charge;
      const balance = typeof charge === 'object' && charge ? charge.balance_transaction : null;
      return typeof balance === 'object' && balance ? balance.fee : null;
    } catch {
      return null;
    }
  };

  return async (req) => {
    if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST', HEADERS);
    const signature = req.headers.get('stripe-signature');
    if (!signature)
      return errorResponse(
        400,
        'missing_signature',
        'The Stripe-Signature header is missing',
        HEADERS,
      );
    const declared = Number(req.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES)
      return errorResponse(413, 'payload_too_large', 'The event is too large', HEADERS);
    const raw = await req.text();
    if (raw.length > MAX_BODY_BYTES)
      return errorResponse(413, 'payload_too_large', 'The event is too large', HEADERS);

    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(
        raw,
        signature,
        secret,
        undefined,
        cryptoProvider,
      );
    } catch {
      return errorResponse(
        400,
        'invalid_signature',
        'The Stripe signature does not match the body',
        HEADERS,
      );
    }

    const fee = await paymentFee(event);
    const { data, error } = await admin.rpc('apply_stripe_event', {
      event: JSON.parse(raw) as unknown,
      payment_fee_cents: fee,
    });
    if (error) {
      if (error.code === '55000' || error.code === '40001' || error.code === '40P01')
        return errorResponse(503, 'retry_later', error.message, {
          ...HEADERS,
          'Retry-After': '30',
        });
      if (error.code === '22023')
        return errorResponse(400, 'invalid_event', error.message, HEADERS);
      console.error(`[stripe-webhook] ${event.id}: ${error.message}`);
      return errorResponse(500, 'webhook_failed', 'The event could not be applied', HEADERS);
    }
    return json(200, { received: true, outcome: data }, HEADERS);
  };
}
