import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paidTier } from '@verdant/validation';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunctionEnv } from '../../../supabase/functions/_shared/http.ts';
import { createHandler as createCheckoutHandler } from '../../../supabase/functions/create-checkout/handler.ts';
import { createHandler as createSubscriptionHandler } from '../../../supabase/functions/create-subscription-checkout/handler.ts';
import { createHandler as createPortalHandler } from '../../../supabase/functions/customer-portal/handler.ts';
import { createHandler as createChangeHandler } from '../../../supabase/functions/change-subscription/handler.ts';
import { createHandler as createWebhookHandler } from '../../../supabase/functions/stripe-webhook/handler.ts';
import { SHIPPING_COUNTRIES } from '../../../supabase/functions/_shared/shipping.ts';
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

// Stripe mode of the payment functions: with STRIPE_SECRET_KEY they call Stripe through the
// official SDK, and STRIPE_API_BASE points that SDK at the recorder below. The recorder is a
// stand-in for api.stripe.com, which the test machine cannot reach: it records every request the
// SDK makes (method, path, headers, the form-encoded body) and answers as Stripe does. Everything
// else is real: the SDK, the function handlers, PostgREST and Postgres of a local stack. The
// tests assert what the functions send to Stripe and what they leave in the database.

/** One request that reached the recorder, with the answer it got. */
interface StripeRequest {
  method: string;
  path: string;
  /** The query string, decoded like the body. */
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The form-encoded body decoded into objects and arrays (`a[b][0]=x` → `{ a: { b: ['x'] } }`). */
  body: Record<string, unknown>;
  status: number;
  answer: Record<string, unknown>;
}

interface StripeAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Decodes Stripe's form encoding (qs style with indexed arrays); every value stays a string. */
function parseStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return withArrays(root) as Record<string, unknown>;
}

/** Objects keyed 0..n-1 become arrays. */
function withArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, withArrays(inner)] as const);
  if (entries.length > 0 && entries.every(([key], i) => key === String(i)))
    return entries.map(([, inner]) => inner);
  return Object.fromEntries(entries);
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Stripe's error body: `{ error: { type, code, message } }`. */
function stripeError(
  status: number,
  type: string,
  message: string,
  code?: string,
  headers?: Record<string, string>,
): StripeAnswer {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } }, headers };
}

interface PriceData {
  currency: string;
  unit_amount: string;
}

/**
 * What Stripe answers to the calls the functions make (anything else: Stripe's 404). `sessions`
 * holds the checkout sessions made so far, by id, for retrieving them.
 */
