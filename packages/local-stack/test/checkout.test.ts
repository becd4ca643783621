import { chromium, type Browser, type Page } from 'playwright';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../config/chromium.mjs';
import { createHandler as createCheckoutHandler } from '../../../supabase/functions/create-checkout/handler.ts';
import {
  signLocalCheckoutSession,
  signLocalSessionExpiry,
  signLocalSubscriptionUpdate,
  type LocalCheckoutSession,
  type LocalSessionExpiry,
  type LocalSubscriptionUpdate,
} from '../../../supabase/functions/_shared/local-checkout.ts';
import {
  CARD_MESSAGES,
  PAGE_MESSAGES,
  createStripeEventSender,
  verifySessionToken,
  type SessionExpiry,
} from '../src/checkout.ts';
import type { Session, SubscriptionUpdate } from '../src/checkout-events.ts';
import { expireLocalCheckouts, scheduleCheckoutExpiry } from '../src/checkout-expiry.ts';
import { startTestStack, type RunningStack } from '../src/testing.ts';
import {
  clickIdFor,
  createWorld,
  moneyCounts,
  orderCommissions,
  orderRow,
  type World,
} from './go-world.ts';
import { createUser } from './helpers.ts';

// Money through the real stack: /go click → cookie → create-checkout → the local test checkout in
// Chromium → signed Stripe events → stripe-webhook → order paid → commission → hold → payout →
// refund → clawback; and the webhook's guarantees (signatures, duplicates, order, concurrency).

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

