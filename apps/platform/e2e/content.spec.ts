import {
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  logout,
  test,
} from './support/fixtures.ts';

test('the FAQ carries FAQPage structured data with every question', async ({ page }) => {
  await page.goto('/faq-crawlers');
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json!) as { '@type': string; mainEntity: { name: string }[] };
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity.length).toBeGreaterThanOrEqual(8);
  for (const q of data.mainEntity)
    await expect(page.getByText(q.name, { exact: true })).toBeVisible();
});

test('the cookies page says what the attribution cookie and local storage hold', async ({
  page,
}) => {
  await page.goto('/cookies');
  const table = page.getByRole('table', { name: 'Everything Verdant stores in your browser' });
  await expect(table.getByRole('rowheader', { name: 'verdant_ref' })).toBeVisible();
  await expect(table.getByText(/id of the tracked-link click/)).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'verdant.demo-links' })).toBeVisible();
});

test('the contact form validates, stores the message and confirms', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  // The focus goes to the first field to fix, not left on the button.
  await expect(page.getByLabel(/^Your name/)).toBeFocused();
  await page.getByLabel(/^Your name/).fill('Robin Ash');
  await page.getByLabel(/^Email address/).fill('robin@example.com');
  await page.getByLabel(/^Message/).fill('Do you accept merchants outside the EU?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('status').getByText('Thank you — your message has been sent.'),
  ).toBeFocused();
  await expectNoAxeViolations(page, '/contact confirmation');
});

test('the contact form takes no more than the API does, and tells a refused field at that field', async ({
  page,
}) => {
  await page.goto('/contact');
  const name = page.getByLabel(/^Your name/);
  const email = page.getByLabel(/^Email address/);
  const subject = page.getByLabel(/^Subject/);
  const message = page.getByLabel(/^Message/);
  const sendButton = page.getByRole('button', { name: 'Send message' });
  // Each box takes as much as the API client and the database do, and no more.
  await expect(name).toHaveAttribute('maxlength', '200');
  await expect(email).toHaveAttribute('maxlength', '254');
  await expect(subject).toHaveAttribute('maxlength', '200');
  await expect(message).toHaveAttribute('maxlength', '4000');
  await name.fill('x'.repeat(250));
  await expect(name).toHaveValue('x'.repeat(200));

  // A name of markup only is nothing once sanitised: told at the name, in words, focused there.
  await name.fill('<b></b>');
  await email.fill('robin@example.com');
  await message.fill('Do you accept merchants outside the EU?');
  await sendButton.click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(
    'Write your name as plain text: markup is removed, and nothing would be left',
  );
  await expect(page.getByText('Your message was not sent')).toHaveCount(0);
  await expectNoAxeViolations(page, '/contact with a refused name');

  // 200 characters that sanitising lengthens ("data:" becomes "blocked"): the most it takes, told
  // at the field, not in a card with the check's field path.
  await name.fill('data:'.repeat(40));
  await sendButton.click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Shorten your name to at most 200 characters');
  await expect(page.getByText(/must be at most/)).toHaveCount(0);
  await expect(page.getByText('Your message was not sent')).toHaveCount(0);

  // Changed, the refusal goes; sent, the message is stored.
  await name.fill('Robin Ash');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await sendButton.click();
  await expect(
    page.getByRole('status').getByText('Thank you — your message has been sent.'),
  ).toBeFocused();
});

test('revenue transparency shows real monthly splits', async ({ page }) => {
  await page.goto('/revenue-transparency');
  const table = page.getByRole('table', { name: 'Revenue split per month' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Platform fee' })).toBeVisible();
  // The four shares of one whole read against one axis, in dollars, one bar group per month.
  const chart = page.getByRole('figure', { name: /Split of sales per month/ });
  await expect(chart.getByText(/\(right axis\)/)).toHaveCount(0);
  await expect(chart.getByText(/^\$\d/).first()).toBeVisible();
  await expect(chart.getByText(/^[A-Z][a-z]{2} 20\d\d$/).first()).toBeVisible();
});

test('content pages fit a 360 px screen without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/about',
    '/technical-wiki',
    '/cookies',
    '/help',
    '/vendor-recruitment',
    '/community',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('the merchant recruitment page offers a guest an account and a merchant their dashboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/vendor-recruitment');
  await expect(page.getByRole('link', { name: 'Create a merchant account' })).toHaveAttribute(
    'href',
    '/signup/vendor',
  );
  await expect(page.getByRole('link', { name: 'Start onboarding' })).toHaveAttribute(
    'href',
    '/signup/vendor',
  );
  // A merchant has an account already: no way to a second one, only to their dashboard.
  await login(page, demoAccount('merchant@verdant.test'), /\/dashboard-vendor$/);
  await page.goto('/vendor-recruitment');
  await expect(page.getByRole('link', { name: 'Go to your merchant dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a merchant account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start onboarding' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue onboarding' })).toHaveCount(0);
  await expect(page.locator('a[href="/signup/vendor"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your merchant dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard-vendor$/);

  // A merchant still onboarding goes on with it.
  await logout(page);
  const onboarding = await createAccount('recruit', 'Fern&Market26', {
    name: 'Rowan Reed',
    role: 'merchant',
  });
  await login(page, onboarding, /\/dashboard-vendor$/);
  await page.goto('/vendor-recruitment');
  await expect(page.getByRole('link', { name: 'Go to your merchant dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start onboarding' })).toHaveCount(0);
  await expect(page.locator('a[href="/signup/vendor"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue onboarding' }).click();
  await expect(page).toHaveURL(/\/vendor-onboarding$/);
});