function stripeAnswer(
  req: StripeRequest,
  sessions: Map<string, Record<string, unknown>>,
): StripeAnswer {
  const created = Math.floor(Date.now() / 1000);
  const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
  if (req.method === 'GET' && retrieve) {
    const session = sessions.get(decodeURIComponent(retrieve[1]!));
    return session
      ? { status: 200, body: session }
      : stripeError(404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
  }
  const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.path);
  if (req.method === 'POST' && expire) {
    const id = decodeURIComponent(expire[1]!);
    const session = sessions.get(id);
    if (!session)
      return stripeError(
        404,
        'invalid_request_error',
        'No such checkout.session',
        'resource_missing',
      );
    if (session.status !== 'open')
      return stripeError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      );
    const expired = { ...session, status: 'expired', url: null };
    sessions.set(id, expired);
    return { status: 200, body: expired };
  }
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const id = stripeId('cs_test');
    const lines = (req.body.line_items ?? []) as Array<{ quantity: string; price_data: PriceData }>;
    const amount = lines.reduce(
      (sum, line) => sum + Number(line.quantity) * Number(line.price_data.unit_amount),
      0,
    );
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        livemode: false,
        created,
        mode: req.body.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: req.body.client_reference_id ?? null,
        customer: null,
        customer_email: req.body.customer_email ?? null,
        currency: lines[0]?.price_data.currency ?? null,
        amount_subtotal: amount,
        amount_total: amount,
        metadata: req.body.metadata ?? {},
        payment_intent: null,
        subscription: null,
        success_url: req.body.success_url,
        cancel_url: req.body.cancel_url,
        expires_at: Number(req.body.expires_at ?? created + 24 * 3600),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
    return {
      status: 200,
      body: {
        id: stripeId('bps'),
        object: 'billing_portal.session',
        livemode: false,
        created,
        configuration: stripeId('bpc'),
        customer: req.body.customer,
        flow: null,
        locale: null,
        on_behalf_of: null,
        return_url: req.body.return_url ?? null,
        url: `https://billing.stripe.com/p/session/${stripeId('test')}`,
      },
    };
  }
  return stripeError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${req.method}: ${req.path}).`,
  );
}

/** The recording stand-in for api.stripe.com (see the top of the file). */
async function startStripeRecorder() {
  const requests: StripeRequest[] = [];
  const scripted: StripeAnswer[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  /** As Stripe does, a POST with a key it has answered gets the same answer again. */
  const answered = new Map<string, StripeAnswer>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const request: StripeRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        headers: req.headers,
        body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
        status: 0,
        answer: {},
      };
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof key === 'string' ? answered.get(key) : undefined;
      const answer = replay ?? scripted.shift() ?? stripeAnswer(request, sessions);
      if (typeof key === 'string' && !replay && answer.status === 200) answered.set(key, answer);
      if (request.path === '/v1/checkout/sessions' && answer.status === 200)
        sessions.set(String(answer.body.id), answer.body);
      request.status = answer.status;
      request.answer = answer.body;
      requests.push(request);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': stripeId('req'),
        ...answer.headers,
        ...(replay ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers the next requests with these, in order, instead of the usual answers. */
    answerNext(...answers: StripeAnswer[]) {
      scripted.push(...answers);
    },
    reset() {
      requests.length = 0;
      scripted.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const SECRET_KEY = `sk_test_${randomBytes(18).toString('hex')}`;
const SITE_URL = 'https://shop.verdant.test';
/** The processing fee the recorder's balance transaction reports for a paid checkout. */
const STRIPE_FEE_CENTS = 123;

type Handler = (req: Request) => Promise<Response>;

let recorder: Awaited<ReturnType<typeof startStripeRecorder>>;
let stack: RunningStack;
let world: World;
let checkout: Handler;
let subscribe: Handler;
let portal: Handler;
let change: Handler;
let webhook: Handler;
const signer = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  recorder = await startStripeRecorder();
  stack = await startTestStack({ seed: false, env: { GO_FLUSH_INTERVAL_MS: '50' } });
  world = await createWorld(stack, { type: 'percent', rate: 1000, holdingDays: 14 });
  const values = new Map([
    ['SUPABASE_URL', stack.apiUrl],
    ['SUPABASE_SERVICE_ROLE_KEY', stack.serviceRoleKey],
    ['STRIPE_SECRET_KEY', SECRET_KEY],
    ['STRIPE_API_BASE', recorder.url],
    ['STRIPE_WEBHOOK_SECRET', stack.stripeWebhookSecret],
    ['SITE_URL', `${SITE_URL}/`],
  ]);
  const env: FunctionEnv = { get: (name) => values.get(name) };
  checkout = createCheckoutHandler(env);
  subscribe = createSubscriptionHandler(env);
  portal = createPortalHandler(env);
  change = createChangeHandler(env);
  webhook = createWebhookHandler(env);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await recorder?.close();
});

beforeEach(() => recorder.reset());

interface Answer {
  status: number;
  body: { orderId?: string; url?: string; error?: { code: string; message: string } };
}

async function call(
  handler: Handler,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await handler(
    new Request('http://functions.local/fn', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Delivers an event, signed with the webhook secret as Stripe signs it, to stripe-webhook. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: stack.stripeWebhookSecret,
  });
  const res = await webhook(
    new Request('http://functions.local/stripe-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The one request the recorder received, checked to be an authenticated SDK call. */
function onlyRequest(method: string, path: string): StripeRequest {
  expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} ${path}`]);
  const request = recorder.requests[0]!;
  expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
  if (method === 'POST') {
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // Every POST is keyed, so that a retry cannot create a second object: by the SDK for its own
    // retries, by create-checkout (one session per order) or by create-subscription-checkout (one
    // open session per user, tier and subscription count).
    expect(request.headers['idempotency-key']).toMatch(
      /^((stripe-node-retry|checkout)-[0-9a-f-]{36}|subscription-[0-9a-f-]{36}-[a-z]+-\d+)$/,
    );
  }
  return request;
}

