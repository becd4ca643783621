import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../config/chromium.mjs';
import { SHIPPING_COUNTRIES as FUNCTION_SHIPPING_COUNTRIES } from '../../../supabase/functions/_shared/shipping.ts';
import {
  ADDRESS_MESSAGES,
  CARD_MESSAGES,
  EXPIRY_SCRIPT,
  PAGE_MESSAGES,
  SHIPPING_COUNTRIES,
  checkShipping,
  createLocalCheckout,
} from '../src/checkout.ts';
import type { Session } from '../src/checkout-events.ts';
import { readBody, sendWebResponse, toWebRequest } from '../src/http.ts';

// The test checkout's page on its own (no stack): who it says is paid, every field's problem at
// once, a decline the shopper hears about, the CVC asked for again, and the expiry formatted as
// it is typed — the last in Chromium, under the page's own content security policy.

const SECRET = 'whsec_checkout_page_test';
const ORDER_ID = '3f1c2a90-6d4b-4c1e-9a57-0b8e2d7c4f11';

/** The database as far as the page reads it: the order's merchant, and no session settled yet. */
const pool = {
  query: async (text: string, params: unknown[] = []) => {
    if (text.includes('merchant_profiles'))
      return params[0] === ORDER_ID
        ? { rows: [{ company_name: 'Evergreen Home Co.' }], rowCount: 1 }
        : { rows: [], rowCount: 0 };
    return { rows: [], rowCount: 0 };
  },
} as unknown as pg.Pool;

const handler = createLocalCheckout({
  webhookUrl: 'http://127.0.0.1:9/functions/v1/stripe-webhook',
  webhookSecret: SECRET,
  pool,
});

/** A session token as the payment functions sign it. */
function token(changes: Partial<Session> = {}): string {
  const session: Session = {
    v: 1,
    id: `cs_test_${Math.random().toString(36).slice(2)}`,
    mode: 'payment',
    orderId: ORDER_ID,
    email: null,
    currency: 'usd',
    amountTotal: 2800,
    lines: [{ name: 'Refillable Dish Soap, 1 L', quantity: 1, amount: 1600 }],
    successUrl: 'http://127.0.0.1/payment-success',
    cancelUrl: 'http://127.0.0.1/payment-canceled',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...changes,
  };
  const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
  return `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
}

/** A request to the page, handed over as the web server does: the path without the query. */
const at = (path: string, init?: RequestInit) =>
  handler(new Request(`http://127.0.0.1/local-checkout${path}`, init), {
    path: path.split('?')[0] ?? path,
    ip: '127.0.0.1',
  });

