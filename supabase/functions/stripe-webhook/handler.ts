// stripe-webhook: verifies the Stripe signature on the raw body (constructEventAsync with
// STRIPE_WEBHOOK_SECRET) and hands the event to public.apply_stripe_event, which records the
// event id in the same transaction as its effects: each event acts exactly once, duplicates and
// retries answer 200 with no second effect, and an event that arrived before what it depends on
// answers 503 so that Stripe delivers it again later. A signed event with a malformed field (the
// database checks every field it reads) answers 400 invalid_event, and nothing is written.
import { createClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { errorResponse, isRecord, json, type FunctionEnv } from '../_shared/http.ts';
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
    // Signed but not yet checked (the database checks the event): `data` may be missing.
    const session = (event.data as Partial<typeof event.data> | undefined)?.object;
    if (session?.mode !== 'payment' || typeof session.payment_intent !== 'string') return null;
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
    } catch (error) {
      return errorResponse(400, ...signatureProblem(error), HEADERS);
    }
    // A signed body is JSON, but not necessarily an event (`null`, a list, a number): the fee
    // lookup below reads its fields, and the database checks the rest.
    if (!isRecord(event)) return notAnEvent();

    const fee = await paymentFee(event);
    const { data, error } = await admin.rpc('apply_stripe_event', {
      event,
      payment_fee_cents: fee,
    });
    if (error) {
      if (error.code === '55000' || error.code === '40001' || error.code === '40P01')
        return errorResponse(503, 'retry_later', error.message, {
          ...HEADERS,
          'Retry-After': '30',
        });
      // apply_stripe_event refuses a malformed event with 22023 and a message naming the field.
      if (error.code === '22023')
        return errorResponse(400, 'invalid_event', error.message, HEADERS);
      // Any other data or integrity error is the event's too (a value no column can hold, a
      // session of another order), but its message is Postgres's: it is logged, not sent back.
      const kind = error.code?.slice(0, 2);
      if (kind === '22' || kind === '23') {
        console.error(`[stripe-webhook] ${event.id}: ${error.code} ${error.message}`);
        return errorResponse(
          400,
          'invalid_event',
          kind === '22'
            ? 'The event has a field of the wrong type or out of range'
            : 'The event does not fit the stored payments',
          HEADERS,
        );
      }
      console.error(`[stripe-webhook] ${event.id}: ${error.message}`);
      return errorResponse(500, 'webhook_failed', 'The event could not be applied', HEADERS);
    }
    return json(200, { received: true, outcome: data }, HEADERS);
  };
}

/**
 * What was wrong with a request whose event could not be read: constructEventAsync checks the
 * signature first (StripeSignatureVerificationError, also for a timestamp outside the tolerance)
 * and then parses the signed body (a SyntaxError when it is not JSON).
 */
function signatureProblem(error: unknown): [code: string, message: string] {
  if (error instanceof Stripe.errors.StripeSignatureVerificationError)
    return /tolerance/i.test(error.message)
      ? ['stale_signature', "The Stripe signature's timestamp is outside the tolerance"]
      : ['invalid_signature', 'The Stripe signature does not match the body'];
  return ['invalid_event', 'The body is not a JSON Stripe event'];
}

function notAnEvent(): Response {
  return errorResponse(400, 'invalid_event', 'The body is not a JSON Stripe event', HEADERS);
}