async function catalogue(...ids: string[]) {
  const { rows } = await stack.pool.query<{
    id: string;
    name: string;
    price_cents: number;
    currency: string;
  }>('select id, name, price_cents, currency from public.products where id = any($1)', [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

async function subscriptionRows(userId: string) {
  const { rows } = await stack.pool.query(
    'select tier, status, stripe_customer_id, stripe_subscription_id from public.subscriptions where user_id = $1',
    [userId],
  );
  return rows as Array<Record<string, unknown>>;
}

/** Silences and returns the function's log of a failed Stripe call. */
function quietErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('create-checkout in Stripe mode', () => {
  it('opens a payment session priced from the database, carrying the order and the click', async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const before = await moneyCounts(stack);
    const startedAt = Math.floor(Date.now() / 1000);
    const res = await call(checkout, world.shopper.token, {
      items: [
        { productId: world.productId, quantity: 2 },
        { productId: world.cheapProductId, quantity: 3 },
      ],
      clickId,
    });
    const finishedAt = Math.ceil(Date.now() / 1000);

    const request = onlyRequest('POST', '/v1/checkout/sessions');
    const session = request.answer;
    expect(res.status).toBe(200);
    const orderId = res.body.orderId!;
    expect(res.body).toEqual({ orderId, url: session.url });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    // Prices, names and currency come from the catalogue; quantities as sent.
    const products = await catalogue(world.productId, world.cheapProductId);
    const line = (productId: string, quantity: number) => {
      const product = products.get(productId)!;
      return {
        quantity: String(quantity),
        price_data: {
          currency: product.currency.toLowerCase(),
          unit_amount: String(product.price_cents),
          product_data: { name: product.name },
        },
      };
    };
    const metadata = { order_id: orderId, click_id: clickId };
    expect(request.body).toEqual({
      mode: 'payment',
      client_reference_id: orderId,
      customer_email: world.shopper.email,
      metadata,
      payment_intent_data: { metadata },
      // The merchant ships the goods: Stripe asks for an address in the countries they ship to.
      shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
      line_items: expect.arrayContaining([
        line(world.productId, 2),
        line(world.cheapProductId, 3),
      ]) as unknown,
      success_url: `${SITE_URL}/payment-success?order=${orderId}`,
      cancel_url: `${SITE_URL}/payment-canceled?order=${orderId}`,
      expires_at: expect.stringMatching(/^\d+$/) as unknown,
    });
    expect(request.body.line_items).toHaveLength(2);
    expect(products.get(world.productId)!.price_cents).toBe(2500);
    expect(products.get(world.cheapProductId)!.price_cents).toBe(1000);
    // One hour to pay, inside the 30 minutes to 24 hours Stripe accepts.
    const expiresAt = Number(request.body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(startedAt + 3600);
    expect(expiresAt).toBeLessThanOrEqual(finishedAt + 3600);

    // A pending order that remembers the session; only the webhook marks it paid.
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'pending',
      paid_at: null,
      buyer_id: world.shopper.id,
      buyer_email: world.shopper.email,
      click_ref: clickId,
      currency: 'USD',
      total_cents: 2 * 2500 + 3 * 1000,
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: null,
    });
    expect(await orderCommissions(stack, orderId)).toEqual([]);
    const after = await moneyCounts(stack);
    expect(after).toEqual({ ...before, orders: before.orders + 1, items: before.items + 2 });
  });

  it("takes a guest's click id from the attribution cookie and sends no customer email", async () => {
    const clickId = await clickIdFor(stack, world.linkB.code);
    const res = await call(
      checkout,
      stack.anonKey,
      { items: [{ productId: world.cheapProductId, quantity: 1 }] },
      { cookie: `theme=dark; verdant_ref=${clickId}` },
    );
    expect(res.status).toBe(200);
    const orderId = res.body.orderId!;
    const request = onlyRequest('POST', '/v1/checkout/sessions');
    expect(request.body).not.toHaveProperty('customer_email');
    expect(request.body).not.toHaveProperty('customer');
    expect(request.body).toMatchObject({
      client_reference_id: orderId,
      metadata: { order_id: orderId, click_id: clickId },
      payment_intent_data: { metadata: { order_id: orderId, click_id: clickId } },
    });
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'pending',
      buyer_id: null,
      buyer_email: null,
      click_ref: clickId,
      total_cents: 1000,
      stripe_checkout_session_id: request.answer.id,
    });
  });

  it.each([
    [
      'a price on an item',
      (productId: string) => ({ items: [{ productId, quantity: 1, price: 1 }] }),
    ],
    [
      'a unit amount on an item',
      (productId: string) => ({ items: [{ productId, quantity: 1, unit_amount: 1 }] }),
    ],
    [
      'a total for the cart',
      (productId: string) => ({ items: [{ productId, quantity: 1 }], total: 1 }),
    ],
  ])('refuses %s with 400, calling Stripe for nothing and writing nothing', async (_name, cart) => {
    const before = await moneyCounts(stack);
    const res = await call(checkout, world.shopper.token, cart(world.productId));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_cart');
    expect(recorder.requests).toEqual([]);
    expect(await moneyCounts(stack)).toEqual(before);
  });

  it.each([
    {
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      message: 'Invalid integer: 1.5',
    },
    {
      status: 401,
      type: 'authentication_error',
      message: 'Invalid API Key provided: sk_test_****',
    },
    { status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    {
      status: 429,
      type: 'rate_limit_error',
      code: 'rate_limit',
      message: 'Too many requests made to the API too quickly',
    },
    // Stripe asks the SDK not to retry this one...
    {
      status: 500,
      type: 'api_error',
      message: 'An unknown error occurred',
      headers: { 'stripe-should-retry': 'false' },
    },
    // ...and the SDK retries this one twice (its default), with the same idempotency key.
    { status: 503, type: 'api_error', message: 'An unknown error occurred', attempts: 3 },
  ])(
    'answers 502 payment_provider_unavailable when Stripe answers $status $type; the order is canceled',
    async ({ status, type, code, message, headers, attempts = 1 }) => {
      const errors = quietErrors();
      try {
        const before = await moneyCounts(stack);
        recorder.answerNext(
          ...Array.from({ length: attempts }, () =>
            stripeError(status, type, message, code, headers),
          ),
        );
        const res = await call(checkout, world.shopper.token, {
          items: [{ productId: world.cheapProductId, quantity: 1 }],
        });
        expect(res.status).toBe(502);
        expect(res.body.error).toEqual({
          code: 'payment_provider_unavailable',
          message: expect.stringMatching(/Nothing was charged/) as unknown,
        });
        expect(recorder.requests).toHaveLength(attempts);
        expect(recorder.requests.every((r) => r.path === '/v1/checkout/sessions')).toBe(true);
        expect(new Set(recorder.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
        expect(errors).toHaveBeenCalledWith(`[create-checkout] Stripe: ${message}`);

        // The order was written before the call to Stripe. No checkout page exists on which it
        // could be paid, so it is canceled rather than left pending.
        const orderId = recorder.requests[0]!.body.client_reference_id as string;
        expect(await orderRow(stack, orderId)).toMatchObject({
          status: 'canceled',
          paid_at: null,
          stripe_checkout_session_id: null,
          stripe_payment_intent_id: null,
        });
        expect(await moneyCounts(stack)).toEqual({
          ...before,
          orders: before.orders + 1,
          items: before.items + 1,
        });
      } finally {
        errors.mockRestore();
      }
    },
  );

  it('succeeds when the retry after a Stripe 500 does, with one key for both attempts', async () => {
    recorder.answerNext(stripeError(500, 'api_error', 'An unknown error occurred'));
    const res = await call(checkout, world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    expect(res.status).toBe(200);
    expect(recorder.requests.map((r) => r.status)).toEqual([500, 200]);
    const [first, retry] = recorder.requests;
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(retry!.body).toEqual(first!.body);
    expect(res.body.url).toBe(retry!.answer.url);
    expect(await orderRow(stack, res.body.orderId!)).toMatchObject({
      status: 'pending',
      stripe_checkout_session_id: retry!.answer.id,
    });
  });

  it('answers 502 checkout_failed and cancels the order when Stripe returns a session without a URL', async () => {
    const id = stripeId('cs_test');
    recorder.answerNext({
      status: 200,
      body: { id, object: 'checkout.session', mode: 'payment', status: 'open', url: null },
    });
    const res = await call(checkout, world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
    });
    expect(res.status).toBe(502);
    expect(res.body.error?.code).toBe('checkout_failed');
    const request = onlyRequest('POST', '/v1/checkout/sessions');
    const orderId = request.body.client_reference_id as string;
    // Without a click, the click id travels empty (Stripe drops empty metadata values).
    expect(request.body.metadata).toEqual({ order_id: orderId, click_id: '' });
    expect(await orderRow(stack, orderId)).toMatchObject({
      status: 'canceled',
      paid_at: null,
      stripe_checkout_session_id: null,
    });
  });

  it('answers a request repeated under its Idempotency-Key with the stored session, and one order', async () => {
    const key = randomUUID();
    const cart = { items: [{ productId: world.cheapProductId, quantity: 2 }] };
    const before = await moneyCounts(stack);
    const first = await call(checkout, world.shopper.token, cart, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const orderId = first.body.orderId!;
    const created = onlyRequest('POST', '/v1/checkout/sessions');
    // Stripe is asked under the order's own key, so two requests for one order make one session.
    expect(created.headers['idempotency-key']).toBe(`checkout-${orderId}`);

    recorder.reset();
    const again = await call(checkout, world.shopper.token, cart, { 'idempotency-key': key });
    expect(again).toEqual(first);
    // The repeat retrieves the stored session instead of making another.
    onlyRequest('GET', `/v1/checkout/sessions/${String(created.answer.id)}`);
    expect(await moneyCounts(stack)).toEqual({
      ...before,
      orders: before.orders + 1,
      items: before.items + 1,
    });

    // Once Stripe reports the session complete, the key's checkout is over.
    recorder.answerNext({ status: 200, body: { ...created.answer, status: 'complete' } });
    const done = await call(checkout, world.shopper.token, cart, { 'idempotency-key': key });
    expect(done.status).toBe(409);
    expect(done.body.error?.code).toBe('checkout_completed');
    expect((await moneyCounts(stack)).orders).toBe(before.orders + 1);
  });
});

describe('stripe-webhook in Stripe mode', () => {
  it("pays the order of a completed session with Stripe's fee, read from the payment intent", async () => {
    const clickId = await clickIdFor(stack, world.linkB.code);
    const started = await call(checkout, world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 2 }],
      clickId,
    });
    expect(started.status).toBe(200);
    const orderId = started.body.orderId!;
    const session = onlyRequest('POST', '/v1/checkout/sessions').answer;
    recorder.reset();

    const paymentIntent = stripeId('pi');
    const chargeId = stripeId('ch');
    recorder.answerNext({
      status: 200,
      body: {
        id: paymentIntent,
        object: 'payment_intent',
        amount: 2000,
        currency: 'usd',
        status: 'succeeded',
        metadata: session.metadata,
        latest_charge: {
          id: chargeId,
          object: 'charge',
          amount: 2000,
          currency: 'usd',
          paid: true,
          payment_intent: paymentIntent,
          balance_transaction: {
            id: stripeId('txn'),
            object: 'balance_transaction',
            amount: 2000,
            currency: 'usd',
            fee: STRIPE_FEE_CENTS,
            net: 2000 - STRIPE_FEE_CENTS,
            source: chargeId,
            type: 'charge',
          },
        },
      },
    });
    const delivered = await deliver('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      customer_details: { email: world.shopper.email, name: 'Sam Shopper' },
    });
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });

    const request = onlyRequest('GET', `/v1/payment_intents/${paymentIntent}`);
    expect(request.query).toEqual({ expand: ['latest_charge.balance_transaction'] });
    const paid = await orderRow(stack, orderId);
    expect(paid).toMatchObject({
      status: 'paid',
      total_cents: 2000,
      payment_fee_cents: STRIPE_FEE_CENTS,
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: paymentIntent,
      attributed_affiliate_id: world.affiliateB.id,
    });
    expect(
      (paid.merchant_amount_cents as number) +
        (paid.affiliate_amount_cents as number) +
        (paid.platform_fee_cents as number) +
        (paid.payment_fee_cents as number),
    ).toBe(2000);
    expect(await orderCommissions(stack, orderId)).toMatchObject([
      { kind: 'sale', status: 'pending', amount_cents: 200, affiliate_id: world.affiliateB.id },
    ]);
  });
});

