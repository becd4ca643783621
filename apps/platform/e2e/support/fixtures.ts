import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import demoAccounts from '../../../../supabase/seed/demo-accounts.json' with { type: 'json' };

const require = createRequire(import.meta.url);

/** The running stack of this test run (started in global-setup). */
export const stack = {
  get webUrl() {
    return required('VERDANT_E2E_WEB_URL');
  },
  get apiUrl() {
    return required('VERDANT_E2E_API_URL');
  },
  get anonKey() {
    return required('VERDANT_E2E_ANON_KEY');
  },
  get serviceKey() {
    return required('VERDANT_E2E_SERVICE_KEY');
  },
  get dbUrl() {
    return required('VERDANT_E2E_DB_URL');
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts`);
  return value;
}

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
  name: string;
}

/** A seeded demo account by email. */
export function demoAccount(email: string): DemoAccount {
  const account = (demoAccounts as DemoAccount[]).find((entry) => entry.email === email);
  if (!account) throw new Error(`No demo account ${email} in supabase/seed/demo-accounts.json`);
  return account;
}

/** A shipping address as the local test checkout asks for it (`country`: its ISO code). */
export interface CheckoutAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  /** State, province or territory: needed for the United States, Canada and Australia. */
  state?: string;
  country: string;
}

/** Where an order goes when a journey does not say (the checkout of an order asks for one). */
const DEFAULT_ADDRESS: CheckoutAddress = {
  name: 'Sam Shopper',
  line1: '1 Market Street',
  city: 'Portland',
  postalCode: '97201',
  state: 'OR',
  country: 'US',
};

/**
 * Fills the local test checkout's card form (shown at /local-checkout/c/…) and submits it with
 * `submit` ("Pay" for an order, "Subscribe" for a plan). The email field is there for guests only.
 * An order's checkout also asks for a shipping address: `address`, or a default one.
 */
export async function payByCard(
  page: Page,
  {
    card,
    name,
    email,
    submit,
    address,
  }: { card: string; name: string; email?: string; submit: string; address?: CheckoutAddress },
): Promise<void> {
  await expect(page).toHaveURL(/\/local-checkout\/c\//);
  if (email) await page.getByLabel('Email').fill(email);
  const line1 = page.getByLabel('Address line 1');
  if (address || (await line1.count()) > 0) {
    const to = address ?? DEFAULT_ADDRESS;
    await page.getByLabel('Full name for delivery').fill(to.name);
    await line1.fill(to.line1);
    await page.getByLabel('Address line 2 (optional)').fill(to.line2 ?? '');
    await page.getByLabel('City').fill(to.city);
    await page.getByLabel('Postal code').fill(to.postalCode);
    await page.getByLabel('State, province or territory').fill(to.state ?? '');
    await page.getByLabel('Country').selectOption(to.country);
  }
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: submit }).click();
}

/** Logs in through the login page (opened unless `stay`) and waits for the landing page. */
export async function login(
  page: Page,
  account: Pick<DemoAccount, 'email' | 'password'>,
  landing: string | RegExp,
  { stay = false }: { stay?: boolean } = {},
): Promise<void> {
  if (!stay) await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/** Logs out through the account menu (by keyboard, as a keyboard user would) and waits for /login. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).press('Enter');
  await page.getByRole('menuitem', { name: 'Log out' }).press('Enter');
  // The guard of the page being left may add where to return to after the next login.
  await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/);
}

/** Headers for the stack's APIs as the service role, plus any extra ones. */
export function asService(extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: stack.serviceKey, authorization: `Bearer ${stack.serviceKey}`, ...extra };
}

/** The commission of a sale, read as the service role and written as the dashboards show money. */
export async function saleCommission(orderId: string): Promise<string> {
  const res = await fetch(
    new URL(
      `/rest/v1/commissions?select=amount_cents,currency&order_id=eq.${orderId}`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  const [commission] = (await res.json()) as { amount_cents: number; currency: string }[];
  if (!commission) throw new Error(`no commission for order ${orderId}`);
  return formatMoney(commission.amount_cents, commission.currency);
}

/** Integer cents written as the dashboards write money ($1,234.50). */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
}

/** Headers for the stack's APIs as a signed-in user (an access token from `signIn`). */
export function asUser(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...extra };
}

/** Signs in through the auth API (password grant), outside any page: the access token and user id. */
export async function signIn(
  account: Pick<DemoAccount, 'email' | 'password'>,
): Promise<{ token: string; userId: string }> {
  const response = await fetch(new URL('/auth/v1/token?grant_type=password', stack.apiUrl), {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status, `signing in ${account.email}`).toBe(200);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/**
 * Gives `account` verified authenticators through the auth API (enrol, challenge, verify with the
 * current code), as the profile's set-up does, one per name in `names`; each after the first is
 * added by the session the previous one raised to aal2, as the auth server asks. Returns their
 * secrets, in order, for later codes.
 */
export async function verifiedAuthenticators(
  account: Pick<DemoAccount, 'email' | 'password'>,
  names: readonly string[] = ['Phone'],
): Promise<string[]> {
  let { token } = await signIn(account);
  const call = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(new URL(`/auth/v1${path}`, stack.apiUrl), {
      method: 'POST',
      headers: asUser(token, { 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const secrets: string[] = [];
  for (const name of names) {
    const factor = (await call('/factors', {
      factor_type: 'totp',
      friendly_name: name,
      issuer: 'Verdant',
    })) as { id: string; totp: { secret: string } };
    const challenge = (await call(`/factors/${factor.id}/challenge`, {})) as { id: string };
    const verified = (await call(`/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: generateSync({ secret: factor.totp.secret }),
    })) as { access_token: string };
    token = verified.access_token;
    secrets.push(factor.totp.secret);
  }
  return secrets;
}

