import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { validateEmail } from '@verdant/validation';
import {
  createStripeEventSender,
  eventsFor,
  expiredEventFor,
  isSubscriptionUpdate,
  updatedEventFor,
  type Session,
  type ShippingDetails,
} from './checkout-events.ts';
import type { WebHandler } from './http.ts';

export { createStripeEventSender } from './checkout-events.ts';

// The local test checkout: what the shopper sees instead of Stripe Checkout when no
// STRIPE_SECRET_KEY is configured. It shows the session (signed by the payment functions with
// the webhook secret), takes Stripe's test cards, and on success delivers the events Stripe would
// send — signed with the stripe SDK's generateTestHeaderString — to the stripe-webhook function
// before redirecting to the session's success URL. Cancel only leads back to the shop, as on
// Stripe (the session stays open until it expires). What Stripe remembers about a session (paid,
// or expired by the payment functions) is kept in `local_stripe.checkout_sessions`.

export interface LocalCheckoutOptions {
  /** `{apiUrl}/functions/v1/stripe-webhook`. */
  webhookUrl: string;
  /** The stack's STRIPE_WEBHOOK_SECRET (`whsec_…`). */
  webhookSecret: string;
  /** The stack's database, for the sessions' state (sql/30-local-stripe.sql). */
  pool: pg.Pool;
  log?: (line: string) => void;
}

/** Stripe's test cards and their outcomes (https://docs.stripe.com/testing). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** Stripe's messages for the failures the page reproduces. */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  invalidNumber: 'Your card number is invalid.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  pastExpiryYear: "Your card's expiration year is in the past.",
  pastExpiryDate: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is incomplete.",
  nameRequired: 'Enter the name on the card.',
  expired: 'This checkout session has expired. Go back and start the checkout again.',
  emailRequired: 'Enter your email address.',
  invalidEmail: 'Your email address is invalid.',
} as const;

/** What the page adds to Stripe's words: after a decline, and for the CVC it does not send back. */
export const PAGE_MESSAGES = {
  tryAnotherCard: 'Try another card.',
  cvcAgain: 'Enter the CVC again.',
} as const;

/** A form field of the test page. */
export type CheckoutField =
  | 'email'
  | 'shipName'
  | 'line1'
  | 'line2'
  | 'city'
  | 'postalCode'
  | 'state'
  | 'country'
  | 'number'
  | 'expiry'
  | 'cvc'
  | 'name';

/**
 * The countries an order ships to, as Stripe Checkout is asked for them: the same list as
 * SHIPPING_COUNTRIES of supabase/functions/_shared/shipping.ts (a test holds the two together; the
 * stack imports nothing from the functions it runs).
 */
export const SHIPPING_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'NL',
  'BE',
  'AT',
  'ES',
  'IT',
  'PT',
  'SE',
  'DK',
  'FI',
  'AU',
  'NZ',
] as const;

/** What the page says about the shipping address; the longest lengths are the database's. */
export const ADDRESS_MESSAGES = {
  nameRequired: 'Enter the name to deliver to.',
  line1Required: 'Enter the street address.',
  cityRequired: 'Enter the city or town.',
  postalCodeRequired: 'Enter the postal code.',
  stateRequired: 'Enter the state, province or territory; orders to this country need it.',
  countryRequired: 'Choose the country to ship to.',
  countryUnsupported: 'Orders ship only to the countries in the list; choose one of them.',
  tooLong: (what: string, longest: number) => `${what} can be at most ${longest} characters.`,
} as const;

/** The address fields with their form names, what they are called, and how long they may be. */
const ADDRESS_FIELDS = [
  { field: 'shipName', name: 'shipping_name', what: 'The name', longest: 200 },
  { field: 'line1', name: 'shipping_line1', what: 'Address line 1', longest: 200 },
  { field: 'line2', name: 'shipping_line2', what: 'Address line 2', longest: 200 },
  { field: 'city', name: 'shipping_city', what: 'The city', longest: 100 },
  { field: 'postalCode', name: 'shipping_postal_code', what: 'The postal code', longest: 20 },
  { field: 'state', name: 'shipping_state', what: 'The state or region', longest: 100 },
] as const;

/**
 * The countries whose addresses need a state, province or territory, as Stripe Checkout asks for
 * one: the United States, Canada and Australia. Elsewhere the field may be left empty.
 */
export const STATE_REQUIRED_COUNTRIES: readonly string[] = ['US', 'CA', 'AU'];

