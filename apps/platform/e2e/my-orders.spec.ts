import type { Locator, Page } from '@playwright/test';
import {
  asService,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  insertProduct,
  login,
  payByCard,
  signIn,
  stack,
  test,
  type CheckoutAddress,
} from './support/fixtures.ts';

// The buyer's side of an order: a signed-in shopper pays through the local test checkout and
// finds the order afterwards on /orders ("Your orders"), with what was bought, from whom, the
// total, its status and where it ships. A new account finds the page empty with the way to the
// shop; a guest is asked to log in first.

const PASSWORD = 'Fern&Market26';

const ADDRESS: CheckoutAddress = {
  name: 'Robin Hart',
  line1: '12 Fern Street',
  line2: 'Flat 3',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  country: 'GB',
};
const ADDRESS_LINES = [
  'Robin Hart',
  '12 Fern Street',
  'Flat 3',
  'Bristol BS1 4DJ',
  'United Kingdom',
];

const cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A product of the demo merchant for this journey alone, and the merchant's company name. */
async function productOfDemoMerchant(): Promise<{ name: string; slug: string; company: string }> {
  const { userId } = await signIn(demoAccount('merchant@verdant.test'));
  const name = `Beeswax food wraps ${Date.now().toString(36)}`;
  const { slug } = await insertProduct(userId, {
    name,
    price_cents: 1800,
    status: 'approved',
    stock: 10,
  });
  // The product leaves the shop when the journey ends, so the shop's journeys (which take the
  // shop's newest products) never meet it.
  cleanups.push(() =>
    fetch(new URL(`/rest/v1/products?slug=eq.${slug}`, stack.apiUrl), {
      method: 'PATCH',
      headers: asService({ 'content-type': 'application/json' }),
      body: JSON.stringify({ status: 'archived' }),
    }).then((res) => expect(res.ok).toBe(true)),
  );
  const res = await fetch(
    new URL(`/rest/v1/merchant_profiles?select=company_name&id=eq.${userId}`, stack.apiUrl),
    { headers: asService() },
  );
  const [merchant] = (await res.json()) as { company_name: string }[];
  return { name, slug, company: merchant!.company_name };
}

/** Whether nothing in `element` is cut off or reaches past the right edge of the window. */
function fitsTheWindow(element: Locator): Promise<boolean> {
  return element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].every(
      (node) =>
        node.scrollWidth <= node.clientWidth + 1 &&
        node.getBoundingClientRect().right <= document.documentElement.clientWidth,
    ),
  );
}

async function screenshot(page: Page, name: string, title: string) {
  const path = test.info().outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(title, { path, contentType: 'image/png' });
}

test('a signed-in shopper pays, follows “See your orders” and finds the order with its item, total, status and address', async ({
  page,
}) => {
  const product = await productOfDemoMerchant();
  const buyer = await createAccount('my-orders', PASSWORD, {
    name: 'Robin Hart',
    role: 'affiliate',
  });
  await login(page, buyer, /\/dashboard$/);

  // Two of the product, paid by card, shipped to Bristol.
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('2 in your cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: /^Check out with / }).click();
  await payByCard(page, {
    card: '4242 4242 4242 4242',
    name: 'Robin Hart',
    submit: 'Pay',
    address: ADDRESS,
  });
  await expect(page).toHaveURL(/\/payment-success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Thank you, payment received' })).toBeVisible();
  const reference = new URL(page.url()).searchParams.get('order')!.slice(0, 8).toUpperCase();
  const seeOrders = page.getByRole('link', { name: 'See your orders' });
  await expect(seeOrders).toBeVisible();
  await expectNoAxeViolations(page, '/payment-success with the way to the buyer’s orders');

  await seeOrders.click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders.getByRole('listitem').filter({ has: page.getByRole('article') })).toHaveCount(
    1,
  );
  const order = orders.getByRole('article', { name: `Order ${reference}` });
  await expect(order.getByText('Paid', { exact: true })).toBeVisible();
  // Paid on a day, from the demo merchant's company.
  await expect(order.getByText(/^Paid [A-Z][a-z]{2} \d{1,2}, \d{4} · from /)).toContainText(
    `from ${product.company}`,
  );
  const items = order.getByRole('list', { name: `Items of order ${reference}` });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await expect(items.getByRole('listitem')).toContainText(`2 × ${product.name}`);
  await expect(items.getByRole('listitem')).toContainText('$18.00 each');
  await expect(items.getByRole('listitem')).toContainText('$36.00');
  await expect(order.getByText('Total', { exact: true })).toBeVisible();
  await expect(order).toContainText('Total$36.00');
  const address = order.getByRole('list', { name: `Shipping address of order ${reference}` });
  await expect(address.getByRole('listitem')).toHaveText(ADDRESS_LINES);
  await expectNoAxeViolations(page, '/orders');
  await screenshot(page, 'my-orders-1280.png', '/orders at 1280 px');

  // At 360 px the order is still whole: every line of its address there to read.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const line of ADDRESS_LINES)
    await expect(address.getByText(line, { exact: true })).toBeVisible();
  expect(await fitsTheWindow(order)).toBe(true);
  await expectNoAxeViolations(page, '/orders at 360 px');
  await screenshot(page, 'my-orders-360.png', '/orders at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The product's name leads back to its page in the shop.
  await items.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  // The account menu leads to the orders from anywhere.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Your orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(orders.getByRole('article', { name: `Order ${reference}` })).toBeVisible();

  // Checkouts that ended unpaid are there on request only; the choice is kept in the address.
  const notCompleted = page.getByRole('checkbox', {
    name: 'Show checkouts that were not completed',
  });
  await expect(notCompleted).not.toBeChecked();
  await notCompleted.click();
  await expect(page).toHaveURL(/\/orders\?show=all$/);
  await expect(notCompleted).toBeChecked();
  await expect(orders.getByRole('article', { name: `Order ${reference}` })).toBeVisible();
  await expectNoAxeViolations(page, '/orders?show=all');
  // A page past the last (an old bookmark) comes back as the last page.
  await page.goto('/orders?page=9');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(orders.getByRole('article', { name: `Order ${reference}` })).toBeVisible();
});

test('a guest opening /orders logs in first; an account without orders finds the way to the shop', async ({
  page,
}) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?next=%2Forders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Verdant' })).toBeVisible();

  const account = await createAccount('no-orders', PASSWORD, {
    name: 'Nell New',
    role: 'merchant',
  });
  await login(page, account, /\/orders$/, { stay: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No orders yet' })).toBeVisible();
  await expect(
    page.getByText(
      'Orders you pay for in the shop appear here, with their items and where they ship.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/orders, no orders');
  await screenshot(page, 'my-orders-empty-1280.png', '/orders without orders at 1280 px');
  await page.getByRole('link', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});
