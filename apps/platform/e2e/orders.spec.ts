import type { Page } from '@playwright/test';
import {
  asService,
  demoAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  insertProduct,
  login,
  payByCard,
  signIn,
  stack,
  test,
  type CheckoutAddress,
} from './support/fixtures.ts';

// The money flow from the merchant's side: a guest buys through the local test checkout and
// gives a shipping address; the merchant finds the order, with that address, on /vendor/orders.
// Stock is reserved when a checkout starts, so a second shopper cannot check out more than what
// is left.

const ADDRESS: CheckoutAddress = {
  name: 'Robin Hart',
  line1: '12 Fern Street',
  line2: 'Flat 3',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  country: 'GB',
};

const cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Opens the product's page and puts `quantity` in the cart. */
async function addToCart(page: Page, slug: string, name: string, quantity: number) {
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${quantity} in your cart`)).toBeVisible();
}

test('a guest gives a shipping address at checkout, and the merchant sees the order with it', async ({
  browser,
  page,
}) => {
  const merchant = demoAccount('merchant@verdant.test');
  const { userId: merchantId } = await signIn(merchant);
  const name = `Linen produce bags ${Date.now().toString(36)}`;
  const { slug } = await insertProduct(merchantId, {
    name,
    price_cents: 1800,
    status: 'approved',
    stock: 3,
  });
  // The product leaves the shop when the journey ends, so the shop's journeys (which take the
  // shop's newest products) never meet its last unit.
  cleanups.push(() =>
    fetch(new URL(`/rest/v1/products?slug=eq.${slug}`, stack.apiUrl), {
      method: 'PATCH',
      headers: asService({ 'content-type': 'application/json' }),
      body: JSON.stringify({ status: 'archived' }),
    }).then((res) => expect(res.ok).toBe(true)),
  );

  // A second shopper has two in the cart, and the cart open, while three are still in stock.
  const otherContext = await browser.newContext({ baseURL: stack.webUrl });
  const other = await otherContext.newPage();
  await addToCart(other, slug, name, 2);
  await other.goto('/cart');
  await expect(other.getByRole('button', { name: /^Check out with / })).toBeEnabled();

  // The guest buys two.
  await addToCart(page, slug, name, 2);
  await page.goto('/cart');
  await page.getByRole('button', { name: /^Check out with / }).click();
  await expect(page).toHaveURL(/\/local-checkout\/c\//);
  await expect(page.getByRole('heading', { name: 'Shipping address' })).toBeVisible();
  await expectNoAxeViolations(page, 'the local test checkout with its shipping address');

  // Nothing given for the address: each field says what it needs, and nothing is paid.
  await page.getByLabel('Email').fill('robin.hart@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Robin Hart');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/local-checkout\/c\/.*\?attempt=/);
  await expect(page.getByLabel('Full name for delivery')).toHaveAccessibleDescription(
    'Enter the name to deliver to.',
  );
  await expect(page.getByLabel('Address line 1')).toHaveAccessibleDescription(
    'Enter the street address.',
  );
  await expect(page.getByLabel('City')).toHaveAccessibleDescription('Enter the city or town.');
  await expect(page.getByLabel('Postal code')).toHaveAccessibleDescription(
    'Enter the postal code.',
  );
  await expect(page.getByLabel('Full name for delivery')).toBeFocused();
  await expectNoAxeViolations(page, 'the local test checkout, address missing');

  await payByCard(page, {
    card: '4242 4242 4242 4242',
    name: 'Robin Hart',
    submit: 'Pay',
    address: ADDRESS,
  });
  await expect(page).toHaveURL(/\/payment-success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you, payment received' })).toBeVisible();
  await expect(page.getByText('Shipping to Bristol, United Kingdom')).toBeVisible();
  await expectNoAxeViolations(page, '/payment-success with where it ships');
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const reference = orderId.slice(0, 8).toUpperCase();

  // The second shopper's cart still says three were in stock; the checkout finds one left.
  await other.getByRole('button', { name: /^Check out with / }).click();
  await expect(other.getByText('The checkout could not start')).toBeVisible();
  await expect(other.getByText(`Only 1 of "${name}" left in stock`)).toBeVisible();
  await expect(other).toHaveURL(/\/cart$/);
  await expectNoAxeViolations(other, '/cart, more than is left in stock');
  await otherContext.close();

  // The merchant finds the order first on /vendor/orders, with every line of the address.
  await login(page, merchant, /\/dashboard-vendor$/);
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Orders', exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/vendor\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your orders' });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('rowheader')).toContainText(reference);
  await expect(row).toContainText(`2 × ${name} at $18.00`);
  await expect(row).toContainText('$36.00');
  await expect(row).toContainText('Buyer: robin.hart@example.com');
  await expect(row).toContainText('Paid');
  const address = row.getByRole('list', { name: `Shipping address of order ${reference}` });
  const lines = ['Robin Hart', '12 Fern Street', 'Flat 3', 'Bristol BS1 4DJ', 'United Kingdom'];
  await expect(address.getByRole('listitem')).toHaveText(lines);
  // At 1280 px the table fits beside the sidebar: the address shows without scrolling sideways.
  await expectTableFits(table, '/vendor/orders');
  await expect(address.getByText('United Kingdom', { exact: true })).toBeInViewport();
  await expectNoAxeViolations(page, '/vendor/orders');
  const wide = test.info().outputPath('vendor-orders-1280.png');
  await page.screenshot({ path: wide });
  await test.info().attach('/vendor/orders at 1280 px', { path: wide, contentType: 'image/png' });

  // At 360 px each order is a block, and every line of its address is there to read.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const line of lines) await expect(address.getByText(line, { exact: true })).toBeVisible();
  const fits = await address.evaluate((list) =>
    [list, ...list.querySelectorAll('*')].every(
      (node) =>
        node.scrollWidth <= node.clientWidth + 1 &&
        node.getBoundingClientRect().right <= document.documentElement.clientWidth,
    ),
  );
  expect(fits).toBe(true);
  await expectNoAxeViolations(page, '/vendor/orders at 360 px');
  const narrow = test.info().outputPath('vendor-orders-360.png');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: narrow });
  await test.info().attach('/vendor/orders at 360 px', { path: narrow, contentType: 'image/png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Narrowed to refunded orders, and a page number past the end: the address keeps the status
  // and the list comes back on its last page.
  await page.goto('/vendor/orders?status=refunded&page=999');
  await expect(page).toHaveURL(/\/vendor\/orders\?status=refunded(&page=\d+)?$/);
  await expect(page.getByLabel('Status')).toHaveValue('refunded');
  await expectNoAxeViolations(page, '/vendor/orders, refunded only');
});

test('a merchant without sales finds an empty orders page that says what comes there', async ({
  page,
}) => {
  await login(
    page,
    demoAccount('newmerchant@verdant.test'),
    /\/(dashboard-vendor|vendor-onboarding)/,
  );
  await page.goto('/vendor/orders');
  await expect(page.getByRole('heading', { level: 2, name: 'No orders yet' })).toBeVisible();
  await expect(
    page.getByText('Orders appear here as soon as a shopper pays for one of your products.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/vendor/orders, empty');
  await page.goto('/vendor/orders?status=partially_refunded');
  await expect(page.getByRole('heading', { level: 2, name: 'No orders match' })).toBeVisible();
  await page.getByRole('button', { name: 'Show all orders' }).click();
  await expect(page).toHaveURL(/\/vendor\/orders$/);
  await expectNoAxeViolations(page, '/vendor/orders, empty after a filter');
});

test('a shopper back from the checkout who changes the cart checks out the new cart, not held back by the old checkout', async ({
  page,
}) => {
  const merchant = demoAccount('merchant@verdant.test');
  const { userId: merchantId } = await signIn(merchant);
  const name = `Beeswax wraps ${Date.now().toString(36)}`;
  const { slug } = await insertProduct(merchantId, {
    name,
    price_cents: 1200,
    status: 'approved',
    stock: 3,
  });
  cleanups.push(() =>
    fetch(new URL(`/rest/v1/products?slug=eq.${slug}`, stack.apiUrl), {
      method: 'PATCH',
      headers: asService({ 'content-type': 'application/json' }),
      body: JSON.stringify({ status: 'archived' }),
    }).then((res) => expect(res.ok).toBe(true)),
  );

  // Two of the three in stock: the checkout opens and holds them.
  await addToCart(page, slug, name, 2);
  await page.goto('/cart');
  await page.getByRole('button', { name: /^Check out with / }).click();
  await expect(page).toHaveURL(/\/local-checkout\/c\//);
  await expect(page.getByText('$24.00').first()).toBeVisible();
  const earlier = page.url();

  // Back to the cart, and one more: three are for sale, and the new checkout gets them all.
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  // Read again: one left for sale, and the two this checkout holds are the shopper's own.
  await page.reload();
  await expect(page.getByText('Only 1 in stock')).toHaveCount(0);
  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await quantity.fill('3');
  await quantity.press('Tab');
  await page.getByRole('button', { name: /^Check out with / }).click();
  await expect(page).toHaveURL(/\/local-checkout\/c\//);
  await expect(page.getByText('$36.00').first()).toBeVisible();
  expect(page.url()).not.toBe(earlier);
  await payByCard(page, {
    card: '4242 4242 4242 4242',
    email: 'robin.hart@example.com',
    name: 'Robin Hart',
    submit: 'Pay',
    address: ADDRESS,
  });
  await expect(page).toHaveURL(/\/payment-success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you, payment received' })).toBeVisible();

  // The earlier checkout was closed when the new one opened: it can no longer be paid.
  await page.goto(earlier);
  await expect(
    page.getByText('This checkout session has expired.', { exact: false }),
  ).toBeVisible();
});