let stack: RunningStack;
let world: World;
let browser: Browser;
let send: ReturnType<typeof createStripeEventSender>;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, env: { GO_FLUSH_INTERVAL_MS: '50' } });
  world = await createWorld(stack, { type: 'percent', rate: 1000, holdingDays: 14 });
  browser = await chromium.launch(chromiumLaunchOptions);
  send = createStripeEventSender({
    webhookUrl: `${stack.apiUrl}/functions/v1/stripe-webhook`,
    webhookSecret: stack.stripeWebhookSecret,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function checkout(token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.apiUrl}/functions/v1/create-checkout`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Delivers the signed checkout.session.completed of an order's checkout session (with the email
 * Stripe collected, when given).
 */
async function completeCheckout(orderId: string, opts: { clickId?: string; email?: string } = {}) {
  const o = await orderRow(stack, orderId);
  const result = await send('checkout.session.completed', {
    id: o.stripe_checkout_session_id,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: o.total_cents,
    currency: 'usd',
    client_reference_id: orderId,
    ...(opts.email ? { customer_details: { email: opts.email, name: 'Guest Buyer' } } : {}),
    metadata: { order_id: orderId, click_id: opts.clickId ?? '' },
    payment_intent: `pi_${orderId.replace(/-/g, '')}`,
  });
  expect(result.status).toBe(200);
}

/** A paid order through the checkout function and a signed checkout.session.completed. */
async function paidOrder(
  opts: { clickId?: string; quantity?: number; token?: string; email?: string } = {},
) {
  const created = await checkout(opts.token ?? world.shopper.token, {
    items: [{ productId: world.cheapProductId, quantity: opts.quantity ?? 2 }],
    ...(opts.clickId ? { clickId: opts.clickId } : {}),
  });
  expect(created.status).toBe(200);
  const orderId = created.body.orderId as string;
  await completeCheckout(orderId, opts);
  return orderId;
}

/**
 * Fills the test checkout's card form (expiry 12/34, CVC 123), and an order's shipping address
 * when the page asks for one.
 */
async function fillCard(page: Page, number: string, name: string) {
  if ((await page.getByLabel('Address line 1').count()) > 0) {
    await page.getByLabel('Full name for delivery').fill(name);
    await page.getByLabel('Address line 1').fill('12 Fern Street');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Postal code').fill('97201');
    await page.getByLabel('State, province or territory').fill('OR');
    await page.getByLabel('Country').selectOption('US');
  }
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
}

/** Starts a checkout from the page, on its origin (as the shop does, with the page's cookies). */
async function checkoutInPage(page: Page, token: string, productId: string, quantity: number) {
  return page.evaluate(
    async ([anonKey, bearer, product, count]) => {
      const res = await fetch('/api/checkout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ items: [{ productId: product, quantity: count }] }),
      });
      return { status: res.status, body: (await res.json()) as { orderId: string; url: string } };
    },
    [stack.anonKey, token, productId, quantity] as const,
  );
}

// The tokens' shapes are written on both sides: the functions (Deno, deployed on their own) sign
// them and the published local stack reads them, and neither may import the other. The type check
// fails here when one side changes a field without the other.
// Identical, not merely assignable both ways (an added optional field counts too).
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const tokenContract: [
  Same<LocalCheckoutSession, Session>,
  Same<LocalSubscriptionUpdate, SubscriptionUpdate>,
  Same<LocalSessionExpiry, SessionExpiry>,
] = [true, true, true];
void tokenContract;

describe('the full chain in Chromium', () => {
  it('click → cookie → local checkout → webhook → paid → commission → hold → payout → refund → clawback', async () => {
    // Headless Chromium names itself HeadlessChrome, which the tracker rightly takes for a bot.
    const context = await browser.newContext({ userAgent: DESKTOP });
    const page = await context.newPage();
    try {
      // The visitor follows the affiliate's link on the site's own origin.
      const landing = await page.goto(`${stack.webUrl}/go/${world.linkA.code}`);
      expect(new URL(page.url()).pathname).toBe('/shop');
      expect(landing).not.toBeNull();
      const cookies = await context.cookies(stack.webUrl);
      const ref = cookies.find((c) => c.name === 'verdant_ref');
      expect(ref).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      // The shop starts the checkout on the same origin, so the HttpOnly cookie travels along.
      const started = await checkoutInPage(page, world.shopper.token, world.productId, 3);
      expect(started.status).toBe(200);
      const orderId = started.body.orderId;
      expect(started.body.url).toMatch(new RegExp(`^${stack.webUrl}/local-checkout/c/`));
      expect((await orderRow(stack, orderId)).click_ref).toBe(ref!.value);

      // The test checkout: the signed-in shopper's email is shown and cannot be changed; a
      // declined card first, with Stripe's message.
      await page.goto(started.body.url);
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(world.shopper.email);
      expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
      await fillCard(page, '4000 0000 0000 0002', 'Sam Shopper');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toBe(`${CARD_MESSAGES.declined} ${PAGE_MESSAGES.tryAnotherCard}`);
      // A decline belongs to no field: its message takes the focus, and the CVC is asked again.
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
      expect(await page.getByLabel('CVC').inputValue()).toBe('');
      expect((await orderRow(stack, orderId)).status).toBe('pending');

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${stack.webUrl}/payment-success?order=${orderId}`);

      const paid = await orderRow(stack, orderId);
      expect(paid).toMatchObject({
        status: 'paid',
        // Where the page was told to ship, as Stripe reports it in the completed session.
        shipping_address: {
          name: 'Sam Shopper',
          line1: '12 Fern Street',
          line2: null,
          city: 'Portland',
          postal_code: '97201',
          state: 'OR',
          country: 'US',
        },
        total_cents: 7500,
        attributed_affiliate_id: world.affiliateA.id,
        self_referral: false,
      });
      expect(
        (paid.merchant_amount_cents as number) +
          (paid.affiliate_amount_cents as number) +
          (paid.platform_fee_cents as number) +
          (paid.payment_fee_cents as number),
      ).toBe(7500);
      expect(paid.affiliate_amount_cents).toBe(750); // 10 % of the line amount
      const { rows: events } = await stack.pool.query(
        `select type from public.stripe_events where payload->'data'->'object'->'metadata'->>'order_id' = $1 order by received_at`,
        [orderId],
      );
      expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'charge.succeeded']);
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'pending', amount_cents: 750 },
      ]);

      // The paid checkout opened again (Back, a reload) has nothing left to pay; the form sent
      // again goes to the order and delivers nothing more.
      await page.goto(started.body.url);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('This checkout is complete');
      expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(
        `${stack.webUrl}/payment-success?order=${orderId}`,
      );
      const resent = await fetch(started.body.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12 / 30',
          cvc: '123',
          name: 'Sam Shopper',
        }),
        redirect: 'manual',
      });
      expect(resent.status).toBe(303);
      expect(resent.headers.get('location')).toBe(
        `${stack.webUrl}/payment-success?order=${orderId}`,
      );
      const { rowCount: eventCount } = await stack.pool.query(
        `select 1 from public.stripe_events where payload->'data'->'object'->'metadata'->>'order_id' = $1`,
        [orderId],
      );
      expect(eventCount).toBe(2);

      // No run pays ahead of time: a date past the holding period is refused while it is future.
      const runPayouts = (body: Record<string, unknown>) =>
        fetch(`${stack.apiUrl}/functions/v1/run-payouts`, {
          method: 'POST',
          headers: {
            apikey: stack.anonKey,
            authorization: `Bearer ${world.admin.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        });
      const later = new Date(Date.parse(paid.paid_at as string) + 15 * 86_400_000).toISOString();
      const early = await runPayouts({ asOf: later, minimumCents: 100 });
      expect(early.status).toBe(400);
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'pending' },
      ]);

      // The holding period elapses: the admin releases it (approved), then run-payouts pays it.
      await stack.pool.query(
        `update public.commissions set available_at = now() - interval '1 day' where order_id = $1`,
        [orderId],
      );
      const release = await fetch(`${stack.apiUrl}/rest/v1/rpc/release_due_commissions`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${world.admin.token}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(release.status).toBe(200);
      expect(await release.json()).toBeGreaterThanOrEqual(1);
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'approved', amount_cents: 750 },
      ]);
      const payout = await runPayouts({ minimumCents: 100 });
      expect(payout.status).toBe(200);
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'paid', amount_cents: 750 },
      ]);

      // A partial refund after the payout claws back its share (a fifth of the order: 150)...
      const partial = await send('charge.refunded', {
        id: 'ch_refund_chain',
        object: 'charge',
        amount: 7500,
        amount_refunded: 1500,
        currency: 'usd',
        refunded: false,
        payment_intent: paid.stripe_payment_intent_id,
        metadata: { order_id: orderId },
      });
      expect(partial.status).toBe(200);
      expect((await orderRow(stack, orderId)).status).toBe('partially_refunded');
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'paid', amount_cents: 750 },
        { kind: 'clawback', status: 'approved', amount_cents: -150 },
      ]);

      // ...and the full refund the rest.
      const refund = await send('charge.refunded', {
        id: 'ch_refund_chain',
        object: 'charge',
        amount: 7500,
        amount_refunded: 7500,
        currency: 'usd',
        refunded: true,
        payment_intent: paid.stripe_payment_intent_id,
        metadata: { order_id: orderId },
      });
      expect(refund.status).toBe(200);
      expect((await orderRow(stack, orderId)).status).toBe('refunded');
      expect(await orderCommissions(stack, orderId)).toMatchObject([
        { kind: 'sale', status: 'paid', amount_cents: 750 },
        { kind: 'clawback', status: 'approved', amount_cents: -150 },
        { kind: 'clawback', status: 'approved', amount_cents: -600 },
      ]);
    } finally {
      await context.close();
    }
  });

  it('Cancel returns to /payment-canceled and pays nothing', async () => {
    const started = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    const page = await browser.newPage();
    try {
      await page.goto(started.body.url as string);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(
        `${stack.webUrl}/payment-canceled?order=${started.body.orderId as string}`,
      );
      expect((await orderRow(stack, started.body.orderId as string)).status).toBe('pending');
    } finally {
      await page.close();
    }
  });
});

describe('an expired local checkout', () => {
  it('delivers checkout.session.expired once when its link is opened, canceling the order', async () => {
    const started = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    expect(started.status).toBe(200);
    const orderId = started.body.orderId as string;
    // The same session, signed as create-checkout signs it, with its hour already over.
    const url = started.body.url as string;
    const session = verifySessionToken(
      url.slice(url.lastIndexOf('/') + 1),
      stack.stripeWebhookSecret,
    )!;
    expect(session).toMatchObject({ mode: 'payment', orderId });
    const token = await signLocalCheckoutSession(
      { ...session, exp: Math.floor(Date.now() / 1000) - 1 },
      stack.stripeWebhookSecret,
    );
    const events = async () =>
      (
        await stack.pool.query(
          `select type from public.stripe_events where payload->'data'->'object'->>'id' = $1`,
          [session.id],
        )
      ).rows;

    const opened = await fetch(`${stack.webUrl}/local-checkout/c/${token}`);
    expect(opened.status).toBe(410);
    expect(await opened.text()).toContain(CARD_MESSAGES.expired);
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'canceled',
      paid_at: null,
      stripe_checkout_session_id: session.id,
    });
    expect(await events()).toEqual([{ type: 'checkout.session.expired' }]);

    // Opened again: the same event, which the webhook recognises as a duplicate.
    const again = await fetch(`${stack.webUrl}/local-checkout/c/${token}`);
    expect(again.status).toBe(410);
    expect(await events()).toEqual([{ type: 'checkout.session.expired' }]);
    expect((await orderRow(stack, orderId)).status).toBe('canceled');
  });
});

describe('unpaid local checkouts past their hour', () => {
  const expiry = () => ({
    pool: stack.pool,
    webhookUrl: `${stack.apiUrl}/functions/v1/stripe-webhook`,
    webhookSecret: stack.stripeWebhookSecret,
    siteUrl: stack.webUrl,
    log: () => undefined,
  });
  const start = async () => {
    const started = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    expect(started.status).toBe(200);
    return started.body.orderId as string;
  };
  /** Moves an order's creation (and so its local session's hour) back by `minutes`. */
  const age = (orderId: string, minutes: number) =>
    stack.pool.query(
      `update public.orders set created_at = now() - make_interval(mins => $2) where id = $1`,
      [orderId, minutes],
    );
  const expiredEvents = async (orderId: string) =>
    (
      await stack.pool.query(
        `select e.type from public.stripe_events e, public.orders o
          where o.id = $1 and e.payload->'data'->'object'->>'id' = o.stripe_checkout_session_id`,
        [orderId],
      )
    ).rows;

  it('are expired by the sweep, as Stripe expires them, whether or not anybody reopens the link', async () => {
    const stale = await start();
    const within = await start(); // 59 minutes old: still payable
    const edge = await start(); // just past the hour: left for the minute of margin
    await age(stale, 120);
    await age(within, 59);
    await age(edge, 60);

    expect(await expireLocalCheckouts(expiry())).toBe(1);
    expect(await orderRow(stack, stale)).toMatchObject({ status: 'canceled', paid_at: null });
    expect(await expiredEvents(stale)).toEqual([{ type: 'checkout.session.expired' }]);
    expect((await orderRow(stack, within)).status).toBe('pending');
    expect((await orderRow(stack, edge)).status).toBe('pending');
    expect(await expiredEvents(within)).toEqual([]);

    // A canceled order is not swept again.
    expect(await expireLocalCheckouts(expiry())).toBe(0);
    expect(await expiredEvents(stale)).toEqual([{ type: 'checkout.session.expired' }]);

    // The schedule sweeps on its own; the event is signed as the webhook expects.
    await age(edge, 62);
    const schedule = scheduleCheckoutExpiry({ ...expiry(), intervalMs: 50 });
    try {
      await expect.poll(async () => (await orderRow(stack, edge)).status).toBe('canceled');
    } finally {
      await schedule.stop();
    }
    expect((await orderRow(stack, within)).status).toBe('pending');
  });

  it('give the units they reserved back to stock once, however often they are swept', async () => {
    const stockOf = async () =>
      (
        await stack.pool.query<{ stock: number }>(
          'select stock from public.products where id = $1',
          [world.productId],
        )
      ).rows[0]!.stock;
    const before = await stockOf();
    const started = await checkout(world.shopper.token, {
      items: [{ productId: world.productId, quantity: 1 }],
    });
    expect(started.status).toBe(200);
    const orderId = started.body.orderId as string;
    expect(await stockOf()).toBe(before - 1);
    await age(orderId, 120);
    expect(await expireLocalCheckouts(expiry())).toBe(1);
    expect((await orderRow(stack, orderId)).status).toBe('canceled');
    expect(await stockOf()).toBe(before);
    expect(await expireLocalCheckouts(expiry())).toBe(0);
    expect(await stockOf()).toBe(before);
  });
});

describe('the local stand-in for subscription changes', () => {
  it('applies a signed change through the webhook once, and refuses unsigned or expired ones', async () => {
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), '{"role":"merchant"}')
       returning id`,
      [`plan-${Date.now().toString(36)}@example.com`],
    );
    const userId = rows[0]!.id;
    const subscription = `sub_stand_in_${Date.now().toString(36)}`;
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end, stripe_customer_id, stripe_subscription_id)
       values ($1, 'starter', 'active', to_timestamp($2), 'cus_stand_in', $3)`,
      [userId, periodEnd, subscription],
    );
    const state = async () =>
      (
        await stack.pool.query(
          `select s.tier, s.cancel_at_period_end, p.subscription_tier
           from public.subscriptions s join public.profiles p on p.id = s.user_id
           where s.stripe_subscription_id = $1`,
          [subscription],
        )
      ).rows[0] as Record<string, unknown>;
    const change = (fields: Partial<LocalSubscriptionUpdate> = {}): LocalSubscriptionUpdate => ({
      v: 1,
      kind: 'subscription_update',
      request: `req_${Math.random().toString(36).slice(2)}`,
      subscription,
      customer: 'cus_stand_in',
      userId,
      tier: 'business',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
      exp: Math.floor(Date.now() / 1000) + 60,
      ...fields,
    });
    const post = (body: string, method = 'POST') =>
      fetch(`${stack.webUrl}/local-checkout/subscription-update`, {
        method,
        headers: { 'content-type': 'text/plain' },
        ...(method === 'POST' ? { body } : {}),
      });
    const secret = stack.stripeWebhookSecret;

    // Refused, nothing changes: unsigned, signed with another secret, expired, a checkout session.
    const session = await signLocalCheckoutSession(
      {
        v: 1,
        id: 'cs_test_local_x',
        mode: 'subscription',
        userId,
        tier: 'business',
        currency: 'usd',
        amountTotal: 14900,
        lines: [],
        successUrl: '/',
        cancelUrl: '/',
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      secret,
    );
    for (const [body, status] of [
      ['not-a-token', 400],
      [await signLocalSubscriptionUpdate(change(), 'whsec_another'), 400],
      [await signLocalSubscriptionUpdate(change({ exp: 1 }), secret), 400],
      [session, 400],
    ] as const) {
      const response = await post(body);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(
        /^(invalid_request|expired)$/,
      );
    }
    expect((await post('', 'GET')).status).toBe(405);
    expect(await state()).toEqual({
      tier: 'starter',
      cancel_at_period_end: false,
      subscription_tier: 'starter',
    });

    // Starter → Growth, then the end of the plan; the first request delivered again changes nothing.
    const up = await signLocalSubscriptionUpdate(change(), secret);
    expect((await post(up)).status).toBe(200);
    expect(await state()).toEqual({
      tier: 'business',
      cancel_at_period_end: false,
      subscription_tier: 'business',
    });
    const end = await signLocalSubscriptionUpdate(change({ cancelAtPeriodEnd: true }), secret);
    expect((await post(end)).status).toBe(200);
    expect((await post(up)).status).toBe(200);
    expect(await state()).toEqual({
      tier: 'business',
      cancel_at_period_end: true,
      subscription_tier: 'business',
    });
  });
});

describe('plan checkouts', () => {
  const subscribe = async (token: string, tier: string) => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/create-subscription-checkout`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ tier }),
    });
    return {
      status: res.status,
      body: (await res.json()) as { url?: string; error?: { code: string; message: string } },
    };
  };
  const sessionOf = (url: string | undefined) =>
    verifySessionToken(url!.split('/c/')[1]!, stack.stripeWebhookSecret)!.id;
  /**
   * Submits the test checkout's card form (Stripe's test card that pays, unless given another):
   * the redirect to the success URL when it pays, else the page the form is sent back to (a
   * failed form is answered with a redirect to the page, POST-redirect-GET).
   */
  const pay = async (url: string | undefined, number: string = '4242 4242 4242 4242') => {
    const res = await fetch(url!, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123', name: 'Plan Buyer' }),
    });
    const location = res.headers.get('location') ?? '';
    if (res.status !== 303 || !location.startsWith('/local-checkout/c/')) return res;
    return fetch(new URL(location, url));
  };
  const plans = async (userId: string) =>
    (
      await stack.pool.query(
        'select tier, status from public.subscriptions where user_id = $1 order by created_at',
        [userId],
      )
    ).rows;
  const merchant = () => createUser(stack, stack.pool, { role: 'merchant' });

  it('opening another plan expires the open one, so two plans cannot be bought side by side', async () => {
    const buyer = await merchant();
    const starter = await subscribe(buyer.token, 'starter');
    expect(starter.status).toBe(200);
    // The same plan again (a double click, a second tab): the same session.
    expect(sessionOf((await subscribe(buyer.token, 'starter')).body.url)).toBe(
      sessionOf(starter.body.url),
    );

    // Growth in another tab: the Starter tab's session is expired and cannot be paid.
    const growth = await subscribe(buyer.token, 'business');
    expect(growth.status).toBe(200);
    expect(sessionOf(growth.body.url)).not.toBe(sessionOf(starter.body.url));
    const stale = await fetch(starter.body.url!);
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain(CARD_MESSAGES.expired);
    const refused = await pay(starter.body.url);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain(CARD_MESSAGES.expired);
    expect(await plans(buyer.id)).toEqual([]);

    // Back to Starter: a new session (not the expired one), and now Growth's is expired.
    const again = await subscribe(buyer.token, 'starter');
    expect(again.status).toBe(200);
    expect(sessionOf(again.body.url)).not.toBe(sessionOf(starter.body.url));
    expect((await pay(growth.body.url)).status).toBe(410);
    const paid = await pay(again.body.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/payment-success\?subscription=starter$/);
    expect(await plans(buyer.id)).toEqual([{ tier: 'starter', status: 'active' }]);

    // Paid sessions stay paid: the expired tabs still cannot be paid, and a held plan is
    // changed on the profile, not bought again.
    expect((await pay(growth.body.url)).status).toBe(410);
    const more = await subscribe(buyer.token, 'business');
    expect(more.status).toBe(409);
    expect(more.body.error?.code).toBe('already_subscribed');
    expect(await plans(buyer.id)).toEqual([{ tier: 'starter', status: 'active' }]);
  });

  it('does not expire a plan paid before its events arrived: the other plan is refused', async () => {
    const buyer = await merchant();
    const starter = await subscribe(buyer.token, 'starter');
    expect(starter.status).toBe(200);
    // Paid on the checkout's side (the stand-in records that before it sends the events).
    await stack.pool.query(
      `insert into local_stripe.checkout_sessions (id, status) values ($1, 'complete')`,
      [sessionOf(starter.body.url)],
    );
    const growth = await subscribe(buyer.token, 'business');
    expect(growth.status).toBe(409);
    expect(growth.body.error).toEqual({
      code: 'already_subscribed',
      message: 'Your payment for Merchant Starter went through; the plan starts in a moment',
    });
    expect(
      (
        await stack.pool.query(
          'select session_id, tier from public.subscription_checkouts where user_id = $1',
          [buyer.id],
        )
      ).rows,
    ).toEqual([{ session_id: sessionOf(starter.body.url), tier: 'starter' }]);
  });

  it('leaves one payable session when two plans are asked for at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = await merchant();
      const answers = await Promise.all([
        subscribe(buyer.token, 'starter'),
        subscribe(buyer.token, 'business'),
      ]);
      for (const answer of answers)
        if (answer.status !== 200) expect(answer.body.error?.code).toBe('checkout_in_progress');
      const opened = answers.filter((answer) => answer.status === 200);
      expect(opened.length).toBeGreaterThanOrEqual(1);
      const results = [];
      for (const answer of opened) results.push((await pay(answer.body.url)).status);
      expect(results.filter((status) => status === 303)).toHaveLength(1);
      expect(results.filter((status) => status !== 303).every((status) => status === 410)).toBe(
        true,
      );
      expect(await plans(buyer.id)).toHaveLength(1);
    }
  });

  it('the stand-in expires only on signed, unexpired requests, and never a paid session', async () => {
    const secret = stack.stripeWebhookSecret;
    const expiry = (fields: Partial<LocalSessionExpiry> = {}): LocalSessionExpiry => ({
      v: 1,
      kind: 'session_expire',
      session: `cs_test_local_${Math.random().toString(36).slice(2)}`,
      exp: Math.floor(Date.now() / 1000) + 60,
      ...fields,
    });
    const post = (body: string, method = 'POST') =>
      fetch(`${stack.webUrl}/local-checkout/session-expire`, {
        method,
        headers: { 'content-type': 'text/plain' },
        ...(method === 'POST' ? { body } : {}),
      });
    const update = await signLocalSubscriptionUpdate(
      {
        v: 1,
        kind: 'subscription_update',
        request: 'req_x',
        subscription: 'sub_x',
        customer: null,
        userId: world.merchant.id,
        tier: 'business',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      secret,
    );
    const count = async () =>
      (await stack.pool.query('select count(*)::int as n from local_stripe.checkout_sessions'))
        .rows[0].n as number;
    const before = await count();
    for (const body of [
      'not-a-token',
      await signLocalSessionExpiry(expiry(), 'whsec_another'),
      await signLocalSessionExpiry(expiry({ exp: 1 }), secret),
      update,
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(
        /^(invalid_request|expired)$/,
      );
    }
    expect((await post('', 'GET')).status).toBe(405);
    expect(await count()).toBe(before);

    const open = expiry();
    const expire = async (request: LocalSessionExpiry) =>
      (await post(await signLocalSessionExpiry(request, secret))).json();
    expect(await expire(open)).toEqual({ id: open.session, status: 'expired' });
    expect(await expire(open)).toEqual({ id: open.session, status: 'expired' });
    const paid = expiry();
    await stack.pool.query(
      `insert into local_stripe.checkout_sessions (id, status) values ($1, 'complete')`,
      [paid.session],
    );
    expect(await expire(paid)).toEqual({ id: paid.session, status: 'complete' });
    expect(
      (
        await stack.pool.query(
          'select id, status from local_stripe.checkout_sessions where id = any($1) order by status',
          [[open.session, paid.session]],
        )
      ).rows,
    ).toEqual([
      { id: paid.session, status: 'complete' },
      { id: open.session, status: 'expired' },
    ]);
  });
});

