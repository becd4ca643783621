import type { Page } from '@playwright/test';
import {
  asService,
  asUser,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  signIn,
  stack,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

/**
 * The hub's actions look alike (one style and size) and each copy button sits in the same place
 * beside or under its wording, whatever the wording's length.
 */
async function expectHubActionsConsistent(page: Page, context: string): Promise<void> {
  const main = page.getByRole('main');
  const actions = [
    ...['Go to links', 'Edit my page', 'Manage storefronts', 'Open courses'].map((name) =>
      main.getByRole('link', { name, exact: true }),
    ),
    main.getByRole('link', { name: 'Browse product pictures' }),
    main.getByRole('button', { name: /^Copy wording for / }),
  ];
  const looks: string[] = [];
  for (const action of actions) {
    for (const element of await action.all()) {
      looks.push(
        await element.evaluate((node) => {
          const style = getComputedStyle(node);
          return `${Math.round(node.getBoundingClientRect().height)}px ${style.fontSize} ${style.backgroundColor}`;
        }),
      );
    }
  }
  expect(looks, context).toHaveLength(8);
  expect(new Set(looks), `${context}: ${looks.join(' | ')}`).toEqual(new Set([looks[0]]));

  const copies = await main
    .getByRole('button', { name: /^Copy wording for / })
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const card = button.closest('[data-slot="card"]')?.getBoundingClientRect();
        const rect = button.getBoundingClientRect();
        return { left: rect.left - (card?.left ?? 0), right: (card?.right ?? 0) - rect.right };
      }),
    );
  expect(copies, context).toHaveLength(3);
  const [first] = copies;
  for (const copy of copies) {
    expect(Math.abs(copy.left - (first?.left ?? 0)), context).toBeLessThan(1);
    expect(Math.abs(copy.right - (first?.right ?? 0)), context).toBeLessThan(1);
  }
}

