// Sessions of the local test checkout (used when STRIPE_SECRET_KEY is not set). The payment
// functions describe the session in a token signed with the webhook secret; the local stack's
// checkout page accepts only tokens it can verify, so a shopper cannot change the amount. Changes
// to a subscription travel to the local stand-in for Stripe the same way.

export interface LocalCheckoutLine {
  name: string;
  quantity: number;
  /** Line total in cents. */
  amount: number;
}

export interface LocalCheckoutSession {
  v: 1;
  /** Checkout Session id (`cs_test_local_…`). */
  id: string;
  mode: 'payment' | 'subscription';
  orderId?: string;
  clickId?: string | null;
  userId?: string;
  tier?: string;
  email?: string | null;
  /** Lower-case ISO currency, as Stripe writes it. */
  currency: string;
  amountTotal: number;
  lines: LocalCheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function hmac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64Url(
    new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text))),
  );
}

/** `<payload>.<signature>`, both base64url; the payload is the value as JSON. */
async function signToken(value: object, secret: string): Promise<string> {
  const payload = base64Url(new TextEncoder().encode(JSON.stringify(value)));
  return `${payload}.${await hmac(secret, payload)}`;
}

/** A checkout session as a token for the local checkout page. */
export function signLocalCheckoutSession(
  session: LocalCheckoutSession,
  secret: string,
): Promise<string> {
  return signToken(session, secret);
}

/**
 * A change to a subscription for the local stand-in for Stripe (what `stripe.subscriptions.update`
 * does there): it delivers the subscription's new state to the webhook as
 * customer.subscription.updated.
 */
export interface LocalSubscriptionUpdate {
  v: 1;
  kind: 'subscription_update';
  /** Unique per change (`req_…`): the same request delivered twice changes the plan once. */
  request: string;
  /** `sub_…` */
  subscription: string;
  customer: string | null;
  userId: string;
  /** The paid tier the subscription has after the change. */
  tier: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** The end of the current period, seconds since the epoch. */
  currentPeriodEnd: number | null;
  /** Until then the stand-in accepts the request, seconds since the epoch. */
  exp: number;
}

export function signLocalSubscriptionUpdate(
  update: LocalSubscriptionUpdate,
  secret: string,
): Promise<string> {
  return signToken(update, secret);
}

/** A request to the local stand-in for Stripe to expire an open checkout session. */
export interface LocalSessionExpiry {
  v: 1;
  kind: 'session_expire';
  /** `cs_test_local_…` */
  session: string;
  /** Until then the stand-in accepts the request, seconds since the epoch. */
  exp: number;
}

export function signLocalSessionExpiry(
  expiry: LocalSessionExpiry,
  secret: string,
): Promise<string> {
  return signToken(expiry, secret);
}

/**
 * What `stripe.checkout.sessions.expire` does, in the local test checkout: afterwards the session
 * cannot be paid. Resolves with the session's state ('expired', or 'complete' when it was paid
 * first), or null when the stand-in could not be asked (logged).
 */
export async function expireLocalCheckoutSession(
  localCheckoutUrl: string,
  secret: string,
  session: string,
): Promise<'expired' | 'complete' | null> {
  const token = await signLocalSessionExpiry(
    { v: 1, kind: 'session_expire', session, exp: Math.floor(Date.now() / 1000) + 60 },
    secret,
  );
  try {
    const response = await fetch(`${localCheckoutUrl}/session-expire`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: token,
    });
    const text = await response.text();
    const status = response.ok ? (JSON.parse(text) as { status?: unknown }).status : undefined;
    if (status === 'expired' || status === 'complete') return status;
    console.error(`[local checkout] the stand-in for Stripe answered ${response.status}: ${text}`);
  } catch (error) {
    console.error(
      `[local checkout] the stand-in for Stripe: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return null;
}

/**
 * A session id fixed by `key` (and the secret): requests that describe the same checkout get the
 * same session, which the local checkout completes once.
 */
export async function derivedStripeId(
  prefix: string,
  secret: string,
  key: string,
): Promise<string> {
  return `${prefix}_${(await hmac(secret, key)).replace(/[-_]/g, '').slice(0, 32)}`;
}

export function randomStripeId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '')}`;
}