describe('the webhook secret', () => {
  it('is generated per data directory and written to stack.json', async () => {
    const { readFile } = await import('node:fs/promises');
    const info = JSON.parse(await readFile(`${stack.dataDir}/stack.json`, 'utf8')) as Record<
      string,
      string
    >;
    expect(info.stripeWebhookSecret).toMatch(/^whsec_[a-f0-9]{48}$/);
    expect(info.stripeWebhookSecret).toBe(stack.stripeWebhookSecret);
  });
});

describe('create-checkout', () => {
  it('answers 502 and charges nothing when Stripe cannot be reached', async () => {
    // The production path (a Stripe key), with the Stripe API pointed at a closed port.
    const env = new Map([
      ['SUPABASE_URL', stack.apiUrl],
      ['SUPABASE_SERVICE_ROLE_KEY', stack.serviceRoleKey],
      ['STRIPE_SECRET_KEY', 'sk_test_unreachable'],
      ['STRIPE_API_BASE', 'http://127.0.0.1:9'],
    ]);
    const handler = createCheckoutHandler({ get: (name) => env.get(name) });
    const res = await handler(
      new Request('http://functions.local/create-checkout', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${world.shopper.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ items: [{ productId: world.cheapProductId, quantity: 1 }] }),
      }),
    );
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('payment_provider_unavailable');
    expect(body.error.message).toMatch(/Nothing was charged/);
  });

  it('prices from the database and carries the click id; guests check out with the anon key', async () => {
    const clickId = await clickIdFor(stack, world.linkB.code);
    const res = await checkout(stack.anonKey, {
      items: [{ productId: world.cheapProductId, quantity: 2 }],
      clickId,
    });
    expect(res.status).toBe(200);
    const o = await orderRow(stack, res.body.orderId as string);
    expect(o).toMatchObject({
      buyer_id: null,
      total_cents: 2000,
      status: 'pending',
      click_ref: clickId,
    });
  });

  it.each([
    ['not JSON', '{"items":'],
    ['no items', { items: [] }],
    ['items not a list', { items: 'all' }],
    [
      'zero quantity',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 0 }] },
    ],
    [
      'negative quantity',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: -2 }] },
    ],
    [
      'huge quantity',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1e9 }] },
    ],
    [
      'fractional quantity',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1.5 }] },
    ],
    ['bad product id', { items: [{ productId: 'drop table', quantity: 1 }] }],
    [
      'tampered price',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1, price: 1 }] },
    ],
    [
      'unknown field',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }], total: 1 },
    ],
    [
      'bad click id',
      { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }], clickId: 'x' },
    ],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const before = await moneyCounts(stack);
    const res = await checkout(world.shopper.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it('refuses unknown, unpublished, foreign-merchant and out-of-stock products, writing nothing', async () => {
    const cases = [
      [{ productId: '00000000-0000-4000-8000-0000000000ff', quantity: 1 }],
      [{ productId: world.draftProductId, quantity: 1 }],
      [
        { productId: world.cheapProductId, quantity: 1 },
        { productId: world.foreignProductId, quantity: 1 },
      ],
      [{ productId: world.productId, quantity: 6 }], // stock 5
      [
        { productId: world.cheapProductId, quantity: 1 },
        { productId: world.cheapProductId, quantity: 1 },
      ],
    ];
    for (const items of cases) {
      const before = await moneyCounts(stack);
      const res = await checkout(world.shopper.token, { items });
      expect(res.status).toBe(400);
      expect(await moneyCounts(stack)).toEqual(before);
    }
  });

  it('refuses oversized bodies and requests without a JWT', async () => {
    const before = await moneyCounts(stack);
    const big = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
      clickId: 'x'.repeat(40_000),
    });
    expect(big.status).toBe(413);
    const anonymous = await fetch(`${stack.apiUrl}/functions/v1/create-checkout`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: world.cheapProductId, quantity: 1 }] }),
    });
    expect(anonymous.status).toBe(401);
    expect(await moneyCounts(stack)).toEqual(before);
  });
});