describe('stripe-webhook in Stripe mode: abandoned checkouts', () => {
  it("cancels the order of a session Stripe reports expired; the session's later events change nothing", async () => {
    const clickId = await clickIdFor(stack, world.linkA.code);
    const started = await call(checkout, world.shopper.token, {
      items: [{ productId: world.cheapProductId, quantity: 1 }],
      clickId,
    });
    expect(started.status).toBe(200);
    const orderId = started.body.orderId!;
    const session = onlyRequest('POST', '/v1/checkout/sessions').answer;
    recorder.reset();
    const before = await moneyCounts(stack);

    // What Stripe sends an hour later when nobody paid: the session as created, now expired.
    const expired = { ...session, status: 'expired', url: null };
    expect(await deliver('checkout.session.expired', expired)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    expect(recorder.requests).toEqual([]); // an expiry needs nothing from Stripe
    const canceled = await orderRow(stack, orderId);
    expect(canceled).toMatchObject({
      status: 'canceled',
      paid_at: null,
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: null,
    });
    expect(await moneyCounts(stack)).toEqual({ ...before, events: before.events + 1 });

    // Another delivery of the expiry (a new event id) finds nothing pending.
    expect(await deliver('checkout.session.expired', expired)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    // A completion of the same session cannot happen on Stripe; if one arrived it would be
    // ignored and recorded for an operator, with no payment and no commission.
    recorder.answerNext(stripeError(404, 'invalid_request_error', 'No such payment_intent'));
    const completed = await deliver('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: stripeId('pi'),
    });
    expect(completed).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await orderRow(stack, orderId)).toEqual(canceled);
    expect(await orderCommissions(stack, orderId)).toEqual([]);
    const { rows } = await stack.pool.query(
      `select type, processing_error from public.stripe_events
        where payload->'data'->'object'->>'id' = $1 order by received_at`,
      [session.id],
    );
    expect(rows).toEqual([
      { type: 'checkout.session.expired', processing_error: null },
      { type: 'checkout.session.expired', processing_error: null },
      {
        type: 'checkout.session.completed',
        processing_error: 'The order was canceled before this checkout completed',
      },
    ]);
  });
});