test.describe('programs and links', () => {
  test('a new affiliate browses and filters programs and applies to one', async ({ page }) => {
    await page.goto('/signup/affiliate');
    await page.getByLabel('Name').fill('Juniper Vale');
    await page.getByLabel('Email').fill(uniqueEmail('programs'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Canopy#Trail2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Without a link yet, the hub invites the first one.
    await page.goto('/affiliate-hub');
    await expect(
      page.getByRole('heading', { name: 'Create your first tracked link' }),
    ).toBeVisible();
    await expect(page.getByText(/You have \d+ tracked links?\./)).toHaveCount(0);

    await page.goto('/affiliate-programs');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();
    // Each card's button names its program, after its visible words: not a row of bare "Apply".
    for (const card of await cards.all()) {
      const program = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
      await expect(
        card
          .getByRole('button', { name: `Apply to ${program}`, exact: true })
          .or(card.getByRole('button', { name: `Join program: ${program}`, exact: true })),
      ).toBeVisible();
    }
    await page.getByRole('switch', { name: 'Verified claims only' }).click();
    await expect(page.getByText('Verified claims').first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(all);
    await expectNoAxeViolations(page, '/affiliate-programs');
    // A claim the merchant made about three of its products is one claim of its program.
    const sprout = cards.filter({ hasText: 'Sprout & Sage Kitchen' }).first();
    await expect(sprout.getByText(/Coffee, tea and spices are Fairtrade certified/)).toHaveCount(1);
    // Categories read as words, in the filter and on the cards it leaves.
    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(category.locator('option').first()).toHaveText('All categories');
    await expect(category.locator('option')).toContainText(['Personal care']);
    await category.selectOption({ label: 'Personal care' });
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all())
      await expect(card).toContainText(/Categories: .*Personal care/);
    await category.selectOption({ label: 'All categories' });

    // A search that matches nothing blames only what is on, and clears it in one step.
    await page.getByRole('switch', { name: 'Verified claims only' }).click();
    await expect(page.getByRole('switch', { name: 'Verified claims only' })).not.toBeChecked();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('zz-no-such-program');
    await expect(cards).toHaveCount(0);
    const none = page.getByRole('heading', { name: 'No programs match' }).locator('..');
    await expect(none).toContainText('“zz-no-such-program”');
    await expect(none).not.toContainText(/category|verified/i);
    await expectNoAxeViolations(page, '/affiliate-programs with no match');
    await none.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(cards).toHaveCount(all);
    // With a category and the claims filter on as well, the hint names all three.
    await category.selectOption({ label: 'Personal care' });
    await page.getByRole('switch', { name: 'Verified claims only' }).click();
    await search.fill('zz-no-such-program');
    await expect(none).toContainText(
      'No program matches the search “zz-no-such-program”, the category Personal care, and “Verified claims only”.',
    );
    await none.getByRole('button', { name: 'Clear filters' }).click();
    await expect(category).toHaveValue('all');
    await expect(page.getByRole('switch', { name: 'Verified claims only' })).not.toBeChecked();
    await expect(cards).toHaveCount(all);

    const first = cards.first();
    // Joined by keyboard: the button gives way to a link or a note, and the focus stays in the card
    // (on "Create a link" when the membership is approved at once) instead of dropping to the page.
    await first.getByRole('button', { name: /^(Join program|Apply)\b/ }).press('Enter');
    await expect(first.getByText(/^(Approved|Pending)$/)).toBeVisible();
    await expect
      .poll(() => first.evaluate((card) => card.contains(document.activeElement)))
      .toBe(true);
    if (await first.getByRole('link', { name: 'Create a link' }).isVisible())
      await expect(first.getByRole('link', { name: 'Create a link' })).toBeFocused();
  });

  test('an affiliate invites creators from /recruit with a message, a link and the one-sheet', async ({
    page,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/recruit');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite creators' })).toBeVisible();
    await expect(
      page.getByText(/Join here: .*\/signup\/affiliate\?ref=jordan-rivers$/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy sign-up link' })).toBeVisible();
    // The one-sheet is a page of the one-sheets app on the same site.
    await expect(page.getByRole('link', { name: 'Open the affiliate one-sheet' })).toHaveAttribute(
      'href',
      '/affiliate-one-sheet',
    );
    await expect(page.getByRole('link', { name: 'Download it as PDF' })).toHaveAttribute(
      'href',
      '/one-sheet/pdf/affiliate-one-sheet.pdf',
    );
    await expectNoAxeViolations(page, '/recruit');

    // The hub speaks to an affiliate who has links already: another one, not the first.
    await page.goto('/affiliate-hub');
    await expect(page.getByRole('heading', { name: 'Create another tracked link' })).toBeVisible();
    await expect(page.getByText(/^You have \d+ tracked links\./)).toBeVisible();
    await expect(page.getByText('Create your first tracked link')).toHaveCount(0);
    await expectHubActionsConsistent(page, '/affiliate-hub at 1280 px');
    await expectNoAxeViolations(page, '/affiliate-hub');
    await page.setViewportSize({ width: 360, height: 800 });
    await expectHubActionsConsistent(page, '/affiliate-hub at 360 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The hub's disclosure wordings: each copy button names the wording it copies.
    for (const where of [
      'Short posts and videos',
      'Link-in-bio pages and storefronts',
      'Reviews and articles',
    ])
      await expect(
        page.getByRole('button', { name: `Copy wording for ${where}`, exact: true }),
      ).toBeVisible();
  });

  test('the free plan holds ten tracked links: the page offers Affiliate Pro, the database refuses an eleventh', async ({
    page,
  }) => {
    const { email, password, id } = await createAccount('ten-links', 'Fern+Links2026', {
      name: 'Ivy Tenlinks',
      role: 'affiliate',
    });
    const service = asService({ 'content-type': 'application/json' });
    const stamp = Date.now().toString(36);
    const links = Array.from({ length: 10 }, (_, i) => ({
      affiliate_id: id,
      code: `ten-${stamp}-${i}`,
      destination_url: `https://example.org/ten/${i}`,
      title: `Link ${i + 1}`,
    }));
    const made = await fetch(new URL('/rest/v1/affiliate_links', stack.apiUrl), {
      method: 'POST',
      headers: service,
      body: JSON.stringify(links),
    });
    expect(made.status).toBe(201);

    await login(page, { email, password }, /\/dashboard$/);
    await page.goto('/affiliate-links');
    await expect(
      page.getByRole('heading', { name: 'Your free plan includes 10 tracked links' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create link' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See Affiliate Pro' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    // Every existing link keeps working and can still be switched off and on.
    await expect(page.getByRole('switch', { name: `Enable /go/ten-${stamp}-0` })).toBeChecked();
    await expectNoAxeViolations(page, '/affiliate-links at the free limit');

    // Whatever the client, the database refuses the eleventh: 403 naming the plan, nothing made.
    const { token } = await signIn({ email, password });
    const eleventh = await fetch(new URL('/rest/v1/affiliate_links', stack.apiUrl), {
      method: 'POST',
      headers: asUser(token, { 'content-type': 'application/json' }),
      body: JSON.stringify({
        affiliate_id: id,
        code: `ten-${stamp}-x`,
        destination_url: 'https://example.org/ten/x',
      }),
    });
    expect(eleventh.status).toBe(403);
    expect(((await eleventh.json()) as { message: string }).message).toBe(
      'Affiliate Free includes up to 10 tracked links. Affiliate Pro unlocks unlimited tracked links.',
    );
    const count = await fetch(
      new URL(`/rest/v1/affiliate_links?affiliate_id=eq.${id}&select=id`, stack.apiUrl),
      { headers: service },
    );
    expect(((await count.json()) as unknown[]).length).toBe(10);
  });

  test('an affiliate creates a link, copies it, sees its QR code and stats, and disables it', async ({
    page,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await expect(page.getByRole('table', { name: 'Top links' })).toBeVisible();
    await page.goto('/affiliate-links');
    // A link to one of the program's products, chosen in the browser's own pickers.
    const program = page.getByRole('combobox', { name: 'Program' });
    await expect(program).toHaveValue(/.+/);
    const product = page.getByRole('combobox', { name: 'Product' });
    await expect(product.locator('option').first()).toHaveText('The merchant’s shop page');
    const firstProduct = product.locator('option').nth(1);
    await expect(firstProduct).toBeAttached();
    const productName = (await firstProduct.innerText()).trim();
    await product.selectOption({ label: productName });
    await product.focus();
    await expect(product).toBeFocused();
    await expect(product.locator('option:checked')).toHaveText(productName);
    // With a picker in use the page stays whole for assistive technology: nothing is hidden.
    await expectNoAxeViolations(page, '/affiliate-links with a product chosen');
    // The title field says its limit before a long paste is cut to it.
    const title = page.getByRole('textbox', { name: 'Title (optional)' });
    await expect(title).toHaveAccessibleDescription(/Up to 200 characters/);
    await title.fill('x'.repeat(250));
    await expect(title).toHaveValue('x'.repeat(200));
    await expect(title).toHaveAccessibleDescription(/200 of 200 characters: the limit/);
    await title.fill('');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByText('Link created').first()).toBeVisible();
    // The new link's card takes the focus: it is where the keyboard goes next.
    await expect(page.getByRole('heading', { level: 2, name: productName })).toBeFocused();
    const qr = page.getByRole('img', { name: /QR code for/ });
    await expect(qr).toBeVisible();
    const code = ((await qr.getAttribute('aria-label')) ?? '').replace('QR code for ', '');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByText('Clicks on this link')).toBeVisible();
    await expectNoAxeViolations(page, '/affiliate-links');
    // Closed, the focus returns to the row's Stats button; Stats opens the card again, focused.
    await page.getByRole('button', { name: 'Close stats' }).press('Enter');
    const stats = page.getByRole('button', { name: `Stats for /go/${code}` });
    await expect(stats).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: productName })).toHaveCount(0);
    await stats.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: productName })).toBeFocused();

    // The same product again: the form says a link for it exists and leads to it, without refusing
    // a deliberate second one (e.g. for another campaign).
    await page.getByRole('button', { name: 'Close stats' }).click();
    await product.selectOption({ label: 'The merchant’s shop page' });
    await product.selectOption({ label: productName });
    const form = page.getByRole('form', { name: 'Create a tracked link' });
    const already = form.getByRole('status');
    await expect(already).toContainText(`You already have a link for ${productName}`);
    await expect(already).toContainText(`/go/${code}`);
    await expectNoAxeViolations(page, '/affiliate-links with a link for the product already');
    await already.getByRole('button', { name: `Show /go/${code}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: productName })).toBeFocused();
    await page.getByRole('textbox', { name: 'Title (optional)' }).fill(`${productName} — spring`);
    await form.getByRole('button', { name: 'Create link' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `${productName} — spring` }),
    ).toBeFocused();
    await expect(already).toContainText(`You already have 2 links for ${productName}`);
    // A link's "Copied" stays with it: the other link's card offers its own Copy link.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await page.getByRole('button', { name: `Stats for /go/${code}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: productName })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copied' })).toHaveCount(0);

    // The tracker answers the new code with a redirect to its destination.
    const response = await page.request.get(`/go/${code}`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);

    await page.getByRole('switch', { name: `Enable /go/${code}` }).click();
    await expect(page.getByText('Link disabled').first()).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(code) }).getByText('disabled'),
    ).toBeVisible();
    // The tracker refreshes a cached link once it is a second old (the first request after
    // that may still get the cached redirect).
    await expect
      .poll(async () => (await page.request.get(`/go/${code}`, { maxRedirects: 0 })).status(), {
        timeout: 10_000,
      })
      .toBe(404);
    // A visitor who follows the disabled link meets a readable page that leads home.
    await page.goto(`/go/${code}`);
    await expect(page).toHaveTitle('Link not found · Verdant');
    await expect(
      page.getByRole('heading', { level: 1, name: "This link isn't available" }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/go/{code} of a disabled link');
    await page.getByRole('link', { name: 'Go to Verdant' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