describe('create-checkout with an Idempotency-Key', () => {
  const cart = (quantity = 1) => ({ items: [{ productId: world.cheapProductId, quantity }] });
  const keyed = (key: string) => ({ 'idempotency-key': key });

  it('answers a repeated request with the same order and a payable checkout, writing one order', async () => {
    const key = crypto.randomUUID();
    const before = await moneyCounts(stack);
    const first = await checkout(world.shopper.token, cart(3), keyed(key));
    const again = await checkout(world.shopper.token, cart(3), keyed(key));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await moneyCounts(stack)).toEqual({
      ...before,
      orders: before.orders + 1,
      items: before.items + 1,
    });
    const order = await orderRow(stack, first.body.orderId as string);
    expect(order).toMatchObject({ status: 'pending', checkout_key: key, total_cents: 3000 });
    // Both answers name the order's one session, so either link pays it.
    const [a, b] = [first, again].map((res) =>
      verifySessionToken((res.body.url as string).split('/c/')[1]!, stack.stripeWebhookSecret),
    );
    expect(a?.id).toBe(order.stripe_checkout_session_id);
    expect(b).toEqual(a);
  });

  it('makes one order from concurrent requests under one key', async () => {
    const key = crypto.randomUUID();
    const before = await moneyCounts(stack);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => checkout(world.shopper.token, cart(2), keyed(key))),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.body.orderId)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body.url)).size).toBe(1);
    expect((await moneyCounts(stack)).orders).toBe(before.orders + 1);
  });

  it('refuses another cart, another click or another buyer under a used key with 409, writing nothing', async () => {
    const key = crypto.randomUUID();
    const first = await checkout(world.shopper.token, cart(1), keyed(key));
    expect(first.status).toBe(200);
    const clickId = await clickIdFor(stack, world.linkA.code);
    const before = await moneyCounts(stack);
    for (const [token, body] of [
      [world.shopper.token, cart(2)],
      [world.shopper.token, { items: [{ productId: world.productId, quantity: 1 }] }],
      [world.shopper.token, { ...cart(1), clickId }],
      [stack.anonKey, cart(1)],
      [world.affiliateB.token, cart(1)],
    ] as const) {
      const res = await checkout(token, body, keyed(key));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    }
    expect(await moneyCounts(stack)).toEqual(before);
    expect(await orderRow(stack, first.body.orderId as string)).toMatchObject({
      status: 'pending',
      click_ref: null,
    });
  });

  it('answers 409 once the checkout under the key has been paid or closed', async () => {
    const paidKey = crypto.randomUUID();
    const paid = await checkout(world.shopper.token, cart(1), keyed(paidKey));
    await completeCheckout(paid.body.orderId as string);
    const afterPaid = await checkout(world.shopper.token, cart(1), keyed(paidKey));
    expect(afterPaid).toMatchObject({
      status: 409,
      body: { error: { code: 'checkout_completed' } },
    });

    const closedKey = crypto.randomUUID();
    const closed = await checkout(stack.anonKey, cart(1), keyed(closedKey));
    await stack.pool.query(`update public.orders set status = 'canceled' where id = $1`, [
      closed.body.orderId,
    ]);
    const before = await moneyCounts(stack);
    const afterClosed = await checkout(stack.anonKey, cart(1), keyed(closedKey));
    expect(afterClosed).toMatchObject({
      status: 409,
      body: { error: { code: 'checkout_closed' } },
    });
    // A new key starts a new checkout.
    const fresh = await checkout(stack.anonKey, cart(1), keyed(crypto.randomUUID()));
    expect(fresh.status).toBe(200);
    expect(fresh.body.orderId).not.toBe(closed.body.orderId);
    expect((await moneyCounts(stack)).orders).toBe(before.orders + 1);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(129)],
    ['with spaces', 'not a valid key at all'],
    ['with a quote', `key-'; drop table orders; --`],
  ])('refuses a key %s with 400 and writes nothing', async (_name, key) => {
    const before = await moneyCounts(stack);
    const res = await checkout(world.shopper.token, cart(1), keyed(key));
    expect(res).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_idempotency_key' } },
    });
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it('without a key, makes a new order for each request', async () => {
    const first = await checkout(world.shopper.token, cart(1));
    const second = await checkout(world.shopper.token, cart(1));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.orderId).not.toBe(first.body.orderId);
  });
});

