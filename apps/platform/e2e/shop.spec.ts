import type { Locator, Page } from '@playwright/test';
import {
  asService,
  demoAccount,
  expect,
  expectNoAxeViolations,
  insertProduct,
  login,
  logout,
  payByCard,
  saleCommission,
  signIn,
  stack,
  test,
  uniqueEmail,
  closeWithEscape,
} from './support/fixtures.ts';

/** A seeded, active tracked link of the demo affiliate pointing at a product that is for sale. */
async function affiliateProductLink(): Promise<{
  code: string;
  destination: string;
  affiliateId: string;
}> {
  const { userId } = await signIn(demoAccount('affiliate@verdant.test'));
  const rest = (path: string) =>
    fetch(new URL(path, stack.apiUrl), { headers: asService() }).then((r) => r.json());
  // Attribution needs an active program the affiliate is approved in.
  const memberships = (await rest(
    `/rest/v1/program_memberships?select=program_id&status=eq.approved&affiliate_id=eq.${userId}`,
  )) as { program_id: string }[];
  const approved = new Set(memberships.map((m) => m.program_id));
  const rows = (
    (await rest(
      `/rest/v1/affiliate_links?select=code,destination_url,program_id,products!inner(status,stock),affiliate_programs!inner(status)&affiliate_id=eq.${userId}&is_active=eq.true&products.status=eq.approved&affiliate_programs.status=eq.active&order=code`,
    )) as {
      code: string;
      destination_url: string;
      program_id: string;
      products: { stock: number | null };
    }[]
  ).filter((row) => approved.has(row.program_id));
  const link = rows.find((row) => row.products.stock === null || row.products.stock > 5);
  if (!link) throw new Error('the seed has no active product link of the demo affiliate');
  return { code: link.code, destination: link.destination_url, affiliateId: userId };
}

function pay(page: Page, card: string) {
  return payByCard(page, {
    card,
    name: 'Robin Hart',
    email: 'robin.hart@example.com',
    submit: 'Pay',
  });
}

/** Whether an element's text shows in full: nothing in it is cut short or overflows its box. */
function showsInFull(element: Locator): Promise<boolean> {
  return element.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].every(
      (node) =>
        node.scrollWidth <= node.clientWidth + 1 &&
        getComputedStyle(node).textOverflow !== 'ellipsis' &&
        node.getBoundingClientRect().right <= document.documentElement.clientWidth,
    ),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a product page from the shop and puts it in the cart. */
async function addFirstProduct(page: Page): Promise<string> {
  await page.goto('/shop');
  const first = page.getByRole('list', { name: 'Products' }).getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('1 in your cart')).toBeVisible();
  return name;
}