/** Inserts rows with the service role; answers the rows as stored. */
export async function insertRows<T>(table: string, body: unknown): Promise<T[]> {
  const res = await fetch(new URL(`/rest/v1/${table}`, stack.apiUrl), {
    method: 'POST',
    headers: asService({ 'content-type': 'application/json', prefer: 'return=representation' }),
    body: JSON.stringify(body),
  });
  expect(res.status, `insert into ${table}`).toBe(201);
  return (await res.json()) as T[];
}

/** A product of `merchantId`, its slug made from its name, inserted as the service role. */
export async function insertProduct(
  merchantId: string,
  fields: { name: string; price_cents: number; status: string } & Record<string, unknown>,
): Promise<{ id: string; slug: string }> {
  const slug = fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [product] = await insertRows<{ id: string; slug: string }>('products', {
    merchant_id: merchantId,
    slug,
    ...fields,
  });
  return product!;
}

/**
 * A new merchant whose finished onboarding names a company of 200 characters (the most allowed),
 * mostly one word that has to break: for the pages that must wrap it.
 */
export async function longCompanyMerchant(): Promise<{
  account: { email: string; password: string; id: string };
  company: string;
}> {
  const stamp = Date.now().toString(36);
  const company = `M One Goods ${stamp} ${'x'.repeat(187 - stamp.length)}`;
  const account = await createAccount('long-company', 'Fern&Market26', {
    name: 'Mona Long',
    role: 'merchant',
  });
  await insertRows('merchant_profiles', {
    id: account.id,
    company_name: company,
    website: 'https://m-one-goods.example',
    description: 'Stoneware refill jars.',
    sustainability_statement: 'Kiln powered by our own solar roof; jars are returned and refilled.',
    onboarding_step: 'complete',
  });
  return { account, company };
}

/** Mails the stack's outbox holds for one address, newest first. */
export async function mailsTo(
  address: string,
): Promise<{ subject: string; text: string; type: string }[]> {
  const url = new URL('/outbox/messages', stack.apiUrl);
  url.searchParams.set('to', address);
  const response = await fetch(url, { headers: asService() });
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return (await response.json()) as { subject: string; text: string; type: string }[];
}

/**
 * Answers the page's next `method` requests to a table as PostgREST does when one of the table's
 * check constraints refuses the row: how a journey meets a refusal the browser's own checks would
 * never let through.
 */