describe('a changed cart replacing its earlier checkout', () => {
  const keyed = (key: string) => ({ 'idempotency-key': key });
  /** A product of the world's merchant with `stock` units. */
  async function stocked(stock: number): Promise<string> {
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into public.products (merchant_id, name, slug, price_cents, stock, status)
       values ($1, 'Last jars', $2, 900, $3, 'approved') returning id`,
      [world.merchant.id, `last-jars-${crypto.randomUUID().slice(0, 8)}`, stock],
    );
    return rows[0]!.id;
  }
  const stockOf = async (id: string) =>
    (
      await stack.pool.query<{ stock: number }>('select stock from public.products where id = $1', [
        id,
      ])
    ).rows[0]!.stock;

  it('closes the earlier order first: its checkout can no longer be paid, and its units go back', async () => {
    const product = await stocked(3);
    const firstKey = crypto.randomUUID();
    const first = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 2 }] },
      keyed(firstKey),
    );
    expect(first.status).toBe(200);
    expect(await stockOf(product)).toBe(1);
    // Without naming the earlier checkout, its two units are still held.
    const crowded = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 3 }] },
      keyed(crypto.randomUUID()),
    );
    expect(crowded).toMatchObject({ status: 400, body: { error: { code: 'invalid_cart' } } });
    const second = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 3 }], replaces: firstKey },
      keyed(crypto.randomUUID()),
    );
    expect(second.status).toBe(200);
    expect(await orderRow(stack, first.body.orderId as string)).toMatchObject({
      status: 'canceled',
      stock_reserved: false,
    });
    expect(await orderRow(stack, second.body.orderId as string)).toMatchObject({
      status: 'pending',
      total_cents: 2700,
    });
    expect(await stockOf(product)).toBe(0);
    // The earlier checkout's page says it has expired instead of taking a payment.
    const opened = await fetch(first.body.url as string);
    expect(opened.status).toBe(410);
    expect(await opened.text()).toContain(CARD_MESSAGES.expired);
  });

  it('leaves alone another buyer’s order, a paid one, and the order of its own key', async () => {
    const product = await stocked(10);
    const theirsKey = crypto.randomUUID();
    const theirs = await checkout(
      world.affiliateB.token,
      { items: [{ productId: product, quantity: 1 }] },
      keyed(theirsKey),
    );
    const paidKey = crypto.randomUUID();
    const paid = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 1 }] },
      keyed(paidKey),
    );
    await completeCheckout(paid.body.orderId as string);
    for (const replaces of [theirsKey, paidKey, crypto.randomUUID()]) {
      const res = await checkout(
        world.shopper.token,
        { items: [{ productId: product, quantity: 1 }], replaces },
        keyed(crypto.randomUUID()),
      );
      expect(res.status).toBe(200);
    }
    expect(await orderRow(stack, theirs.body.orderId as string)).toMatchObject({
      status: 'pending',
    });
    expect(await orderRow(stack, paid.body.orderId as string)).toMatchObject({ status: 'paid' });
    // A repeat under the same key that names itself reopens its order instead of closing it.
    const ownKey = crypto.randomUUID();
    const own = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 2 }] },
      keyed(ownKey),
    );
    const again = await checkout(
      world.shopper.token,
      { items: [{ productId: product, quantity: 2 }], replaces: ownKey },
      keyed(ownKey),
    );
    expect(again).toMatchObject({ status: 200, body: { orderId: own.body.orderId } });
    expect(await orderRow(stack, own.body.orderId as string)).toMatchObject({ status: 'pending' });
  });

  it('refuses a malformed "replaces" with 400, writing nothing', async () => {
    const before = await moneyCounts(stack);
    for (const replaces of ['short', 42, 'k'.repeat(129), { key: 'x' }]) {
      const res = await checkout(world.shopper.token, {
        items: [{ productId: world.cheapProductId, quantity: 1 }],
        replaces,
      });
      expect(res).toMatchObject({ status: 400, body: { error: { code: 'invalid_cart' } } });
    }
    expect(await moneyCounts(stack)).toEqual(before);
  });
});

describe('stripe-webhook', () => {
  it('refuses a missing or bad signature with 400 and writes nothing', async () => {
    const before = await moneyCounts(stack);
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const url = `${stack.apiUrl}/functions/v1/stripe-webhook`;
    const missing = await fetch(url, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);
    const wrongSecret = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_not_the_stacks_secret_0123456789',
    });
    const forged = await fetch(url, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': wrongSecret },
    });
    expect(forged.status).toBe(400);
    // A valid signature over a different body (tampered payload).
    const signed = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload: '{}',
      secret: stack.stripeWebhookSecret,
    });
    const tampered = await fetch(url, {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed },
    });
    expect(tampered.status).toBe(400);
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it('acts once on duplicates, replays and a second session for the same order', async () => {
    const orderId = await paidOrder();
    const o = await orderRow(stack, orderId);
    const object = {
      id: o.stripe_checkout_session_id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: o.total_cents,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      payment_intent: 'pi_other',
    };
    const first = await send('checkout.session.completed', object, 'evt_dup_1');
    const again = await send('checkout.session.completed', object, 'evt_dup_1');
    const otherId = await send('checkout.session.completed', object, 'evt_dup_2');
    expect([first.status, again.status, otherId.status]).toEqual([200, 200, 200]);
    expect(JSON.parse(again.body)).toMatchObject({ outcome: 'duplicate' });
    const after = await orderRow(stack, orderId);
    expect(after.paid_at).toEqual(o.paid_at);
    expect(await orderCommissions(stack, orderId)).toHaveLength(0); // no click: no commission, and no second one either
  });

  it('creates one commission from concurrent deliveries of the same event', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const created = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
      clickId,
    });
    const orderId = created.body.orderId as string;
    const object = {
      id: `cs_concurrent_${orderId.slice(0, 8)}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1000,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId, click_id: clickId },
      payment_intent: `pi_concurrent_${orderId.slice(0, 8)}`,
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('checkout.session.completed', object, i % 2 ? 'evt_concurrent_a' : 'evt_concurrent_b'),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await orderCommissions(stack, orderId)).toMatchObject([
      { kind: 'sale', amount_cents: 100 },
    ]);
  });

  it('handles a refund that arrives before the payment: retried later, then applied once', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const created = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
      clickId,
    });
    const orderId = created.body.orderId as string;
    const refund = {
      id: `ch_early_${orderId.slice(0, 8)}`,
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      currency: 'usd',
      payment_intent: `pi_early_${orderId.slice(0, 8)}`,
      metadata: { order_id: orderId },
    };
    const early = await send('charge.refunded', refund, 'evt_early_refund');
    expect(early.status).toBe(503); // Stripe retries non-2xx answers
    const { rowCount } = await stack.pool.query(
      'select 1 from public.stripe_events where id = $1',
      ['evt_early_refund'],
    );
    expect(rowCount).toBe(0);
    await send('checkout.session.completed', {
      id: `cs_early_${orderId.slice(0, 8)}`,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1000,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId, click_id: clickId },
      payment_intent: refund.payment_intent,
    });
    expect(await orderCommissions(stack, orderId)).toMatchObject([{ status: 'pending' }]);
    const retried = await send('charge.refunded', refund, 'evt_early_refund');
    expect(retried.status).toBe(200);
    expect((await orderRow(stack, orderId)).status).toBe('refunded');
    expect(await orderCommissions(stack, orderId)).toMatchObject([
      { kind: 'sale', status: 'reversed' },
    ]);
  });

  it('does not pay an order when the amount paid differs from the order total', async () => {
    const created = await checkout(world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    const orderId = created.body.orderId as string;
    const res = await send('checkout.session.completed', {
      id: 'cs_tampered',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1,
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
    });
    expect(res.status).toBe(200);
    expect((await orderRow(stack, orderId)).status).toBe('pending');
  });
});