test.describe('shop and checkout', () => {
  test('a visitor from a tracked link buys a product and the affiliate sees the sale arrive live', async ({
    browser,
    page,
  }) => {
    // The affiliate has the dashboard open before the sale; it must arrive without a reload.
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await expect(page.getByText('New sales appear here as they happen.')).toBeVisible();
    await expectNoAxeViolations(page, '/dashboard, live');
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    // The visitor's own browser: the tracker sets no attribution cookie for bots, and headless
    // Chromium announces itself as one, so the visitor uses the headed browser's user agent.
    const agent = await page.evaluate(() => navigator.userAgent);
    const visitorContext = await browser.newContext({
      baseURL: stack.webUrl,
      userAgent: agent.replace('HeadlessChrome', 'Chrome'),
    });
    const visitor = await visitorContext.newPage();
    const link = await affiliateProductLink();
    await visitor.goto(`/go/${link.code}`);
    await expect(visitor).toHaveURL(new RegExp(`${link.destination.replace(/[?]/g, '\\?')}$`));
    const name = (await visitor.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(visitor.getByRole('heading', { name: 'Estimated footprint' })).toBeVisible();
    await expect(
      visitor.getByRole('heading', { name: 'Verified claims about this product' }),
    ).toBeVisible();
    // Every company-wide claim is the same badge, with or without an expiry date, and opens its
    // evidence.
    const claims = visitor.getByRole('list', { name: /^About .+: verified claims$/ });
    const claimCount = await claims.getByRole('listitem').count();
    expect(claimCount).toBeGreaterThan(0);
    await expect(claims.getByRole('button', { name: /\. Show evidence$/ })).toHaveCount(claimCount);
    await expectNoAxeViolations(visitor, 'product detail');

    await visitor.getByRole('button', { name: 'Add to cart' }).click();
    await expect(visitor.getByText('1 in your cart')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText('1 in your cart')).toBeVisible();
    await visitor.getByRole('link', { name: 'Cart (1)' }).click();
    await expect(visitor.getByRole('link', { name })).toBeVisible();
    await visitor.getByRole('button', { name: /^Check out with / }).click();

    await pay(visitor, '4242 4242 4242 4242');
    await expect(visitor).toHaveURL(/\/payment-success\?order=[0-9a-f-]{36}$/);
    await expect(
      visitor.getByRole('heading', { name: 'Thank you, payment received' }),
    ).toBeVisible();
    await expect(
      visitor.getByRole('list', { name: 'Ordered products' }).getByText(`1 × ${name}`),
    ).toBeVisible();
    await expectNoAxeViolations(visitor, '/payment-success');
    // The order is paid and attributed to the affiliate whose link the visitor followed.
    const orderId = new URL(visitor.url()).searchParams.get('order');
    const [order] = (await (
      await fetch(
        new URL(
          `/rest/v1/orders?select=status,attributed_affiliate_id&id=eq.${orderId}`,
          stack.apiUrl,
        ),
        { headers: asService() },
      )
    ).json()) as { status: string; attributed_affiliate_id: string | null }[];
    expect(order).toEqual({ status: 'paid', attributed_affiliate_id: link.affiliateId });
    // The paid products left the cart.
    await visitor.goto('/cart');
    await expect(visitor.getByText('Your cart is empty')).toBeVisible();

    // The affiliate whose link it was sees the commission of this sale on the open dashboard:
    // announced, and in the refreshed figures, with no reload.
    await visitorContext.close();
    const amount = await saleCommission(String(orderId));
    await expect(page.getByRole('status', { name: 'New sales' })).toContainText(
      `New sale: ${amount} commission`,
    );
    const commissions = page.getByRole('table', { name: 'Recent commissions' });
    // The newest commission (first row after the header) is this sale's, through this link.
    await expect(commissions.getByRole('row').nth(1)).toContainText(`/go/${link.code}`);
    await expect(commissions.getByRole('row').nth(1)).toContainText('Pending');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expectNoAxeViolations(page, '/dashboard with a new sale');
  });

  test('the shop searches and filters; a declined card and a cancelled checkout keep the cart', async ({
    page,
  }) => {
    await page.goto('/shop');
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page, '/shop');
    const firstName = (await grid.getByRole('link').first().textContent()) ?? '';
    const word = firstName.split(' ').find((w) => w.length > 3) ?? firstName;
    await page.getByLabel('Search products').fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
    await expect(grid.getByRole('link', { name: firstName })).toBeVisible();
    await page.getByLabel('Search products').fill('zzz-no-such-product');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
    // The way out of an empty search: every product again, and the search field cleared.
    await page.getByRole('link', { name: 'Show all products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByLabel('Search products')).toHaveValue('');
    await expect(grid.getByRole('link', { name: firstName })).toBeVisible();
    await page.goto('/products');
    const category = page.getByRole('combobox', { name: 'Category' });
    await category.selectOption({ label: 'Personal care' });
    await expect(page).toHaveURL(/category=personal-care/);
    await page.goto('/products?category=home');
    await expect(category).toHaveValue('home');
    // A page number past the end (an old bookmark) shows the last page, not an error.
    await page.goto('/shop?page=999');
    await expect(page).toHaveURL(/\/shop(\?page=\d{1,2})?$/);
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('999');
    await expect(grid.getByRole('article').first()).toBeVisible();
    await expect(page.getByText('The products could not be loaded')).toHaveCount(0);
    // Another page starts at the top of the results, not down at the page links.
    await page.goto('/shop');
    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const count = page.getByRole('status').filter({ hasText: /products?$/ });
    await expect(count).toBeFocused();
    await expect(count).toBeInViewport();
    // A search longer than the field takes, in an address typed elsewhere, is cut to it.
    await page.goto(`/shop?q=${'soap'.padEnd(150, 'x')}`);
    await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveValue('soap'.padEnd(100, 'x'));
    await expect(page.getByText('The products could not be loaded')).toHaveCount(0);

    const name = await addFirstProduct(page);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name })).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
    await quantity.fill('4');
    await expect(quantity).toHaveValue('4');
    // A quantity above the merchant's stock (it sold some since) is said at the field; checking
    // out stays here and takes the focus there.
    // (The product's stock set low for the check, as a merchant would, and put back after it.)
    const product = `${stack.apiUrl}/rest/v1/products?name=eq.${encodeURIComponent(name)}`;
    const [row] = (await (
      await page.request.get(`${product}&select=stock`, { headers: asService() })
    ).json()) as { stock: number | null }[];
    const before = row?.stock ?? null;
    const stock = 3;
    expect(
      (await page.request.patch(product, { headers: asService(), data: { stock } })).status(),
    ).toBe(204);
    await page.reload();
    await expect(quantity).toHaveValue('4');
    await expect(quantity).toHaveAccessibleDescription(`Only ${stock} in stock`);
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: /^Check out with / }).click();
    await expect(quantity).toBeFocused();
    await expect(page).toHaveURL(/\/cart$/);
    await expectNoAxeViolations(page, '/cart, more than in stock');
    // Typing more than there is stops at the stock, says why, and stays so after a reload.
    await quantity.fill('9999');
    await expect(quantity).toHaveValue(String(stock));
    await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription(`Only ${stock} in stock`);
    await expect(page.getByRole('status').filter({ hasText: `set to ${stock}` })).toHaveText(
      `Only ${stock} in stock: ${name} set to ${stock}.`,
    );
    // A change within the stock takes that announcement back: it no longer holds.
    await quantity.fill('1');
    await expect(page.getByRole('status').filter({ hasText: 'set to' })).toHaveCount(0);
    await quantity.fill('9999');
    await expect(quantity).toHaveValue(String(stock));
    await page.reload();
    await expect(quantity).toHaveValue(String(stock));
    await expectNoAxeViolations(page, '/cart, at the stock');
    await quantity.fill('1');
    await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
    expect(
      (
        await page.request.patch(product, { headers: asService(), data: { stock: before } })
      ).status(),
    ).toBe(204);
    await expectNoAxeViolations(page, '/cart');
    const checkOut = page.getByRole('button', { name: /^Check out with / });
    const merchant = ((await checkOut.textContent()) ?? '').replace(/^Check out with /, '');
    await checkOut.click();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    const checkoutUrl = page.url();
    // The test checkout names who is paid, as the cart did.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${merchant}`);
    await expect(page.getByText('Test checkout by Verdant')).toBeVisible();
    // Several fields wrong: every one says so at once, and the first takes the focus.
    await page.getByLabel('Card number').fill('4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    for (const [label, message] of [
      ['Email', 'Enter your email address.'],
      ['Full name for delivery', 'Enter the name to deliver to.'],
      ['Address line 1', 'Enter the street address.'],
      ['Country', 'Choose the country to ship to.'],
      ['Card number', 'Your card number is incomplete.'],
      ['Expiry', "Your card's expiration date is incomplete."],
      ['CVC', "Your card's security code is incomplete."],
      ['Name on card', 'Enter the name on the card.'],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expectNoAxeViolations(page, 'the local test checkout, every field wrong');
    // The expiry takes the digits as typed and shows them as MM / YY.
    await page.getByLabel('Expiry').fill('');
    await page.getByLabel('Expiry').pressSequentially('1234');
    await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
    // The suggested declined card: the decline is an alert that takes the focus, and the CVC
    // (never sent back) is asked for again.
    await page.getByLabel('Email').fill('robin.hart@example.com');
    await page.getByLabel('Full name for delivery').fill('Robin Hart');
    await page.getByLabel('Address line 1').fill('12 Fern Street');
    await page.getByLabel('City').fill('Bristol');
    await page.getByLabel('Postal code').fill('BS1 4DJ');
    await page.getByLabel('Country').selectOption('GB');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Robin Hart');
    await page.getByRole('button', { name: 'Pay' }).click();
    const declined = page.getByRole('alert');
    await expect(declined).toHaveText('Your card was declined. Try another card.');
    await expect(declined).toBeFocused();
    await expect(page.getByLabel('Expiry')).toHaveValue('12 / 34');
    await expect(page.getByLabel('CVC')).toHaveValue('');
    await expect(page.getByLabel('CVC')).toHaveAccessibleDescription('Enter the CVC again.');
    await expectNoAxeViolations(page, 'the local test checkout, declined');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment-canceled\?order=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('order');
    await expect(page.getByRole('heading', { name: 'Payment canceled' })).toBeVisible();
    await expectNoAxeViolations(page, '/payment-canceled');
    await page.getByRole('link', { name: 'Back to your cart' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
    // The canceled checkout is still open (as on Stripe): checking the same cart out again
    // reopens it instead of placing a second order.
    await page.getByRole('button', { name: /^Check out with / }).click();
    await expect(page).toHaveURL(checkoutUrl);
    // Once that checkout has closed (its hour is over), the same cart starts a new one.
    const closed = await fetch(new URL(`/rest/v1/orders?id=eq.${orderId}`, stack.apiUrl), {
      method: 'PATCH',
      headers: { ...asService(), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'canceled' }),
    });
    expect(closed.ok).toBe(true);
    await page.goBack();
    await page.getByRole('button', { name: /^Check out with / }).click();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    expect(page.url()).not.toBe(checkoutUrl);

    // The return address confirms only what the database records: the closed checkout's order
    // was not paid (and its products stay in the cart), and a made-up order has no payment.
    await page.goto(`/payment-success?order=${orderId}`);
    await expect(page.getByRole('heading', { name: 'This order was not paid' })).toBeVisible();
    await expect(page.getByText('Thank you, payment received')).toHaveCount(0);
    await expectNoAxeViolations(page, '/payment-success, an order not paid');
    await page.getByRole('link', { name: 'Back to your cart' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.goto('/payment-success?order=00000000-0000-4000-8000-00000000ffff');
    await expect(page.getByText('There is no payment to show for this address.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment');
  });

  test('a checkout whose answer is lost, or left with Back, is tried again into the same order', async ({
    page,
  }) => {
    const name = await addFirstProduct(page);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name })).toBeVisible();
    // The first request reaches the server and makes the order, but its answer never arrives.
    const first = new Promise<{ key: string; orderId: string }>((resolve) => {
      void page.route(
        '**/api/checkout',
        async (route) => {
          const answer = await route.fetch();
          const { orderId } = (await answer.json()) as { orderId: string };
          resolve({ key: route.request().headers()['idempotency-key'] ?? '', orderId });
          await route.abort('connectionreset');
        },
        { times: 1 },
      );
    });
    const checkOut = page.getByRole('button', { name: /^Check out with / });
    await checkOut.click();
    await expect(page.getByRole('alert')).toContainText('never placed twice');
    const lost = await first;
    expect(lost.key).toMatch(/^[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page, '/cart (connection dropped)');

    await checkOut.click();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    const checkoutUrl = page.url();
    // Back from the checkout page: the cart is ready again, and checking out once more reopens
    // the same checkout.
    await page.goBack();
    await expect(checkOut).toBeEnabled();
    await expect(checkOut).not.toHaveAttribute('data-loading');
    await checkOut.click();
    await expect(page).toHaveURL(checkoutUrl);
    await pay(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(`/payment-success?order=${lost.orderId}`);
    const orders = (await fetch(
      new URL(`/rest/v1/orders?select=id,status&checkout_key=eq.${lost.key}`, stack.apiUrl),
      { headers: asService() },
    ).then((r) => r.json())) as { id: string; status: string }[];
    expect(orders).toEqual([
      { id: lost.orderId, status: expect.stringMatching(/^(pending|paid)$/) },
    ]);
  });

  test('a product shows the claims about it apart from its merchant’s, and never another product’s', async ({
    page,
  }) => {
    // A claim about another of the merchant's products is not the tee's.
    await page.goto('/shop/organic-cotton-tee');
    await expect(page.getByRole('heading', { level: 1, name: 'Organic Cotton Tee' })).toBeVisible();
    await expect(
      page.getByText('Tidewater Outfitters has no verified claims about this product yet.'),
    ).toBeVisible();
    const tidewater = page.getByRole('list', {
      name: 'About Tidewater Outfitters: verified claims',
    });
    // A policy the merchant states about itself, reviewed by Verdant: no third party is named as
    // its issuer (the merchant vouching for itself would read as independent verification).
    const repairs = tidewater.getByRole('button', {
      name: /^Free lifetime repairs on every product we sell\./,
    });
    await expect(repairs).toBeVisible();
    await repairs.click();
    const evidence = page.getByRole('dialog');
    await expect(evidence).toContainText('Verified by Verdant');
    await expect(evidence).not.toContainText('Tidewater Outfitters');
    await closeWithEscape(page, evidence);
    await expect(page.getByText(/recycled polyester/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'product detail, company-wide claims only');
    // The seller's name leads to the shop narrowed to its products.
    await page.getByRole('link', { name: 'Tidewater Outfitters', exact: true }).click();
    await expect(page.getByText('Showing products from Tidewater Outfitters')).toBeVisible();
    await page.goBack();

    // The jacket's own claim is its, and not a company-wide one.
    await page.goto('/shop/recycled-rain-jacket');
    const own = page.getByRole('list', { name: 'Verified claims about this product' });
    await expect(own.getByRole('button', { name: /recycled polyester/ })).toBeVisible();
    await expect(tidewater.getByRole('button', { name: /recycled polyester/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'product detail, with claims about the product');

    await page.goto('/shop/cold-brew-bottle');
    await expect(
      page
        .getByRole('list', { name: 'About Sprout & Sage Kitchen: verified claims' })
        .getByRole('button', { name: /^Organic ingredients only\./ }),
    ).toBeVisible();
    await expect(page.getByText(/Fairtrade/)).toHaveCount(0);
    // One word for the category wherever it is named.
    await expect(page.getByText('Food & drink', { exact: true })).toBeVisible();
    await page.goto('/shop');
    await expect(page.getByRole('combobox', { name: 'Category' })).toContainText('Food & drink');

    // The shop's cards: the coffee's own claim, and the merchant's under their heading; the
    // bottle, from the same merchant, has only the latter.
    const grid = page.getByRole('list', { name: 'Products' });
    const coffee = grid.getByRole('article').filter({ hasText: 'Fair-Trade Coffee Beans, 500 g' });
    await expect(
      coffee
        .getByRole('group', { name: 'Verified claims about this product' })
        .getByRole('button', { name: /^Coffee, tea and spices are Fairtrade certified\./ }),
    ).toBeVisible();
    const bottle = grid.getByRole('article').filter({ hasText: 'Cold Brew Bottle' });
    await expect(
      bottle
        .getByRole('group', { name: 'About Sprout & Sage Kitchen: verified claims' })
        .getByRole('button', { name: /^Organic ingredients only\./ }),
    ).toBeVisible();
    await expect(bottle.getByRole('button', { name: /Fairtrade/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/shop with claims');

    // On a phone the claim wraps in full: never cut short.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/shop/fair-trade-coffee-beans');
    const claim = page
      .getByRole('list', { name: 'Verified claims about this product' })
      .getByRole('button', { name: /^Coffee, tea and spices are Fairtrade certified\./ });
    await expect(claim).toBeVisible();
    expect(await showsInFull(claim)).toBe(true);
  });

  test('a storefront card shows its product’s claims apart from the merchant’s, in full', async ({
    page,
  }) => {
    const rest = async <T>(path: string): Promise<T> =>
      (await (
        await page.request.get(`${stack.apiUrl}${path}`, { headers: asService() })
      ).json()) as T;
    // A published storefront with a product that has a claim of its own.
    const tied = await rest<{ product_id: string; claim: string }[]>(
      '/rest/v1/sustainability_claims?select=product_id,claim&review_status=eq.approved&product_id=not.is.null',
    );
    const items = await rest<{ product_id: string; storefronts: { slug: string } }[]>(
      `/rest/v1/storefront_items?select=product_id,storefronts!inner(slug)&storefronts.is_published=eq.true&product_id=in.(${tied.map((c) => c.product_id).join(',')})`,
    );
    const item = items[0];
    if (!item) throw new Error('the seed has no published storefront with a product claim');
    const [product] = await rest<{ id: string; name: string; merchant_id: string }[]>(
      `/rest/v1/products?select=id,name,merchant_id&id=eq.${item.product_id}`,
    );
    const company = await rest<{ claim: string }[]>(
      `/rest/v1/sustainability_claims?select=claim&review_status=eq.approved&product_id=is.null&merchant_id=eq.${product!.merchant_id}`,
    );
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/s/${item.storefronts.slug}`);
      const card = page.getByRole('article').filter({
        has: page.getByRole('heading', { name: product!.name, exact: true }),
      });
      const own = card.getByRole('group', { name: 'Verified claims about this product' });
      const theirs = card.getByRole('group', { name: /^About .+: verified claims$/ });
      const ownClaims = tied.filter((c) => c.product_id === product!.id).map((c) => c.claim);
      await expect(own.getByRole('button')).toHaveCount(ownClaims.length);
      await expect(theirs.getByRole('button')).toHaveCount(company.length);
      for (const text of ownClaims) {
        const badge = own.getByRole('button', { name: new RegExp(`^${escapeRegExp(text)}`) });
        await expect(badge).toBeVisible();
        expect(await showsInFull(badge)).toBe(true);
      }
    }
    await expectNoAxeViolations(page, '/s/ with claims');
  });

  test('the cart caps a quantity at the stock, keeps the focus after a removal and fits a phone', async ({
    page,
  }) => {
    for (const slug of ['refillable-dish-soap', 'bamboo-toothbrush-set']) {
      await page.goto(`/shop/${slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 in your cart')).toBeVisible();
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/cart');
    const soap = 'Refillable Dish Soap, 1 L';
    const brush = 'Bamboo Toothbrush Set (4)';
    // A phone: Remove stands beside the product's name, not under the quantity field, and the
    // checkout button keeps its words on one line.
    const remove = page.getByRole('button', { name: `Remove ${soap}` });
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${soap}` });
    const name = page.getByRole('link', { name: soap });
    const [removeBox, quantityBox, nameBox] = await Promise.all(
      [remove, quantity, name].map(async (l) => (await l.boundingBox())!),
    );
    expect(removeBox!.y + removeBox!.height).toBeLessThanOrEqual(quantityBox!.y);
    expect(removeBox!.x).toBeGreaterThan(nameBox!.x + nameBox!.width);
    const checkOut = page.getByRole('button', { name: 'Check out with Evergreen Home Co.' });
    const lineHeight = await checkOut.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    const checkOutBox = (await checkOut.boundingBox())!;
    expect(checkOutBox.height).toBeLessThan(lineHeight * 2);
    await expectNoAxeViolations(page, '/cart on a phone');

    // A quantity can be cleared and typed again; one that cannot be the line's is said at the
    // field and, when left, gives way to the cart's quantity.
    const before = await quantity.inputValue();
    await quantity.press('Backspace');
    await expect(quantity).toHaveValue('');
    await expect(quantity).toHaveAccessibleDescription(/Enter a quantity/);
    await quantity.pressSequentially('0');
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription(/At least 1: use Remove/);
    await quantity.blur();
    await expect(quantity).toHaveValue(before);
    await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
    await quantity.fill('');
    await quantity.pressSequentially('2');
    await expect(quantity).toHaveValue('2');
    await quantity.blur();
    await expect(quantity).toHaveValue('2');

    // Removing a line moves the focus to the next line's Remove, then to the empty cart; Undo puts
    // a removed line back in its place.
    await remove.click();
    await expect(page.getByRole('button', { name: `Remove ${brush}` })).toBeFocused();
    await expect(page.getByText(`Removed ${soap} from your cart.`)).toBeAttached();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: /^Undo/ })
      .click();
    await expect(remove).toBeFocused();
    await expect(quantity).toHaveValue('2');
    await expect(page.getByRole('listitem').first()).toContainText(soap);
    await remove.press('Enter');
    await expect(page.getByRole('button', { name: `Remove ${brush}` })).toBeFocused();
    await page.getByRole('button', { name: `Remove ${brush}` }).press('Enter');
    await expect(page.getByText('Your cart is empty')).toBeFocused();
    await expectNoAxeViolations(page, '/cart emptied');
  });

  test('a shop narrowed to one merchant names it, and the filter clears', async ({ page }) => {
    const [merchant] = (await (
      await page.request.get(
        `${stack.apiUrl}/rest/v1/merchant_profiles?select=id&company_name=eq.Tidewater%20Outfitters`,
        { headers: asService() },
      )
    ).json()) as { id: string }[];
    await page.goto(`/shop?merchant=${merchant!.id}&category=apparel`);
    await expect(page.getByText('Showing products from Tidewater Outfitters')).toBeVisible();
    await expect(page).toHaveTitle('Tidewater Outfitters — Shop — Verdant');
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByRole('article').first()).toContainText('Tidewater Outfitters');
    await expectNoAxeViolations(page, '/shop for one merchant');
    await page.getByRole('link', { name: 'Show all merchants' }).click();
    await expect(page).toHaveURL(/\/shop\?category=apparel$/);
    await expect(page.getByText('Showing products from Tidewater Outfitters')).toHaveCount(0);
    await page.goto('/shop?merchant=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('This merchant does not sell on Verdant.')).toBeVisible();
  });

  test('a shopper sorts the shop by price, kept in the address and after a reload, by keyboard too', async ({
    page,
  }) => {
    const grid = page.getByRole('list', { name: 'Products' });
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    const count = page.getByRole('status').filter({ hasText: /products?$/ });
    /** The listed products' prices, in order, read from the cards as a shopper sees them. */
    const prices = async () =>
      (await grid.getByRole('article').allInnerTexts()).map((text) => {
        const price = /\$(\d[\d,]*\.\d{2})/.exec(text)?.[1];
        if (price === undefined) throw new Error(`no price on the card "${text}"`);
        return Number(price.replace(/,/g, ''));
      });
    const rising = (list: number[]) => [...list].sort((a, b) => a - b);

    // With a category (one page of it): newest first as before, with no sort in the address.
    await page.goto('/shop?category=home');
    await expect(count).toHaveText(/^\d+ products$/);
    await expect(sortBy).toHaveValue('newest');
    await expect(sortBy.getByRole('option', { selected: true })).toHaveText('Newest');
    const shown = await prices();
    expect(shown.length, 'home products on one page').toBeGreaterThan(2);
    expect(shown, 'the seed lists home products newest first, not by price').not.toEqual(
      rising(shown),
    );

    await sortBy.selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/shop\?category=home&sort=price-asc$/);
    await expect.poll(prices).toEqual(rising(shown));
    await expectNoAxeViolations(page, '/shop sorted by price');
    await page.reload();
    await expect(sortBy).toHaveValue('price-asc');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('home');
    await expect.poll(prices).toEqual(rising(shown));

    // By keyboard: the next choice with an arrow key, which reverses the order.
    await sortBy.focus();
    await page.keyboard.press('ArrowDown');
    await expect(sortBy).toHaveValue('price-desc');
    await expect(sortBy).toBeFocused();
    await expect(page).toHaveURL(/\/shop\?category=home&sort=price-desc$/);
    await expect.poll(prices).toEqual(rising(shown).reverse());

    // The whole shop over its pages: a new order starts at page 1, and page 2 goes on rising.
    await page.goto('/shop?page=2');
    await sortBy.selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\/shop\?sort=price-asc$/);
    const inOrder = async () => {
      const list = await prices();
      return list.join() === rising(list).join();
    };
    await expect.poll(inOrder).toBe(true);
    const firstPage = await prices();
    await page
      .getByRole('navigation', { name: 'Product pages' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/shop\?sort=price-asc&page=2$/);
    await expect.poll(async () => (await prices())[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
    expect(await inOrder()).toBe(true);

    // Back to the default: the address has no sort again. An unknown sort is the default, quietly.
    await sortBy.selectOption({ label: 'Newest' });
    await expect(page).toHaveURL(/\/shop$/);
    await page.goto('/shop?sort=cheapest-first');
    await expect(sortBy).toHaveValue('newest');
    await expect(grid.getByRole('article').first()).toBeVisible();
    await expect(page.getByText('The products could not be loaded')).toHaveCount(0);
  });

  test('pricing lists the tiers; a signed-in affiliate subscribes by card', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Affiliate Pro' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Merchant Growth' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Log in to subscribe to Affiliate Pro' }),
    ).toHaveAttribute('href', '/login?next=%2Fpricing');
    await expectNoAxeViolations(page, '/pricing');

    // A visitor without an account signs up from the plan and comes back to subscribe.
    await page.getByRole('link', { name: 'Sign up to subscribe to Affiliate Pro' }).click();
    await expect(page).toHaveURL(/\/signup\/affiliate\?next=%2Fpricing$/);
    await page.getByLabel('Name').fill('Rowan Pike');
    await page.getByLabel('Email').fill(uniqueEmail('pricing'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Canopy#Trail2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('button', { name: 'Subscribe to Affiliate Pro' })).toBeVisible();
    await logout(page);

    await login(page, demoAccount('affiliate2@verdant.test'), /\/dashboard$/);
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Subscribe to Affiliate Pro' })).toBeVisible();
    await expectNoAxeViolations(page, '/pricing, signed in');
    await page.getByRole('button', { name: 'Subscribe to Affiliate Pro' }).click();
    await payByCard(page, {
      card: '4242 4242 4242 4242',
      name: 'Sam Whitaker',
      submit: 'Subscribe',
    });
    await expect(page).toHaveURL(/\/payment-success\?subscription=pro$/);
    await expect(page.getByText(/Your Affiliate Pro subscription is active/)).toBeVisible();
    // A new plan is put to use first: the dashboard, then the plan on the profile.
    const main = page.getByRole('main');
    await expect(main.getByRole('link').first()).toHaveText('Go to your dashboard');
    await expect(main.getByRole('link').nth(1)).toHaveText('Your plan');
    await expect(main.getByRole('link', { name: 'Continue shopping' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('a product that is not for sale offers no cart to its merchant, and is not found by shoppers', async ({
  page,
}) => {
  const merchant = demoAccount('merchant@verdant.test');
  const { userId: merchantId } = await signIn(merchant);
  const name = `Wool dryer balls ${Date.now().toString(36)}`;
  const { slug } = await insertProduct(merchantId, {
    name,
    price_cents: 1400,
    status: 'pending_review',
  });

  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();

  await login(page, merchant, /\/dashboard-vendor$/);
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('It is waiting for an administrator’s review.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a product waiting for review, seen by its merchant');
});

test('a product page adds the quantity asked for, up to the stock, and says when no more fit', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(demoAccount('merchant@verdant.test'));
  const name = `Beeswax wraps ${Date.now().toString(36)}`;
  const { slug } = await insertProduct(merchantId, {
    name,
    price_cents: 1200,
    status: 'approved',
    stock: 5,
  });
  // A product with none left says so on its card in the shop, beside the price, and its
  // footprint's source is in view.
  const gone = `${name} none left`;
  await insertProduct(merchantId, {
    name: gone,
    price_cents: 900,
    status: 'approved',
    stock: 0,
    co2e_grams: 300,
    co2e_source: 'Supplier estimate',
  });
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  const soldOut = page.getByRole('article').filter({ hasText: gone });
  await expect(soldOut.getByText('Sold out')).toBeVisible();
  await expect(soldOut.getByText('Source: Supplier estimate')).toBeVisible();
  await expect(
    page.getByRole('article').filter({ hasNotText: gone }).getByText('Sold out'),
  ).toHaveCount(0);
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(quantity).toHaveValue('1');

  // Not a whole number from 1: said at the field, which keeps the focus, and nothing is added.
  await quantity.fill('0');
  await add.click();
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveAccessibleDescription('Enter a whole number of items, 1 or more.');
  await expectNoAxeViolations(page, 'a product page with a refused quantity');
  expect(await page.evaluate(() => localStorage.getItem('verdant.cart'))).toBeNull();
  // An empty cart has no link in the top bar.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveCount(0);

  // Three, by keyboard.
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByText('3 added to your cart').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'in your cart' })).toHaveText(
    '3 in your cart.',
  );
  await expect(quantity).toHaveValue('1');

  // Four more: only the two left in stock go in, and the toast says so.
  await quantity.fill('4');
  await add.click();
  await expect(page.getByText('2 added to your cart').first()).toBeVisible();
  await expect(
    page.getByText(`${name}: 2 of the 4 asked for, as 5 are in stock.`).first(),
  ).toBeVisible();
  // All five are in the cart: no field, the button is off, and a sentence says why.
  await expect(page.getByRole('status').filter({ hasText: 'in your cart' })).toHaveText(
    '5 in your cart. All 5 in stock are in your cart.',
  );
  await expect(quantity).toHaveCount(0);
  await expect(add).toBeDisabled();
  await expectNoAxeViolations(page, 'a product page with all its stock in the cart');

  // The top bar shows the cart from every page, and it holds them, after a reload too.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Cart (5)' })).toBeVisible();
  await page.goto('/about');
  await page.reload();
  await banner.getByRole('link', { name: 'Cart (5)' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('5');
});

test('a product taken out of the shop is marked in the cart by name, and its checkout is not started', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(demoAccount('merchant@verdant.test'));
  const name = `Compost caddy ${Date.now().toString(36)}`;
  const { id, slug } = await insertProduct(merchantId, {
    name,
    price_cents: 2200,
    status: 'approved',
  });
  const archive = async () =>
    expect(
      (
        await page.request.patch(new URL(`/rest/v1/products?id=eq.${id}`, stack.apiUrl).href, {
          headers: asService(),
          data: { status: 'archived' },
        })
      ).status(),
    ).toBe(204);
  await page.goto(`/products/${slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');

  // Archived while the cart is open: the checkout names it instead of its id, and the line says so.
  await archive();
  const checkOut = page.getByRole('button', { name: /^Check out with / });
  await checkOut.click();
  await expect(
    page.getByText(`${name} is no longer for sale: remove it to check out.`),
  ).toBeVisible();
  await expect(page.getByText(id)).toHaveCount(0);
  await expect(quantity).toHaveAccessibleDescription('No longer for sale: remove it to check out');
  await expectNoAxeViolations(page, '/cart with a product no longer for sale');

  // Opened again, the line is marked at once, and checking out stops at it without a request.
  await page.reload();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  let asked = false;
  await page.route('**/functions/v1/create-checkout', (route) => {
    asked = true;
    return route.continue();
  });
  await checkOut.click();
  await expect(quantity).toBeFocused();
  expect(asked).toBe(false);
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