/** A field's text as the address keeps it: line breaks and other control characters as spaces. */
function addressText(value: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return (value ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * The shipping address of an order's checkout, from the form (`shipping_name`, `shipping_line1`,
 * `shipping_line2`, `shipping_city`, `shipping_postal_code`, `shipping_state`,
 * `shipping_country`): as Stripe reports it in `collected_information.shipping_details`, or every
 * field's problem in the form's order. Line 2 may be left empty, and the state too outside
 * STATE_REQUIRED_COUNTRIES.
 */
export function checkShipping(
  form: Pick<URLSearchParams, 'get'>,
): { address: ShippingDetails } | { failures: CheckoutFailure[] } {
  const failures: CheckoutFailure[] = [];
  const text: Partial<Record<(typeof ADDRESS_FIELDS)[number]['field'], string>> = {};
  for (const { field, name, what, longest } of ADDRESS_FIELDS) {
    const value = addressText(form.get(name));
    text[field] = value;
    if (value.length > longest)
      failures.push({ field, message: ADDRESS_MESSAGES.tooLong(what, longest) });
  }
  const required = [
    ['shipName', ADDRESS_MESSAGES.nameRequired],
    ['line1', ADDRESS_MESSAGES.line1Required],
    ['city', ADDRESS_MESSAGES.cityRequired],
    ['postalCode', ADDRESS_MESSAGES.postalCodeRequired],
  ] as const;
  for (const [field, message] of required) if (!text[field]) failures.push({ field, message });
  const country = (form.get('shipping_country') ?? '').trim();
  if (!country) failures.push({ field: 'country', message: ADDRESS_MESSAGES.countryRequired });
  else if (!(SHIPPING_COUNTRIES as readonly string[]).includes(country))
    failures.push({ field: 'country', message: ADDRESS_MESSAGES.countryUnsupported });
  else if (STATE_REQUIRED_COUNTRIES.includes(country) && !text.state)
    failures.push({ field: 'state', message: ADDRESS_MESSAGES.stateRequired });
  if (failures.length) {
    const order = (field: CheckoutField | undefined) => FIELD_ORDER.indexOf(field!);
    return { failures: failures.sort((a, b) => order(a.field) - order(b.field)) };
  }
  return {
    address: {
      name: text.shipName!,
      address: {
        line1: text.line1!,
        line2: text.line2 || null,
        city: text.city!,
        postal_code: text.postalCode!,
        state: text.state || null,
        country,
      },
    },
  };
}

/**
 * Why the page did not pay: Stripe's message, and the field it belongs under (none for a decline
 * or an expired session, which the page tells below the form).
 */
export interface CheckoutFailure {
  field?: CheckoutField;
  message: string;
}

/**
 * The email the payment goes with: the session's own (a signed-in buyer's, which the page shows
 * but does not let the shopper change, as Stripe Checkout does with `customer_email`) or the one
 * a guest typed. Returns the address or Stripe's message for a missing or malformed one.
 */
export function checkEmail(
  session: Pick<Session, 'email'>,
  typed: string,
): { email: string } | { error: CheckoutFailure } {
  if (session.email) return { email: session.email };
  const email = typed.trim();
  if (!email) return { error: { field: 'email', message: CARD_MESSAGES.emailRequired } };
  if (!validateEmail(email).valid)
    return { error: { field: 'email', message: CARD_MESSAGES.invalidEmail } };
  return { email };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** Verifies a signed token (`<payload>.<hmac>`) and returns its JSON payload, or undefined. */
function verifyToken(token: string, secret: string): unknown {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = createHmac('sha256', secret).update(payload).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64url');
  } catch {
    return undefined;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A request from the payment functions to expire an open session (local-checkout.ts there). */
export interface SessionExpiry {
  v: 1;
  kind: 'session_expire';
  session: string;
  exp: number;
}

function isSessionExpiry(value: unknown): value is SessionExpiry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    e.v === 1 &&
    e.kind === 'session_expire' &&
    typeof e.session === 'string' &&
    e.session.length <= 255 &&
    typeof e.exp === 'number'
  );
}

/** Verifies a session token (`<payload>.<hmac>`) and returns the session, or undefined. */
export function verifySessionToken(token: string, secret: string): Session | undefined {
  const session = verifyToken(token, secret) as Session | undefined;
  return session?.v === 1 && typeof session.id === 'string' ? session : undefined;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * An expiry date as month and four-digit year: `12 / 30`, `12/30`, `1230`, `12/2030` or `1/30`
 * (what the page's field formats as `MM / YY` while typing, and what is typed without it).
 */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*(?:\/\s*)?(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * The card check of the test page: every problem of the card fields at once, in the form's order
 * (Stripe's words, each with its field); when the fields are all fine, the decline of Stripe's
 * declined test card (no field); an empty list when the card pays.
 */
export function checkCard(
  fields: { number: string; expiry: string; cvc: string; name: string },
  now = new Date(),
): CheckoutFailure[] {
  const failures: CheckoutFailure[] = [];
  const number = fields.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 13)
    failures.push({ field: 'number', message: CARD_MESSAGES.incompleteNumber });
  else if (number.length > 19 || !luhn(number))
    failures.push({ field: 'number', message: CARD_MESSAGES.invalidNumber });
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) failures.push({ field: 'expiry', message: CARD_MESSAGES.incompleteExpiry });
  // A month and a year are there, but no month is 00 or 13 (Stripe's words for both).
  else if (expiry.month < 1 || expiry.month > 12)
    failures.push({ field: 'expiry', message: CARD_MESSAGES.invalidExpiryMonth });
  else if (expiry.year < now.getUTCFullYear())
    failures.push({ field: 'expiry', message: CARD_MESSAGES.pastExpiryYear });
  else if (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1)
    failures.push({ field: 'expiry', message: CARD_MESSAGES.pastExpiryDate });
  if (!/^\d{3,4}$/.test(fields.cvc.trim()))
    failures.push({ field: 'cvc', message: CARD_MESSAGES.invalidCvc });
  if (!fields.name.trim()) failures.push({ field: 'name', message: CARD_MESSAGES.nameRequired });
  if (failures.length === 0 && number === TEST_CARDS.declined)
    failures.push({ message: CARD_MESSAGES.declined });
  return failures;
}

/**
 * The page's one script: formats the expiry field as `MM / YY` while the shopper types (`1230`
 * becomes `12 / 30`, a lone `4` becomes `04 / `), as Stripe's field does. The page works without
 * it: the server reads the same forms (see `parseExpiry`).
 */
export const EXPIRY_SCRIPT = `(() => {
  const field = document.getElementById('card-expiry');
  if (!field) return;
  const format = (value, deleting) => {
    let digits;
    const slash = value.indexOf('/');
    if (slash !== -1) {
      let month = value.slice(0, slash).replace(/\\D/g, '').slice(0, 2);
      const year = value.slice(slash + 1).replace(/\\D/g, '');
      if (month.length === 1 && month !== '0') month = '0' + month;
      digits = month + (year.length === 4 ? year.slice(2) : year.slice(0, 2));
    } else {
      digits = value.replace(/\\D/g, '');
      if (digits.length === 6) digits = digits.slice(0, 2) + digits.slice(4);
      if (/^[2-9]/.test(digits)) digits = '0' + digits;
      else if (/^1[3-9]/.test(digits)) digits = '01' + digits.slice(1);
      digits = digits.slice(0, 4);
    }
    if (digits.length < 2) return digits;
    if (digits.length === 2) return deleting ? digits : digits + ' / ';
    return digits.slice(0, 2) + ' / ' + digits.slice(2);
  };
  field.addEventListener('input', (event) => {
    const deleting = typeof event.inputType === 'string' && event.inputType.startsWith('delete');
    const next = format(field.value, deleting);
    if (next !== field.value) field.value = next;
  });
})();`;

const EXPIRY_SCRIPT_HASH = createHash('sha256').update(EXPIRY_SCRIPT).digest('base64');

/** The order's merchant, as the page names who is paid (null when it cannot be read). */
async function merchantName(pool: pg.Pool, session: Session): Promise<string | null> {
  if (!session.orderId) return null;
  try {
    const { rows } = await pool.query<{ company_name: string }>(
      `select m.company_name from public.orders o
       join public.merchant_profiles m on m.id = o.merchant_id
       where o.id::text = $1`,
      [session.orderId],
    );
    return rows[0]?.company_name ?? null;
  } catch {
    return null;
  }
}

/**
 * What a page shows besides the session: why it did not pay, the fields as they were sent (never
 * the CVC), and whether a CVC was sent (the field then asks for it again).
 */
interface PageState {
  failures?: readonly CheckoutFailure[];
  values?: Record<string, string>;
  cvcSent?: boolean;
}

/** A payment attempt that failed, kept for the page the shopper is sent to see it on. */
interface FailedAttempt extends PageState {
  session: string;
  until: number;
}

/** How long the page of a failed attempt shows it (Back or a reload within this time). */
const ATTEMPT_LIFETIME_MS = 30 * 60_000;
/** The most failed attempts kept at once; the oldest goes first. */
const ATTEMPTS_KEPT = 1000;
/** An attempt's id in the page's address: 16 random bytes, base64url. */
const ATTEMPT_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The failed attempts of the last half hour, by a random id that the page's address carries
 * (`?attempt=…`): a failed payment is answered with a redirect to the page (POST-redirect-GET), so
 * the browser's history holds only pages it can load again, and Back never sends the form a
 * second time (Chromium's "Confirm Form Resubmission"). The address carries no card data; what
 * was typed stays in this process (the CVC not even here) and is shown only with the session's
 * own token.
 */
function failedAttempts() {
  const kept = new Map<string, FailedAttempt>();
  return {
    keep(session: string, state: PageState): string {
      const now = Date.now();
      // Kept in the order they failed, each for the same time: the stale ones come first.
      for (const [id, attempt] of kept) {
        if (attempt.until > now) break;
        kept.delete(id);
      }
      while (kept.size >= ATTEMPTS_KEPT) kept.delete(kept.keys().next().value as string);
      const id = randomBytes(16).toString('base64url');
      kept.set(id, { ...state, session, until: now + ATTEMPT_LIFETIME_MS });
      return id;
    },
    /** The attempt `id` of `session`, while it is kept; nothing for any other session's. */
    find(id: string | null, session: string): PageState | undefined {
      if (!id || !ATTEMPT_ID.test(id)) return undefined;
      const attempt = kept.get(id);
      if (!attempt || attempt.session !== session || attempt.until <= Date.now()) return undefined;
      return attempt;
    },
  };
}

/** The form's fields in their order: the first one with a problem takes the focus. */
const FIELD_ORDER: readonly CheckoutField[] = [
  'email',
  'shipName',
  'line1',
  'line2',
  'city',
  'postalCode',
  'state',
  'country',
  'number',
  'expiry',
  'cvc',
  'name',
];

/** The countries of the page's list by their English names, in the order of those names. */
let countryOptions: { code: string; label: string }[] | undefined;
function shippingCountryOptions(): { code: string; label: string }[] {
  if (!countryOptions) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    countryOptions = SHIPPING_COUNTRIES.map((code) => ({ code, label: names.of(code) ?? code }));
    countryOptions.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  }
  return countryOptions;
}

/** The look of the test pages: Stripe's layout in Verdant's dark theme. */
const PAGE_STYLE = `<style>
html { color-scheme: dark; background: #111113; }
body { font: 16px/1.5 system-ui, sans-serif; color: #edeef0; margin: 0; }
.wrap { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 2rem; max-width: 60rem; margin: 0 auto; padding: 2rem 1rem; }
.badge { display: inline-block; font-size: 0.75rem; background: #3b2f00; color: #ffd75e; border-radius: 4px; padding: 0.1rem 0.4rem; }
h1 { margin: 0.5rem 0 0; font-size: 1.75rem; line-height: 1.25; overflow-wrap: anywhere; }
.by { margin: 0.25rem 0 1rem; color: #b0b4ba; }
ul { list-style: none; padding: 0; }
li { display: flex; justify-content: space-between; gap: 1rem; padding: 0.4rem 0; border-bottom: 1px solid #2b2d31; }
.total { font-size: 1.75rem; font-weight: 600; }
form { background: #18191b; border: 1px solid #2b2d31; border-radius: 12px; padding: 1.5rem; }
label { display: block; font-size: 0.9rem; margin: 0.9rem 0 0.3rem; color: #b0b4ba; }
input, select { box-sizing: border-box; width: 100%; font: inherit; padding: 0.6rem 0.7rem; border-radius: 6px; border: 1px solid #43484e; background: #111113; color: #edeef0; }
input[readonly] { background: transparent; border-color: #2b2d31; color: #b0b4ba; }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible, .error:focus-visible { outline: 2px solid #58d5ba; outline-offset: 2px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
button { margin-top: 1.25rem; width: 100%; font: inherit; font-weight: 600; padding: 0.75rem; border: 0; border-radius: 8px; background: #1a7f5d; color: #fff; cursor: pointer; }
input[aria-invalid='true'], select[aria-invalid='true'] { border-color: #ff9592; }
.field-error { margin: 0.3rem 0 0; font-size: 0.85rem; color: #ff9592; }
.field-hint { margin: 0.3rem 0 0; font-size: 0.85rem; color: #b0b4ba; }
.error { margin: 1rem 0 0; padding: 0.6rem 0.8rem; border-radius: 6px; background: #3c181a; color: #ff9592; }
.cancel { display: block; text-align: center; margin-top: 1rem; color: #b0b4ba; }
.hint { font-size: 0.8rem; color: #8b8f98; }
.next { display: inline-block; font-weight: 600; padding: 0.75rem 1.25rem; border-radius: 8px; background: #1a7f5d; color: #fff; text-decoration: none; }
</style>`;

/** The head of a test page. */
function pageHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Verdant test checkout</title>
${PAGE_STYLE}
</head>`;
}

/**
 * A session already paid, opened again (Back from the success page, a reload, a second tab): as
 * on Stripe, no form to pay a second time, and the way to the order.
 */
function paidPage(session: Session, payee: string | null): string {
  const what = session.mode === 'subscription' ? 'subscription' : 'order';
  return `${pageHead('Payment complete')}
<body>
<main class="wrap">
<section aria-labelledby="done">
<p><span class="badge">Test mode</span></p>
<h1 id="done">This checkout is complete</h1>
<p class="by">${escapeHtml(payee ?? 'Verdant')} was paid ${money(session.amountTotal, session.currency)}. Nothing more is charged.</p>
<p><a class="next" href="${escapeHtml(session.successUrl)}">See your ${what}</a></p>
</section>
</main>
</body>
</html>
`;
}

function page(
  session: Session,
  token: string,
  payee: string | null,
  state: PageState = {},
): string {
  const { failures = [], values, cvcSent = false } = state;
  const v = (name: string) => escapeHtml(values?.[name] ?? '');
  const messageOf = (field: CheckoutField) => failures.find((f) => f.field === field)?.message;
  const firstInvalid = FIELD_ORDER.find((field) => messageOf(field) !== undefined);
  // Why the page did not pay, when that is no one field's fault (a decline, an expired session).
  const general = failures.find((f) => f.field === undefined);
  // The CVC is never sent back: after a failed attempt that had one, the field asks for it again.
  const cvcAgain = cvcSent && !messageOf('cvc');
  // Every field's problem is under that field, which is marked invalid; the first takes the focus
  // (or, when no field is at fault, the message of why the card did not pay).
  const describedBy = (field: CheckoutField, extra?: string) => {
    const ids = [messageOf(field) ? `${field}-error` : undefined, extra].filter(Boolean);
    return ids.length ? ` aria-describedby="${ids.join(' ')}"` : '';
  };
  const invalid = (field: CheckoutField, extra?: string) =>
    (messageOf(field) ? ' aria-invalid="true"' : '') +
    describedBy(field, extra) +
    (field === firstInvalid ? ' autofocus' : '');
  const fieldError = (field: CheckoutField) => {
    const message = messageOf(field);
    return message ? `<p class="field-error" id="${field}-error">${escapeHtml(message)}</p>` : '';
  };
  // Where an order goes, asked as Stripe Checkout asks with shipping_address_collection.
  const shippingFields = () => {
    const input = (
      field: CheckoutField,
      id: string,
      name: string,
      label: string,
      autocomplete: string,
      required: boolean,
      hint?: string,
    ) =>
      `<label for="${id}">${label}</label>
<input id="${id}" name="${name}" autocomplete="${autocomplete}" value="${v(name)}"${required ? ' required' : ''}${invalid(field, hint && `${id}-hint`)}>
${hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : ''}${fieldError(field)}`;
    const chosen = values?.shipping_country ?? '';
    const options = shippingCountryOptions()
      .map(
        ({ code, label }) =>
          `<option value="${code}"${code === chosen ? ' selected' : ''}>${escapeHtml(label)}</option>`,
      )
      .join('');
    return `<h2>Shipping address</h2>
${input('shipName', 'ship-name', 'shipping_name', 'Full name for delivery', 'shipping name', true)}
${input('line1', 'ship-line1', 'shipping_line1', 'Address line 1', 'shipping address-line1', true)}
${input('line2', 'ship-line2', 'shipping_line2', 'Address line 2 (optional)', 'shipping address-line2', false)}
<div class="row">
<div>${input('city', 'ship-city', 'shipping_city', 'City', 'shipping address-level2', true)}</div>
<div>${input('postalCode', 'ship-postal-code', 'shipping_postal_code', 'Postal code', 'shipping postal-code', true)}</div>
</div>
${input('state', 'ship-state', 'shipping_state', 'State, province or territory', 'shipping address-level1', false, 'Needed for the United States, Canada and Australia.')}
<label for="ship-country">Country</label>
<select id="ship-country" name="shipping_country" autocomplete="shipping country" required${invalid('country')}>
<option value=""${chosen ? '' : ' selected'}>Choose a country</option>${options}
</select>
${fieldError('country')}`;
  };
  const lines = session.lines
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</span><span>${money(line.amount, session.currency)}</span></li>`,
    )
    .join('');
  const action = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  // Who is paid, as Stripe heads its page ("Pay Evergreen Home Co.", "Subscribe to Affiliate Pro").
  const heading =
    session.mode === 'subscription'
      ? session.lines.length === 1
        ? `Subscribe to ${session.lines[0]!.name}`
        : 'Subscribe to Verdant'
      : `Pay ${payee ?? 'Verdant'}`;
  const generalMessage = general
    ? `<p class="error" id="payment-error" role="alert" tabindex="-1"${firstInvalid ? '' : ' autofocus'}>${escapeHtml(
        general.message === CARD_MESSAGES.declined
          ? `${general.message} ${PAGE_MESSAGES.tryAnotherCard}`
          : general.message,
      )}</p>`
    : '';
  return `${pageHead(heading)}
<body>
<main class="wrap">
<section aria-labelledby="payee">
<p><span class="badge">Test mode</span></p>
<h1 id="payee">${escapeHtml(heading)}</h1>
<p class="by">Test checkout by Verdant</p>
<ul aria-label="Order summary">${lines}</ul>
<p>Total due${session.mode === 'subscription' ? ' every month' : ''}</p>
<p class="total">${money(session.amountTotal, session.currency)}</p>
</section>
<form method="post" action="/local-checkout/c/${escapeHtml(token)}" novalidate>
<h2>Contact information</h2>
<label for="email">Email</label>
${
  session.email
    ? `<input id="email" type="email" value="${escapeHtml(session.email)}" readonly>`
    : `<input id="email" name="email" type="email" autocomplete="email" value="${v('email')}" required${invalid('email')}>${fieldError('email')}`
}
${session.mode === 'payment' ? shippingFields() : ''}
<h2>Pay with card</h2>
${generalMessage}
<label for="card-number">Card number</label>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${v('number')}" required${invalid('number')}>
${fieldError('number')}
<div class="row">
<div><label for="card-expiry">Expiry</label>
<input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" value="${v('expiry')}" required${invalid('expiry')}>${fieldError('expiry')}</div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="" required${invalid('cvc', cvcAgain ? 'cvc-again' : undefined)}>${fieldError('cvc')}${
    cvcAgain ? `<p class="field-hint" id="cvc-again">${escapeHtml(PAGE_MESSAGES.cvcAgain)}</p>` : ''
  }</div>
</div>
<label for="card-name">Name on card</label>
<input id="card-name" name="name" autocomplete="cc-name" value="${v('name')}" required${invalid('name')}>
${fieldError('name')}
<button type="submit">${action}</button>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel</a>
<p class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>
</form>
</main>
<script>${EXPIRY_SCRIPT}</script>
</body>
</html>
`;
}

function html(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      // The page's one inline script (the expiry field's formatting) runs by its hash; no other.
      'content-security-policy': `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'sha256-${EXPIRY_SCRIPT_HASH}'; form-action 'self'; frame-ancestors 'none'`,
    },
  });
}