describe('attribution', () => {
  it('the last click wins between two affiliates', async () => {
    await clickIdFor(stack, world.linkA.code);
    const last = await clickIdFor(stack, world.linkB.code);
    const orderId = await paidOrder({ clickId: last });
    expect(await orderRow(stack, orderId)).toMatchObject({
      attributed_affiliate_id: world.affiliateB.id,
    });
    expect(await orderCommissions(stack, orderId)).toMatchObject([
      { affiliate_id: world.affiliateB.id },
    ]);
  });

  it('a self-referral earns nothing and is flagged', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const orderId = await paidOrder({ clickId, token: world.affiliateA.token });
    expect(await orderRow(stack, orderId)).toMatchObject({
      self_referral: true,
      attributed_affiliate_id: null,
      affiliate_amount_cents: 0,
    });
    expect(await orderCommissions(stack, orderId)).toEqual([]);
  });

  it("a guest checkout with the affiliate's own email is a self-referral; the email is checked first", async () => {
    // The affiliate follows their own link signed out and checks out as a guest.
    const context = await browser.newContext({ userAgent: DESKTOP });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.webUrl}/go/${world.linkA.code}`);
      const { body: started } = await checkoutInPage(page, stack.anonKey, world.cheapProductId, 1);
      const before = await orderRow(stack, started.orderId);
      expect(before).toMatchObject({ buyer_id: null, buyer_email: null });
      expect(before.click_ref).not.toBeNull();

      await page.goto(started.url);
      const email = page.getByLabel('Email');
      expect(await email.getAttribute('readonly')).toBeNull();
      await fillCard(page, '4242 4242 4242 4242', 'Ann Affiliate');
      // No email, then a malformed one: Stripe's messages, nothing paid.
      // The message sits under its field, which is marked invalid, described by it and focused.
      const emailMessage = async () =>
        page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent();
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect.poll(emailMessage).toBe('Enter your email address.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('email');
      await email.fill('not an email');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect.poll(emailMessage).toBe('Your email address is invalid.');
      expect((await orderRow(stack, started.orderId)).status).toBe('pending');

      // The affiliate's own mailbox, in capitals and with a +tag.
      const [local, domain] = world.affiliateA.email.split('@');
      await email.fill(`${local!.toUpperCase()}+deals@${domain}`);
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${stack.webUrl}/payment-success?order=${started.orderId}`);
      expect(await orderRow(stack, started.orderId)).toMatchObject({
        status: 'paid',
        buyer_email: `${local!.toUpperCase()}+deals@${domain}`,
        self_referral: true,
        attributed_affiliate_id: null,
        affiliate_amount_cents: 0,
      });
      expect(await orderCommissions(stack, started.orderId)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a guest with another email earns the affiliate a commission; the email is kept on the order', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const orderId = await paidOrder({
      clickId,
      quantity: 1,
      token: stack.anonKey,
      email: 'guest.buyer@example.com',
    });
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'paid',
      buyer_email: 'guest.buyer@example.com',
      self_referral: false,
      attributed_affiliate_id: world.affiliateA.id,
    });
    expect(await orderCommissions(stack, orderId)).toMatchObject([
      { kind: 'sale', affiliate_id: world.affiliateA.id },
    ]);
  });

  it('a click outside the cookie window gives no commission', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    // The click happened 31 days ago (the program's window is 30 days).
    await stack.pool.query(
      `alter table public.link_clicks disable trigger link_clicks_append_only;
       update public.link_clicks set clicked_at = now() - interval '31 days' where public_id = '${clickId}';
       alter table public.link_clicks enable trigger link_clicks_append_only;`,
    );
    const orderId = await paidOrder({ clickId });
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'paid',
      attributed_affiliate_id: null,
    });
    expect(await orderCommissions(stack, orderId)).toEqual([]);
  });
});