export function refuseWithCheck(
  page: Page,
  table: string,
  method: 'POST' | 'PATCH',
  constraint: string,
): Promise<unknown> {
  return page.route(`**/rest/v1/${table}*`, (route) =>
    route.request().method() === method
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: '23514',
            details: null,
            hint: null,
            message: `new row for relation "${table}" violates check constraint "${constraint}"`,
          }),
        })
      : route.fallback(),
  );
}

/** A unique address for an account a journey creates. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.verdant.test`;
}

/**
 * A confirmed account of its own for a journey, created through the auth admin API (service role),
 * with a unique address; returns what logging in needs and the user's id.
 */
export async function createAccount(
  prefix: string,
  password: string,
  metadata: { name: string; role: 'affiliate' | 'merchant' },
): Promise<{ email: string; password: string; id: string }> {
  const email = uniqueEmail(prefix);
  const created = await fetch(new URL('/auth/v1/admin/users', stack.apiUrl), {
    method: 'POST',
    headers: asService({ 'content-type': 'application/json' }),
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: metadata }),
  });
  expect(created.status).toBeLessThan(300);
  const { id } = (await created.json()) as { id: string };
  return { email, password, id };
}

let axeSource: string | undefined;

/**
 * Runs axe-core (WCAG 2 A/AA and best-practice rules) on the page and fails on any violation.
 * The installed axe-core is evaluated in the page through the DevTools protocol, which the page's
 * content security policy does not govern, so the journeys keep the real CSP (an injected script
 * tag would need the CSP switched off for the whole test).
 */
export async function expectNoAxeViolations(page: Page, context?: string): Promise<void> {
  // Axe checks a drawn page. Every page has its h1 (axe's page-has-heading-one), and a page the
  // browser renders itself draws it a moment after the load event (the app renders in a
  // transition), so wait for it instead of checking the empty shell.
  await expect(page.locator('h1').first(), `an h1 on ${context ?? page.url()}`).toBeVisible();
  // Colours are checked as drawn: something fading in (a toast, a dialog) is measured once its
  // animation has ended, not halfway. Endless ones (spinners, skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) {
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; help: string; nodes: { target: unknown }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5),
    }));
  });
  expect(violations, `axe violations${context ? ` on ${context}` : ''}`).toEqual([]);
}

/**
 * Fails when a table does not fit its frame and would scroll sideways, hiding its last columns
 * (at the journeys' 1280 px desktop width every table is expected to fit).
 */
export async function expectTableFits(table: Locator, context: string): Promise<void> {
  await expect(table).toBeVisible();
  const overflow = await table.evaluate((element) => {
    for (let box = element.parentElement; box; box = box.parentElement)
      if (/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX))
        return box.scrollWidth - box.clientWidth;
    return 0;
  });
  expect(overflow, `${context}: pixels of the table scrolled out of its frame`).toBeLessThanOrEqual(
    1,
  );
}

/**
 * The journeys' `test`: fails a test when the page reports a content security policy violation
 * or an uncaught error, so the real CSP is exercised by every journey.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations and uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fails unless every tab of `tablist` is whole, inside the list (none cut off at its edge). */
export async function expectTabsFit(tablist: Locator): Promise<void> {
  const cut = await tablist.evaluate((list) => {
    const frame = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="tab"]')]
      .filter((tab) => {
        const box = tab.getBoundingClientRect();
        return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
      })
      .map((tab) => tab.textContent);
  });
  expect(cut, 'tabs cut off at the edge of their row').toEqual([]);
}

/**
 * Escape pressed to close a dialog, menu or popover that has just opened. Radix listens for
 * Escape only from the render after its layer mounts, while the focus moves into the layer at
 * mount, so a key pressed in that first moment goes unseen: no person types that fast, a test
 * does. The key is pressed again while the layer stays open; a layer that never closes on
 * Escape still fails.
 */
export async function closeWithEscape(page: Page, layer: Locator): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(layer).toBeHidden({ timeout: 1_000 });
  }).toPass();
}