/**
 * The web-standard handler of `/local-checkout/…` (mounted by the web server): `GET /c/{token}`
 * shows the card form (with `?attempt=…`, what a failed attempt left: Stripe's messages and the
 * fields as typed), `POST /c/{token}` pays and redirects to the success URL, or redirects back to
 * the form with the attempt's id (POST-redirect-GET), and `POST /subscription-update` changes a
 * subscription for the change-subscription function.
 */
export function createLocalCheckout(opts: LocalCheckoutOptions): WebHandler {
  const send = createStripeEventSender(opts);
  const log = opts.log ?? (() => undefined);
  const answer = (status: number, body: object) =>
    Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
  const refuse = (status: number, code: string, message: string) =>
    answer(status, { error: { code, message } });

  /**
   * Moves a session to `to` unless it is already in the other state (a paid session is never
   * expired, an expired one never paid). Resolves with the state the session is in afterwards.
   */
  const settle = async (
    id: string,
    to: 'complete' | 'expired',
  ): Promise<'complete' | 'expired'> => {
    const { rows } = await opts.pool.query(
      `insert into local_stripe.checkout_sessions (id, status) values ($1, $2)
       on conflict (id) do update set updated_at = now()
         where local_stripe.checkout_sessions.status = excluded.status
       returning status`,
      [id, to],
    );
    if (rows.length) return to;
    return to === 'complete' ? 'expired' : 'complete';
  };
  const payeeOf = (session: Session) => merchantName(opts.pool, session);
  /**
   * Where a session stands: expired, paid (its events delivered), being paid (marked paid, its
   * events not all delivered yet: paying again delivers them), or open (no row).
   */
  const stateOf = async (id: string): Promise<'expired' | 'paid' | 'paying' | 'open'> => {
    const { rows } = await opts.pool.query<{ status: string; confirmed: boolean }>(
      `select status, confirmed_at is not null as confirmed
       from local_stripe.checkout_sessions where id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return 'open';
    if (row.status === 'expired') return 'expired';
    return row.confirmed ? 'paid' : 'paying';
  };

  /**
   * `POST /session-expire` with a signed request as the body: what `stripe.checkout.sessions.expire`
   * does on Stripe. Answers `{ id, status }`: 'expired' (it can no longer be paid) or 'complete'
   * (it was paid first). Stripe would also send checkout.session.expired; it is not sent here:
   * the functions that ask (a plan checkout replaced by another, an order's checkout replaced by a
   * changed cart's) close what the session was for themselves, and the webhook would ignore it.
   */
  const expireSession = async (req: Request): Promise<Response> => {
    if (req.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST');
    const token = (await req.text()).trim();
    const expiry = token.length <= 4096 ? verifyToken(token, opts.webhookSecret) : undefined;
    if (!isSessionExpiry(expiry))
      return refuse(400, 'invalid_request', 'The request is not signed by this stack');
    if (expiry.exp * 1000 < Date.now())
      return refuse(400, 'expired', 'The request to expire the session has expired');
    try {
      return answer(200, { id: expiry.session, status: await settle(expiry.session, 'expired') });
    } catch (error) {
      log(`[checkout] expiring ${expiry.session}: ${(error as Error).message}`);
      return refuse(503, 'unavailable', 'The session could not be expired; try again');
    }
  };

  /**
   * `POST /subscription-update` with a signed change as the body: what `stripe.subscriptions.update`
   * does on Stripe. The subscription's new state reaches the webhook as
   * customer.subscription.updated before the answer, so the database holds it when the caller
   * hears 200.
   */
  const updateSubscription = async (req: Request): Promise<Response> => {
    if (req.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST');
    const token = (await req.text()).trim();
    const update = token.length <= 16_384 ? verifyToken(token, opts.webhookSecret) : undefined;
    if (!isSubscriptionUpdate(update))
      return refuse(400, 'invalid_request', 'The subscription change is not signed by this stack');
    if (update.exp * 1000 < Date.now())
      return refuse(400, 'expired', 'The subscription change request has expired');
    const [id, type, object] = updatedEventFor(update);
    try {
      const result = await send(type, object, id);
      if (result.status === 200) return answer(200, { updated: true });
      log(`[checkout] ${type} was answered ${result.status}: ${result.body}`);
    } catch (error) {
      log(
        `[checkout] ${type} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return refuse(502, 'webhook_failed', 'The subscription change could not be delivered');
  };

  const attempts = failedAttempts();

  return async (req, info) => {
    if (info.path === '/subscription-update') return updateSubscription(req);
    if (info.path === '/session-expire') return expireSession(req);
    const match = /^\/c\/([A-Za-z0-9_.-]{10,16384})\/?$/.exec(info.path);
    const session = match?.[1] ? verifySessionToken(match[1], opts.webhookSecret) : undefined;
    if (!match?.[1] || !session)
      return html(
        404,
        '<!doctype html><title>Checkout not found</title><p>This checkout link is not valid.</p>',
      );
    const token = match[1];
    // Where a form that did not pay is sent (POST-redirect-GET): the page, with the attempt's id
    // when there is something to show beyond what the page finds out for itself.
    const toPage = (failed?: PageState) => {
      const attempt = failed ? `?attempt=${attempts.keep(session.id, failed)}` : '';
      return new Response(null, {
        status: 303,
        headers: { location: `/local-checkout/c/${token}${attempt}`, 'cache-control': 'no-store' },
      });
    };
    const state = await stateOf(session.id);
    // Paid already (Back from the success page, a reload, a second tab, the form sent again): as
    // on Stripe, nothing can be paid twice, and the page leads to the order.
    if (state === 'paid')
      return req.method === 'POST'
        ? new Response(null, { status: 303, headers: { location: session.successUrl } })
        : html(200, paidPage(session, await payeeOf(session)));
    if (session.exp * 1000 < Date.now()) {
      // Stripe sends checkout.session.expired when the session expires, whether or not anyone
      // looks: the stack's sweep (checkout-expiry.ts) does that for this stateless page, and an
      // expired link opened before the sweep sends it at once (once in effect: the event id is
      // derived from the session).
      const [id, type, object] = expiredEventFor(session);
      try {
        const result = await send(type, object, id);
        if (result.status !== 200)
          log(`[checkout] ${type} was answered ${result.status}: ${result.body}`);
      } catch (error) {
        log(
          `[checkout] ${type} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      // The page says the session has expired.
      if (req.method === 'POST') return toPage();
      return html(
        410,
        page(session, token, await payeeOf(session), {
          failures: [{ message: CARD_MESSAGES.expired }],
        }),
      );
    }
    const expired = { failures: [{ message: CARD_MESSAGES.expired }] };
    // Expired by the payment functions (another plan's checkout was opened since).
    if (state === 'expired')
      return req.method === 'POST'
        ? toPage()
        : html(410, page(session, token, await payeeOf(session), expired));
    if (req.method === 'GET' || req.method === 'HEAD') {
      const attempt = attempts.find(new URL(req.url).searchParams.get('attempt'), session.id);
      return html(200, page(session, token, await payeeOf(session), attempt));
    }
    if (req.method !== 'POST') return new Response('Method not allowed', { status: 405 });

    const form = new URLSearchParams(await req.text());
    const fields = {
      email: form.get('email') ?? '',
      number: form.get('number') ?? '',
      expiry: form.get('expiry') ?? '',
      cvc: form.get('cvc') ?? '',
      name: form.get('name') ?? '',
    };
    // An order's checkout asks where to ship it; a plan's ships nothing.
    const shipping = session.mode === 'payment' ? checkShipping(form) : undefined;
    const addressTyped = Object.fromEntries(
      ADDRESS_FIELDS.map(({ name }) => [name, form.get(name) ?? '']).concat(
        session.mode === 'payment'
          ? [['shipping_country', form.get('shipping_country') ?? '']]
          : [],
      ),
    );
    // What the page shows again after a failed attempt: all that was typed but the CVC.
    const typed = {
      values: {
        email: fields.email,
        ...(session.mode === 'payment' ? addressTyped : {}),
        number: fields.number,
        expiry: fields.expiry,
        name: fields.name,
      },
      cvcSent: fields.cvc.trim() !== '',
    };
    // Every field's problem at once; the card is tried (and may be declined) only when there is
    // none.
    const contact = checkEmail(session, fields.email);
    const card = checkCard(fields);
    const addressFailures = shipping && 'failures' in shipping ? shipping.failures : [];
    if (
      'error' in contact ||
      addressFailures.length > 0 ||
      card.some((failure) => failure.field !== undefined)
    ) {
      const failures = [
        ...('error' in contact ? [contact.error] : []),
        ...addressFailures,
        ...card.filter((failure) => failure.field !== undefined),
      ];
      return toPage({ failures, ...typed });
    }
    // The fields are complete: the card pays, or Stripe declines it.
    if (card.length > 0) return toPage({ failures: card, ...typed });

    // Paid once: from here the session cannot be expired (and if it was meanwhile, not paid).
    if ((await settle(session.id, 'complete')) === 'expired') return toPage();
    const customer = {
      email: contact.email,
      name: fields.name.trim(),
      ...(shipping && 'address' in shipping ? { shipping: shipping.address } : {}),
    };
    for (const [type, object, id] of eventsFor(session, customer)) {
      const result = await send(type, object, id);
      if (result.status !== 200) {
        log(`[checkout] ${type} was answered ${result.status}: ${result.body}`);
        return toPage({
          failures: [{ message: 'The payment could not be confirmed. Please try again.' }],
          ...typed,
        });
      }
    }
    await opts.pool.query(
      `update local_stripe.checkout_sessions set confirmed_at = now() where id = $1`,
      [session.id],
    );
    return new Response(null, { status: 303, headers: { location: session.successUrl } });
  };
}