describe('bad input to the money functions', () => {
  const webhookUrl = () => `${stack.apiUrl}/functions/v1/stripe-webhook`;
  const signer = new Stripe('sk_test_x');
  /** Posts `payload` to the webhook, signed with the stack's secret (at `timestamp`, if given). */
  async function signedPost(payload: string, timestamp?: number) {
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: stack.stripeWebhookSecret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    const res = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as { error?: Record<string, string> } };
  }
  const event = (type: string, object: Record<string, unknown>, top: object = {}) =>
    JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
      ...top,
    });

  it('create-checkout refuses a cart over 999,999.99 with 400 and the service role with 403, writing nothing', async () => {
    const { rows } = await stack.pool.query<{ id: string }>(
      `insert into public.products (merchant_id, name, slug, price_cents, status)
       values ($1, 'Dearest', $2, 99999999, 'approved') returning id`,
      [world.merchant.id, `dearest-${Date.now()}`],
    );
    const before = await moneyCounts(stack);
    const dear = await checkout(world.shopper.token, {
      items: [{ productId: rows[0]!.id, quantity: 2 }],
    });
    expect(dear).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_cart',
          message: 'A checkout may cost at most 999,999.99; remove some items',
        },
      },
    });
    const service = await checkout(stack.serviceRoleKey, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    expect(service).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it('stripe-webhook answers 400 invalid_event for malformed signed events, writing nothing', async () => {
    const orderId = await paidOrder();
    const before = await moneyCounts(stack);
    const order = await orderRow(stack, orderId);
    const meta = { user_id: world.shopper.id, tier: 'pro' };
    const cases = [
      event('charge.refunded', { amount_refunded: 1 }, { created: 'abc' }),
      event('charge.refunded', { amount_refunded: 1 }, { created: 1e30 }),
      event('charge.refunded', { amount_refunded: 1 }, { livemode: 'maybe' }),
      event('checkout.session.completed', {
        id: 'cs_lots',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 'lots',
        currency: 'usd',
        metadata: { order_id: orderId },
      }),
      ...[undefined, 99_999_999_999, 12.5].map((amount) =>
        event('charge.refunded', {
          id: 'ch_bad_amount',
          object: 'charge',
          ...(amount === undefined ? {} : { amount_refunded: amount }),
          payment_intent: order.stripe_payment_intent_id,
          metadata: { order_id: orderId },
        }),
      ),
      event('customer.subscription.updated', { id: 'sub_bogus', status: 'bogus', metadata: meta }),
      event('invoice.paid', {
        subscription: 'sub_bogus',
        subscription_details: { metadata: meta },
        lines: { data: [{ period: { end: 'x' } }] },
      }),
      event('invoice.paid', {
        subscription: 'sub_bogus',
        subscription_details: { metadata: meta },
        lines: { data: 'x' },
      }),
    ];
    for (const payload of cases) {
      const res = await signedPost(payload);
      expect(res.status, payload).toBe(400);
      expect(res.body.error?.code, payload).toBe('invalid_event');
      expect(res.body.error?.message, payload).not.toMatch(/scalar|syntax|integer|out of range/);
    }
    expect(await moneyCounts(stack)).toEqual(before);
    expect((await orderRow(stack, orderId)).status).toBe('paid');
  });

  it('stripe-webhook tells a body that is not JSON and a stale signature from a wrong one', async () => {
    const before = await moneyCounts(stack);
    const notJson = await signedPost('this is not json');
    expect(notJson).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_event', message: 'The body is not a JSON Stripe event' } },
    });
    for (const body of ['null', '[1]', '7']) {
      const res = await signedPost(body);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('invalid_event');
    }
    const stale = await signedPost(
      event('charge.refunded', { amount_refunded: 1 }),
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(stale).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'stale_signature',
          message: "The Stripe signature's timestamp is outside the tolerance",
        },
      },
    });
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it('run-payouts answers 401 to the anon key and 400 to a date outside the last 366 days', async () => {
    const payouts = async () =>
      (await stack.pool.query<{ n: number }>('select count(*)::int as n from public.payouts'))
        .rows[0]!.n;
    const before = await payouts();
    const run = (token: string, body: Record<string, unknown>) =>
      fetch(`${stack.apiUrl}/functions/v1/run-payouts`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const anon = await run(stack.anonKey, { minimumCents: 1 });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ error: { code: 'unauthorized' } });
    for (const asOf of [
      '0001-01-01',
      '+275760-09-13T00:00:00.000Z',
      new Date(Date.now() - 367 * 86_400_000).toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
    ]) {
      const res = await run(world.admin.token, { asOf, minimumCents: 1 });
      expect(res.status, asOf).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_request' } });
    }
    expect(await payouts()).toBe(before);
  });
});