describe('create-subscription-checkout in Stripe mode', () => {
  it.each([
    ['an affiliate', 'affiliateA', 'pro'],
    ['a merchant', 'merchant', 'business'],
  ] as const)('opens a subscription session for %s (%s)', async (_who, who, tierId) => {
    const user = world[who];
    const tier = paidTier(tierId)!;
    const res = await call(subscribe, user.token, { tier: tierId });
    const request = onlyRequest('POST', '/v1/checkout/sessions');
    expect(res).toEqual({ status: 200, body: { url: request.answer.url } });
    const metadata = { user_id: user.id, tier: tierId };
    expect(request.body).toEqual({
      mode: 'subscription',
      client_reference_id: user.id,
      customer_email: user.email,
      metadata,
      subscription_data: { metadata },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: String(tier.priceCents),
            recurring: { interval: 'month' },
            product_data: { name: `Verdant ${tier.name}` },
          },
        },
      ],
      success_url: `${SITE_URL}/payment-success?subscription=${tierId}`,
      cancel_url: `${SITE_URL}/payment-canceled?subscription=${tierId}`,
    });
    // Nothing is written before Stripe's events arrive.
    expect(await subscriptionRows(user.id)).toEqual([]);
  });

  it('refuses a tier of the other audience without calling Stripe', async () => {
    const res = await call(subscribe, world.merchant.token, { tier: 'pro' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_tier');
    expect(recorder.requests).toEqual([]);
  });

  it('answers 502 payment_provider_unavailable when Stripe refuses the session', async () => {
    const errors = quietErrors();
    try {
      recorder.answerNext(
        stripeError(400, 'invalid_request_error', 'Invalid currency: usx', 'parameter_invalid'),
      );
      const res = await call(subscribe, world.affiliateB.token, { tier: 'pro' });
      expect(res.status).toBe(502);
      expect(res.body.error?.code).toBe('payment_provider_unavailable');
      onlyRequest('POST', '/v1/checkout/sessions');
      expect(errors).toHaveBeenCalledWith(
        '[create-subscription-checkout] Stripe: Invalid currency: usx',
      );
      expect(await subscriptionRows(world.affiliateB.id)).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('answers repeated requests for a plan with its open session, so it cannot be bought twice', async () => {
    const user = await createUser(stack); // a new affiliate
    const first = await call(subscribe, user.token, { tier: 'pro' });
    expect(first.status).toBe(200);
    const made = onlyRequest('POST', '/v1/checkout/sessions');
    // The key names the user, the tier and how many subscriptions the user has had (none yet).
    expect(made.headers['idempotency-key']).toBe(`subscription-${user.id}-pro-0`);

    // A second click or tab: Stripe replays the session under the key; it is still open.
    recorder.reset();
    const again = await call(subscribe, user.token, { tier: 'pro' });
    expect(again).toEqual(first);
    expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/checkout/sessions',
      `GET /v1/checkout/sessions/${String(made.answer.id)}`,
    ]);
    expect(recorder.requests[0]!.answer.id).toBe(made.answer.id);

    // Paid, before its events have arrived: nothing more to buy.
    recorder.reset();
    // (The recorder replays the keyed POST itself; the next answer is the GET's.)
    recorder.answerNext({ status: 200, body: { ...made.answer, status: 'complete', url: null } });
    const paid = await call(subscribe, user.token, { tier: 'pro' });
    expect(paid.status).toBe(409);
    expect(paid.body.error?.code).toBe('already_subscribed');

    // Expired unpaid: a new session, keyed by the one it replaces.
    recorder.reset();
    recorder.answerNext({ status: 200, body: { ...made.answer, status: 'expired', url: null } });
    const renewed = await call(subscribe, user.token, { tier: 'pro' });
    expect(renewed.status).toBe(200);
    const replacement = recorder.requests[2]!;
    expect(replacement.headers['idempotency-key']).toBe(
      `subscription-${user.id}-pro-0-after-${String(made.answer.id)}`,
    );
    expect(renewed.body.url).toBe(replacement.answer.url);
    expect(renewed.body.url).not.toBe(first.body.url);
    expect(await subscriptionRows(user.id)).toEqual([]);
  });
});

describe('create-subscription-checkout in Stripe mode: another plan', () => {
  const planCheckout = async (userId: string) =>
    (
      await stack.pool.query(
        'select session_id, tier from public.subscription_checkouts where user_id = $1',
        [userId],
      )
    ).rows;

  it("expires the other plan's open session before opening this one, so only one can be paid", async () => {
    const buyer = await createUser(stack, stack.pool, { role: 'merchant' });
    expect((await call(subscribe, buyer.token, { tier: 'starter' })).status).toBe(200);
    const starter = onlyRequest('POST', '/v1/checkout/sessions').answer;
    expect(await planCheckout(buyer.id)).toEqual([{ session_id: starter.id, tier: 'starter' }]);

    recorder.reset();
    const growth = await call(subscribe, buyer.token, { tier: 'business' });
    expect(growth.status).toBe(200);
    expect(recorder.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `POST /v1/checkout/sessions/${String(starter.id)}/expire 200`,
      'POST /v1/checkout/sessions 200',
    ]);
    const made = recorder.requests[1]!;
    expect(made.body.metadata).toEqual({ user_id: buyer.id, tier: 'business' });
    // Keyed by the session it replaces: coming back to a plan opens a new session.
    expect(made.headers['idempotency-key']).toBe(
      `subscription-${buyer.id}-business-0-after-${String(starter.id)}`,
    );
    expect(growth.body.url).toBe(made.answer.url);
    expect(await planCheckout(buyer.id)).toEqual([
      { session_id: made.answer.id, tier: 'business' },
    ]);
    expect(await subscriptionRows(buyer.id)).toEqual([]);
  });

  it('answers already_subscribed, opening nothing, when the other plan was paid meanwhile', async () => {
    const buyer = await createUser(stack, stack.pool, { role: 'merchant' });
    expect((await call(subscribe, buyer.token, { tier: 'starter' })).status).toBe(200);
    const starter = onlyRequest('POST', '/v1/checkout/sessions').answer;

    recorder.reset();
    // Stripe refuses to expire a session that is not open; it reads as paid.
    recorder.answerNext(
      stripeError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "complete".',
      ),
      { status: 200, body: { ...starter, status: 'complete', url: null } },
    );
    const growth = await call(subscribe, buyer.token, { tier: 'business' });
    expect(growth).toEqual({
      status: 409,
      body: {
        error: {
          code: 'already_subscribed',
          message: 'Your payment for Merchant Starter went through; the plan starts in a moment',
        },
      },
    });
    expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/checkout/sessions/${String(starter.id)}/expire`,
      `GET /v1/checkout/sessions/${String(starter.id)}`,
    ]);
    expect(await planCheckout(buyer.id)).toEqual([{ session_id: starter.id, tier: 'starter' }]);
  });

  it("answers 502 and opens nothing when Stripe cannot expire the other plan's session", async () => {
    const errors = quietErrors();
    try {
      const buyer = await createUser(stack, stack.pool, { role: 'merchant' });
      expect((await call(subscribe, buyer.token, { tier: 'starter' })).status).toBe(200);
      const starter = onlyRequest('POST', '/v1/checkout/sessions').answer;
      recorder.reset();
      const refused = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      recorder.answerNext(refused, refused);
      const growth = await call(subscribe, buyer.token, { tier: 'business' });
      expect(growth.status).toBe(502);
      expect(growth.body.error?.code).toBe('payment_provider_unavailable');
      expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /v1/checkout/sessions/${String(starter.id)}/expire`,
        `GET /v1/checkout/sessions/${String(starter.id)}`,
      ]);
      expect(await planCheckout(buyer.id)).toEqual([{ session_id: starter.id, tier: 'starter' }]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('customer-portal in Stripe mode', () => {
  it('answers 404 no_subscription, without calling Stripe, while the user has no Stripe customer', async () => {
    const res = await call(portal, world.shopper.token, {});
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('no_subscription');
    expect(recorder.requests).toEqual([]);
  });

  it("opens the billing portal for the customer of the user's subscription, and a later checkout reuses that customer", async () => {
    // The subscription as Stripe's webhook creates it, with the metadata the checkout sent.
    const user = await createUser(stack); // a new affiliate
    const started = await call(subscribe, user.token, { tier: 'pro' });
    expect(started.status).toBe(200);
    const sent = onlyRequest('POST', '/v1/checkout/sessions').body;
    recorder.reset();
    const customer = stripeId('cus');
    const subscription = stripeId('sub');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const created = await deliver('customer.subscription.created', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: (sent.subscription_data as { metadata: Record<string, string> }).metadata,
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            current_period_end: periodEnd,
            price: { id: stripeId('price'), object: 'price', unit_amount: 1900 },
          },
        ],
      },
    });
    expect(created).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(recorder.requests).toEqual([]); // subscription events need nothing from Stripe
    expect(await subscriptionRows(user.id)).toEqual([
      {
        tier: 'pro',
        status: 'active',
        stripe_customer_id: customer,
        stripe_subscription_id: subscription,
      },
    ]);

    const res = await call(portal, user.token, {});
    const request = onlyRequest('POST', '/v1/billing_portal/sessions');
    expect(request.body).toEqual({ customer, return_url: `${SITE_URL}/profile` });
    expect(res).toEqual({ status: 200, body: { url: request.answer.url } });
    expect(request.answer.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);

    // While the plan lasts, no second subscription: 409 before Stripe is asked for anything.
    recorder.reset();
    const twice = await call(subscribe, user.token, { tier: 'pro' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: { code: 'already_subscribed' } });
    expect(recorder.requests).toEqual([]);

    // Once it has ended, a new subscription checkout reuses that customer instead of letting
    // Stripe make another.
    const ended = await deliver('customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'canceled',
      cancel_at_period_end: false,
      metadata: (sent.subscription_data as { metadata: Record<string, string> }).metadata,
      items: { object: 'list', data: [] },
    });
    expect(ended.status).toBe(200);
    recorder.reset();
    const again = await call(subscribe, user.token, { tier: 'pro' });
    expect(again.status).toBe(200);
    const second = onlyRequest('POST', '/v1/checkout/sessions').body;
    expect(second.customer).toBe(customer);
    expect(second).not.toHaveProperty('customer_email');
    expect(second.metadata).toEqual({ user_id: user.id, tier: 'pro' });

    // Stripe failing: 502, as for the checkouts.
    recorder.reset();
    const errors = quietErrors();
    try {
      recorder.answerNext(
        stripeError(
          400,
          'invalid_request_error',
          `No such customer: '${customer}'`,
          'resource_missing',
        ),
      );
      const failed = await call(portal, user.token, {});
      expect(failed.status).toBe(502);
      expect(failed.body.error?.code).toBe('payment_provider_unavailable');
      expect(errors).toHaveBeenCalledWith(
        `[customer-portal] Stripe: No such customer: '${customer}'`,
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe('change-subscription in Stripe mode', () => {
  it('switches the Stripe subscription to a price of the new tier, ends it at the period end, and the webhook updates the database', async () => {
    const user = await createUser(stack);
    await stack.pool.query(`update public.profiles set role = 'merchant' where id = $1`, [user.id]);
    const customer = stripeId('cus');
    const subscription = stripeId('sub');
    const item = stripeId('si');
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const stripeSubscription = (fields: Record<string, unknown>) => ({
      id: subscription,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: user.id, tier: 'starter' },
      items: {
        object: 'list',
        data: [
          {
            id: item,
            object: 'subscription_item',
            current_period_end: periodEnd,
            price: { id: stripeId('price'), object: 'price', unit_amount: 4900 },
          },
        ],
      },
      ...fields,
    });
    // Nothing to change yet: 409 before Stripe is asked for anything.
    const none = await call(change, user.token, { tier: 'business' });
    expect(none).toMatchObject({ status: 409, body: { error: { code: 'no_subscription' } } });
    expect(recorder.requests).toEqual([]);
    expect((await deliver('customer.subscription.created', stripeSubscription({}))).status).toBe(
      200,
    );
    const rows = async () =>
      (
        await stack.pool.query(
          'select tier, cancel_at_period_end from public.subscriptions where stripe_subscription_id = $1',
          [subscription],
        )
      ).rows;
    expect(await rows()).toEqual([{ tier: 'starter', cancel_at_period_end: false }]);

    // Starter → Growth: the subscription, a price for Growth, the item switched to it.
    const price = stripeId('price');
    const switched = stripeSubscription({
      metadata: { user_id: user.id, tier: 'business' },
      items: {
        object: 'list',
        data: [
          {
            id: item,
            object: 'subscription_item',
            current_period_end: periodEnd,
            price: { id: price, object: 'price', unit_amount: 14900 },
          },
        ],
      },
    });
    recorder.answerNext(
      { status: 200, body: stripeSubscription({}) },
      { status: 200, body: { id: price, object: 'price', unit_amount: 14900 } },
      { status: 200, body: switched },
    );
    const up = await call(change, user.token, { tier: 'business' });
    expect(up).toEqual({
      status: 200,
      body: {
        tier: 'business',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      },
    });
    expect(recorder.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${subscription}`,
      'POST /v1/prices',
      `POST /v1/subscriptions/${subscription}`,
    ]);
    expect(recorder.requests[1]!.body).toEqual({
      currency: 'usd',
      unit_amount: '14900',
      recurring: { interval: 'month' },
      product_data: { name: 'Verdant Merchant Growth' },
      metadata: { tier: 'business' },
    });
    expect(recorder.requests[2]!.body).toEqual({
      items: [{ id: item, price }],
      metadata: { user_id: user.id, tier: 'business' },
      cancel_at_period_end: 'false',
      proration_behavior: 'create_prorations',
    });
    // The database follows Stripe's event, as for every subscription state.
    expect(await rows()).toEqual([{ tier: 'starter', cancel_at_period_end: false }]);
    expect((await deliver('customer.subscription.updated', switched)).status).toBe(200);
    expect(await rows()).toEqual([{ tier: 'business', cancel_at_period_end: false }]);

    // To the free plan: the subscription ends when the paid period does.
    recorder.reset();
    const ending = { ...switched, cancel_at_period_end: true };
    recorder.answerNext({ status: 200, body: ending });
    const free = await call(change, user.token, { tier: 'free' });
    expect(free).toMatchObject({
      status: 200,
      body: { tier: 'business', cancelAtPeriodEnd: true },
    });
    expect(onlyRequest('POST', `/v1/subscriptions/${subscription}`).body).toEqual({
      cancel_at_period_end: 'true',
    });

    // Stripe failing: 502, and nothing changes.
    recorder.reset();
    const errors = quietErrors();
    try {
      recorder.answerNext(
        stripeError(404, 'invalid_request_error', `No such subscription: '${subscription}'`),
      );
      const failed = await call(change, user.token, { tier: 'starter' });
      expect(failed.status).toBe(502);
      expect(failed.body.error?.code).toBe('payment_provider_unavailable');
      expect(errors).toHaveBeenCalledWith(
        `[change-subscription] Stripe: No such subscription: '${subscription}'`,
      );
    } finally {
      errors.mockRestore();
    }
    expect(await rows()).toEqual([{ tier: 'business', cancel_at_period_end: false }]);
  });
});