const post = (t: string, fields: Record<string, string>) =>
  at(`/c/${t}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/**
 * The page a failed payment leads to: the form's answer is a redirect to the page's own address
 * with the attempt's id (POST-redirect-GET), which is then opened as the browser would.
 */
async function pageAfter(res: Response, t: string) {
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  expect(location).toMatch(new RegExp(`^/local-checkout/c/${t}\\?attempt=[A-Za-z0-9_-]{22}$`));
  return at(location.replace(/^\/local-checkout/, ''));
}

/** Where an order goes, as the form sends it. */
const address = {
  shipping_name: 'Robin Hart',
  shipping_line1: '12 Fern Street',
  shipping_line2: '',
  shipping_city: 'Bristol',
  shipping_postal_code: 'BS1 4DJ',
  shipping_country: 'GB',
};

const good = {
  ...address,
  email: 'robin.hart@example.com',
  number: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  name: 'Robin Hart',
};

/** Fills the page's shipping address as a shopper would. */
async function fillAddress(page: Page) {
  await page.getByLabel('Full name for delivery').fill(address.shipping_name);
  await page.getByLabel('Address line 1').fill(address.shipping_line1);
  await page.getByLabel('City').fill(address.shipping_city);
  await page.getByLabel('Postal code').fill(address.shipping_postal_code);
  await page.getByLabel('Country').selectOption(address.shipping_country);
}

describe('the test checkout page', () => {
  it('is headed with who is paid: the order’s merchant, or the plan', async () => {
    const order = await (await at(`/c/${token()}`)).text();
    expect(order).toContain('<h1 id="payee">Pay Evergreen Home Co.</h1>');
    expect(order).toContain('Test checkout by Verdant');
    expect(order).toContain('<title>Pay Evergreen Home Co. · Verdant test checkout</title>');
    const unknown = await (
      await at(`/c/${token({ orderId: '00000000-0000-4000-8000-000000000000' })}`)
    ).text();
    expect(unknown).toContain('<h1 id="payee">Pay Verdant</h1>');
    const plan = await (
      await at(
        `/c/${token({ mode: 'subscription', orderId: undefined, tier: 'pro', lines: [{ name: 'Affiliate Pro', quantity: 1, amount: 1900 }] })}`,
      )
    ).text();
    expect(plan).toContain('<h1 id="payee">Subscribe to Affiliate Pro</h1>');
  });

  it('tells every field’s problem at once, focuses the first and pays nothing', async () => {
    const t = token();
    const res = await pageAfter(
      await post(t, {
        email: 'not an email',
        number: '4242',
        expiry: '13',
        cvc: '',
        name: '',
      }),
      t,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const [field, message] of [
      ['email', CARD_MESSAGES.invalidEmail],
      ['shipName', ADDRESS_MESSAGES.nameRequired],
      ['line1', ADDRESS_MESSAGES.line1Required],
      ['city', ADDRESS_MESSAGES.cityRequired],
      ['postalCode', ADDRESS_MESSAGES.postalCodeRequired],
      ['country', ADDRESS_MESSAGES.countryRequired],
      ['number', CARD_MESSAGES.incompleteNumber],
      ['expiry', CARD_MESSAGES.incompleteExpiry],
      ['cvc', CARD_MESSAGES.invalidCvc],
      ['name', CARD_MESSAGES.nameRequired],
    ] as const)
      expect(html).toContain(
        `<p class="field-error" id="${field}-error">${message.replace("'", '&#39;')}</p>`,
      );
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(10);
    expect(html.match(/ autofocus/g)).toHaveLength(1);
    expect(html).toMatch(/<input id="email"[^>]* autofocus>/);
    // What was typed stays, but for the CVC.
    expect(html).toContain('value="not an email"');
    expect(html).toContain('value="13"');
  });

  it('after a decline keeps the fields, asks for the CVC again and puts the decline in an alert that takes the focus', async () => {
    const t = token();
    const res = await pageAfter(
      await post(t, { ...good, number: '4000 0000 0000 0002', expiry: '1234' }),
      t,
    );
    const html = await res.text();
    expect(html).toMatch(
      new RegExp(
        `<p class="error" id="payment-error" role="alert" tabindex="-1" autofocus>${CARD_MESSAGES.declined} ${PAGE_MESSAGES.tryAnotherCard}</p>`,
      ),
    );
    expect(html.match(/ autofocus/g)).toHaveLength(1);
    expect(html).not.toContain('aria-invalid="true"');
    expect(html).toContain('value="4000 0000 0000 0002"');
    expect(html).toMatch(
      /<input id="card-cvc"[^>]* value="" required aria-describedby="cvc-again">/,
    );
    expect(html).toContain(`<p class="field-hint" id="cvc-again">${PAGE_MESSAGES.cvcAgain}</p>`);
    expect(html).not.toContain('value="123"');
  });

  it('says a month that does not exist is invalid, not that the date is incomplete', async () => {
    const t = token();
    const html = await (await pageAfter(await post(t, { ...good, expiry: '13/30' }), t)).text();
    expect(html).toContain(
      `<p class="field-error" id="expiry-error">${CARD_MESSAGES.invalidExpiryMonth.replace("'", '&#39;')}</p>`,
    );
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(html).toContain('value="13/30"');
  });

  it('answers a failed payment with a redirect whose address holds no card data, shown only with its session', async () => {
    const t = token();
    const declined = await post(t, { ...good, number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('cache-control')).toBe('no-store');
    const location = declined.headers.get('location') ?? '';
    // The address is the page's own with a random id, and nothing of what was typed.
    expect(location).toMatch(new RegExp(`^/local-checkout/c/${t}\\?attempt=[A-Za-z0-9_-]{22}$`));
    // The page at that address can be opened again (Back, a reload) and says the same.
    const attempt = location.replace(/^\/local-checkout/, '');
    for (let i = 0; i < 2; i += 1) {
      const again = await at(attempt);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(CARD_MESSAGES.declined);
    }
    // The attempt's id shows nothing with another session's token, and a made-up or malformed
    // one shows the empty form.
    const id = new URL(location, 'http://127.0.0.1').searchParams.get('attempt') ?? '';
    const other = token();
    for (const path of [
      `/c/${other}?attempt=${id}`,
      `/c/${t}?attempt=${'A'.repeat(22)}`,
      `/c/${t}?attempt=%3Cscript%3E`,
      `/c/${t}`,
    ]) {
      const res = await at(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toContain(CARD_MESSAGES.declined);
      expect(html, path).not.toContain('value="4000 0000 0000 0002"');
      expect(html, path).not.toContain('aria-invalid="true"');
    }
  });

  it('sends a form sent to an expired session back to the page that says so', async () => {
    const t = token({ exp: Math.floor(Date.now() / 1000) - 1 });
    const res = await post(t, good);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/local-checkout/c/${t}`);
    const page = await at(`/c/${t}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain(CARD_MESSAGES.expired);
  });

  it('runs only its own script, allowed by its hash', async () => {
    const res = await at(`/c/${token()}`);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([EXPIRY_SCRIPT]);
    const hash = createHash('sha256').update(EXPIRY_SCRIPT).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
  });
});

describe('the shipping address of an order', () => {
  it('is asked for with visible labels on an order’s page, and not on a plan’s', async () => {
    const order = await (await at(`/c/${token()}`)).text();
    expect(order).toContain('<h2>Shipping address</h2>');
    for (const [id, label] of [
      ['ship-name', 'Full name for delivery'],
      ['ship-line1', 'Address line 1'],
      ['ship-line2', 'Address line 2 (optional)'],
      ['ship-city', 'City'],
      ['ship-postal-code', 'Postal code'],
      ['ship-country', 'Country'],
    ])
      expect(order).toContain(`<label for="${id}">${label}</label>`);
    expect(order).toContain('<option value="GB">United Kingdom</option>');
    const plan = await (
      await at(`/c/${token({ mode: 'subscription', orderId: undefined, tier: 'pro' })}`)
    ).text();
    expect(plan).not.toContain('Shipping address');
  });

  it('offers the countries create-checkout asks Stripe for', () => {
    expect([...SHIPPING_COUNTRIES]).toEqual([...FUNCTION_SHIPPING_COUNTRIES]);
  });

  it('is read as Stripe reports it: trimmed, line breaks as spaces, an empty line 2 as null', () => {
    expect(
      checkShipping(
        new URLSearchParams({
          ...address,
          shipping_name: '  Robin\nHart ',
          shipping_line2: '   ',
        }),
      ),
    ).toEqual({
      address: {
        name: 'Robin Hart',
        address: {
          line1: '12 Fern Street',
          line2: null,
          city: 'Bristol',
          postal_code: 'BS1 4DJ',
          state: null,
          country: 'GB',
        },
      },
    });
  });

  it('asks a US, Canadian or Australian address for its state, and keeps it; elsewhere it may be left out', () => {
    for (const country of ['US', 'CA', 'AU'])
      expect(checkShipping(new URLSearchParams({ ...address, shipping_country: country }))).toEqual(
        { failures: [{ field: 'state', message: ADDRESS_MESSAGES.stateRequired }] },
      );
    expect(
      checkShipping(
        new URLSearchParams({
          ...address,
          shipping_city: 'Portland',
          shipping_postal_code: '97201',
          shipping_state: ' OR ',
          shipping_country: 'US',
        }),
      ),
    ).toEqual({
      address: {
        name: 'Robin Hart',
        address: {
          line1: '12 Fern Street',
          line2: null,
          city: 'Portland',
          postal_code: '97201',
          state: 'OR',
          country: 'US',
        },
      },
    });
    expect(
      checkShipping(new URLSearchParams({ ...address, shipping_state: 'Avon' })),
    ).toMatchObject({ address: { address: { state: 'Avon', country: 'GB' } } });
  });

  it.each([
    [
      'a US address without its state',
      { shipping_country: 'US' },
      'state',
      ADDRESS_MESSAGES.stateRequired,
    ],
    [
      'a state of 101 characters',
      { shipping_state: 'x'.repeat(101) },
      'state',
      ADDRESS_MESSAGES.tooLong('The state or region', 100),
    ],
    [
      'a country not in the list',
      { shipping_country: 'XX' },
      'country',
      ADDRESS_MESSAGES.countryUnsupported,
    ],
    [
      'a name of 201 characters',
      { shipping_name: 'x'.repeat(201) },
      'shipName',
      ADDRESS_MESSAGES.tooLong('The name', 200),
    ],
    [
      'a postal code of 21 characters',
      { shipping_postal_code: '1'.repeat(21) },
      'postalCode',
      ADDRESS_MESSAGES.tooLong('The postal code', 20),
    ],
    ['a blank city', { shipping_city: ' ' }, 'city', ADDRESS_MESSAGES.cityRequired],
  ])(
    'refuses %s under its field, keeping what was typed',
    async (_name, change, field, message) => {
      const t = token();
      const html = await (await pageAfter(await post(t, { ...good, ...change }), t)).text();
      expect(html).toContain(
        `<p class="field-error" id="${field}-error">${message.replace("'", '&#39;')}</p>`,
      );
      expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
      expect(html).toMatch(/ autofocus/);
      expect(html).toContain('value="12 Fern Street"');
    },
  );
});

describe('the test checkout page in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = await readBody(req, 64 * 1024);
        const answer = await handler(toWebRequest(req, url.href, body), {
          path: url.pathname.replace(/^\/local-checkout/, ''),
          ip: '127.0.0.1',
        });
        await sendWebResponse(res, answer);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch(chromiumLaunchOptions);
  }, 60_000);

  afterAll(async () => {
    expect(refused).toEqual([]);
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** What the page's content security policy refused (nothing, as the page's one script is allowed). */
  const refused: string[] = [];

  /** Opens a fresh checkout. */
  async function open(): Promise<Page> {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        refused.push(message.text());
    });
    await page.goto(`${base}/local-checkout/c/${token()}`);
    return page;
  }

  it('formats the expiry as MM / YY while it is typed', async () => {
    const page = await open();
    try {
      const expiry = page.getByLabel('Expiry');
      await expiry.pressSequentially('1230');
      expect(await expiry.inputValue()).toBe('12 / 30');
      // Deleting goes back over the separator instead of being stuck behind it.
      for (const expected of ['12 / 3', '12', '1']) {
        await expiry.press('Backspace');
        expect(await expiry.inputValue()).toBe(expected);
      }
      await expiry.fill('');
      await expiry.pressSequentially('4');
      expect(await expiry.inputValue()).toBe('04 / ');
      await expiry.pressSequentially('29');
      expect(await expiry.inputValue()).toBe('04 / 29');
      for (const [typed, shown] of [
        ['12/30', '12 / 30'],
        ['12 / 30', '12 / 30'],
        ['12/2030', '12 / 30'],
        ['1/30', '01 / 30'],
        ['13', '01 / 3'],
      ] as const) {
        await expiry.fill(typed);
        expect(await expiry.inputValue(), typed).toBe(shown);
      }
    } finally {
      await page.close();
    }
  });

  it('focuses the first field to fix, and the decline, after a failed payment', async () => {
    const page = await open();
    try {
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForLoadState();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('email');
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(10);

      await page.getByLabel('Email').fill(good.email);
      await fillAddress(page);
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry').pressSequentially('1234');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill(good.name);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForLoadState();
      const alert = page.getByRole('alert');
      expect(await alert.textContent()).toBe(
        `${CARD_MESSAGES.declined} ${PAGE_MESSAGES.tryAnotherCard}`,
      );
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('payment-error');
      expect(await page.getByLabel('CVC').inputValue()).toBe('');
      expect(await page.getByLabel('Expiry').inputValue()).toBe('12 / 34');
    } finally {
      await page.close();
    }
  });

  it('keeps only pages it can load again in the history: Back to a failed attempt sends no form', async () => {
    const page = await open();
    try {
      await page.getByLabel('Email').fill(good.email);
      await fillAddress(page);
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry').fill(good.expiry);
      await page.getByLabel('CVC').fill(good.cvc);
      await page.getByLabel('Name on card').fill(good.name);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\?attempt=/);
      expect(await page.getByRole('alert').textContent()).toBe(
        `${CARD_MESSAGES.declined} ${PAGE_MESSAGES.tryAnotherCard}`,
      );
      const declined = page.url();
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      // Elsewhere, then Back: the failed attempt's page comes back without Chromium's "Confirm Form
      // Resubmission" (net::ERR_CACHE_MISS), as does a reload.
      await page.goto(`${base}/local-checkout/c/${token()}`);
      const back = await page.goBack();
      expect(back?.request().method()).toBe('GET');
      expect(page.url()).toBe(declined);
      expect(await page.getByRole('alert').textContent()).toBe(
        `${CARD_MESSAGES.declined} ${PAGE_MESSAGES.tryAnotherCard}`,
      );
      expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
      expect((await page.reload())?.status()).toBe(200);
      expect(await page.getByRole('alert').textContent()).toContain(CARD_MESSAGES.declined);
      expect(posts).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
