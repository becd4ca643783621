import type { Locator, Page } from '@playwright/test';
import {
  asService,
  asUser,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  payByCard,
  signIn,
  stack,
  test,
} from './support/fixtures.ts';

/**
 * The tier cards of /pricing at the page's current width: each tier name must sit on one line,
 * and each section's cards must share their row's height and fill the section's width.
 */
async function expectTierLayout(page: Page, context: string): Promise<void> {
  const names = page.getByRole('heading', { level: 3 });
  await expect(names.first()).toBeVisible();
  const layout = await names.evaluateAll((headings) =>
    headings.map((heading) => {
      const card = heading.closest('[aria-labelledby]');
      const grid = card?.parentElement;
      const lineHeight = Number.parseFloat(getComputedStyle(heading).lineHeight);
      const rect = card?.getBoundingClientRect();
      const gridRect = grid?.getBoundingClientRect();
      return {
        name: heading.textContent ?? '',
        nameLines: Math.round(heading.getBoundingClientRect().height / lineHeight),
        top: rect?.top ?? 0,
        height: rect?.height ?? 0,
        right: rect?.right ?? 0,
        gridRight: gridRect?.right ?? 0,
      };
    }),
  );
  expect(layout.length, context).toBe(4);
  for (const card of layout) expect(card.nameLines, `${context}: ${card.name}`).toBe(1);
  for (const pair of [layout.slice(0, 2), layout.slice(2, 4)]) {
    const [first, second] = pair;
    if (!first || !second) throw new Error('a section without two tiers');
    // The last card of a section reaches the section's right edge (no empty third column).
    expect(Math.abs(second.right - second.gridRight), `${context}: ${second.name}`).toBeLessThan(2);
    if (Math.abs(first.top - second.top) < 1)
      expect(Math.abs(first.height - second.height), `${context}: ${first.name}`).toBeLessThan(1);
  }
}

/** The plan card's actions, in order, with how each looks and whether its label fits one line. */
async function planActions(plan: Locator) {
  const actions = plan.getByRole('link').or(plan.getByRole('button'));
  return actions.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return {
        name: element.textContent?.trim() ?? '',
        height: Math.round(rect.height),
        oneLine: element.scrollWidth <= element.clientWidth + 1 && rect.height < 48,
        color: style.color,
        background: style.backgroundColor,
      };
    }),
  );
}

/** The red, green and blue of a computed `rgb(…)` colour. */
function rgb(colour: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

// A new affiliate on the free plan has one storefront; Affiliate Pro, bought through /pricing and
// the card checkout, shows on /profile and unlocks more storefronts, in the app and the database.
test('an affiliate subscribes to Affiliate Pro, sees the plan on /profile, and more storefronts unlock', async ({
  page,
}) => {
  const {
    email,
    password,
    id: userId,
  } = await createAccount('subscriber', 'Moss+Creator26', {
    name: 'Rowan Subscriber',
    role: 'affiliate',
  });
  const stamp = Date.now().toString(36);
  await login(page, { email, password }, /\/dashboard$/);

  // Free plan: the profile says so, and the first storefront is the only one.
  await page.goto('/profile');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('Free plan', { exact: true })).toBeVisible();
  await page.goto('/storefronts/manage');
  const create = page.getByRole('form', { name: 'Create a storefront' });
  await create.getByLabel('Storefront title').fill(`Rowan first ${stamp}`);
  await create.getByRole('button', { name: 'Create storefront' }).click();
  await expect(page.getByText('Storefront created').first()).toBeVisible();
  const gate = page.getByRole('heading', { name: 'Your free plan includes one storefront' });
  await expect(gate).toBeVisible();
  await expect(create).toHaveCount(0);
  await expectNoAxeViolations(page, '/storefronts/manage at the free limit');

  // The database refuses a second storefront on the free plan, whatever the client: 403, nothing made.
  const { token } = await signIn({ email, password });
  const direct = await fetch(new URL('/rest/v1/storefronts', stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json' }),
    body: JSON.stringify({ owner_id: userId, slug: `rowan-direct-${stamp}`, title: 'Direct' }),
  });
  expect(direct.status).toBe(403);
  expect(((await direct.json()) as { message: string }).message).toMatch(
    /free plan includes one storefront/,
  );

  // Subscribe through the pricing page and the local test checkout.
  await page.getByRole('link', { name: 'See Affiliate Pro' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText('Your current plan')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe to Affiliate Pro' }).click();
  await payByCard(page, {
    card: '4242 4242 4242 4242',
    name: 'Rowan Subscriber',
    submit: 'Subscribe',
  });
  await expect(page).toHaveURL(/\/payment-success\?subscription=pro$/);
  await expect(page.getByText(/Your Affiliate Pro subscription is active/)).toBeVisible();

  // The profile shows the tier, its status and renewal date, and the billing portal.
  await page.goto('/profile');
  await expect(plan.getByText('Affiliate Pro', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Renews on /)).toBeVisible();
  await expect(plan.getByRole('list', { name: 'Affiliate Pro includes' })).toContainText(
    'Unlimited storefronts',
  );
  await expectNoAxeViolations(page, '/profile with Affiliate Pro');
  // Locally there is no Stripe billing portal: the button says so instead of failing silently.
  await plan.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(plan.getByText(/is not part of this test environment/)).toBeVisible();

  // /pricing knows the current plan; going back to the free tier is a change of plan.
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Manage your plan, Affiliate Pro' })).toBeVisible();
  await expect(page.getByText('Current plan', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Change plan to Affiliate Free' })).toBeVisible();
  await expect(
    page.getByText('Changing to Affiliate Free ends Affiliate Pro when its paid period does.'),
  ).toBeVisible();
  await expect(page.getByText('For merchant accounts')).toHaveCount(2);
  // The section headings say whom the tiers are for; the cards do not repeat it in badges.
  await expect(page.getByText('Creators', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Merchants', { exact: true })).toHaveCount(0);
  await expectTierLayout(page, '/pricing at 1280 px');
  await expectNoAxeViolations(page, '/pricing with Affiliate Pro');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectTierLayout(page, '/pricing at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The gate is open: a second storefront can be created, and the database accepts it.
  await page.goto('/storefronts/manage');
  await expect(create).toBeVisible();
  await expect(gate).toHaveCount(0);
  await create.getByLabel('Storefront title').fill(`Rowan second ${stamp}`);
  await create.getByRole('button', { name: 'Create storefront' }).click();
  await expect(page.getByText('Storefront created').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: `Rowan second ${stamp}` })).toBeVisible();
  await expectNoAxeViolations(page, '/storefronts/manage with Affiliate Pro');

  // Ending the plan from /pricing: once it is set to end there is nothing left to end there;
  // the card says when the account returns to the free tier, and keeping the plan is offered.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Change plan to Affiliate Free' }).click();
  await page
    .getByRole('alertdialog', { name: 'End Affiliate Pro?' })
    .getByRole('button', { name: 'End Affiliate Pro' })
    .click();
  await expect(page.getByRole('button', { name: 'Keep Affiliate Pro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change plan to Affiliate Free' })).toHaveCount(0);
  await expect(
    page.getByText(
      /^Affiliate Pro already ends on .+; your account returns to Affiliate Free then\.$/,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/pricing with Affiliate Pro set to end');
});

// The seeded merchant holds Merchant Growth: /pricing offers to switch it, never a second
// subscription beside it; the function refuses one whatever the client. (The switch itself is
// walked by a new merchant below, so the seeded one keeps its plan.)
test('a merchant on Merchant Growth is offered a switch of plan, not a second checkout', async ({
  page,
}) => {
  const merchant = demoAccount('merchant@verdant.test');
  await login(page, merchant, /\/dashboard-vendor$/);
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Manage your plan, Merchant Growth' })).toBeVisible();
  const change = page.getByRole('button', { name: 'Change plan to Merchant Starter' });
  await expect(change).toBeVisible();
  await expect(
    page.getByText('Switches now; the difference is prorated on your next invoice.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Merchant Starter' })).toHaveCount(0);
  // The creators' tiers are not for a merchant account: no button that could only fail.
  await expect(page.getByText('For creator accounts')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Subscribe to Affiliate Pro' })).toHaveCount(0);
  // A merchant's own plans come first, and the current plan's badge leaves the row's prices level.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('For merchants');
  const priceTop = async (tier: string) =>
    (await page
      .getByRole('heading', { name: tier, exact: true })
      .locator('xpath=ancestor::*[contains(@class, "rt-Card")][1]')
      .getByText(/^\$\d+/)
      .first()
      .boundingBox())!.y;
  expect(
    Math.abs((await priceTop('Merchant Growth')) - (await priceTop('Merchant Starter'))),
  ).toBeLessThan(2);
  await expectNoAxeViolations(page, '/pricing with Merchant Growth');
  // The switch asks first, saying what it costs; cancelling changes nothing.
  await change.click();
  const dialog = page.getByRole('alertdialog', { name: 'Switch to Merchant Starter?' });
  await expect(dialog).toContainText(
    /Merchant Growth changes to Merchant Starter \(\$49(\.00)? per month\) now\. The difference for the rest of this billing period is prorated on your next invoice\./,
  );
  await expectNoAxeViolations(page, 'the plan switch dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage your plan, Merchant Growth' })).toBeVisible();

  const { token } = await signIn(merchant);
  const second = await fetch(new URL('/functions/v1/create-subscription-checkout', stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json' }),
    body: JSON.stringify({ tier: 'starter' }),
  });
  expect(second.status).toBe(409);
  expect(await second.json()).toMatchObject({
    error: { code: 'already_subscribed', message: expect.stringMatching(/Merchant Growth/) },
  });
});

// A plan is changed in place: Merchant Starter becomes Merchant Growth at once (one subscription,
// the gates follow), then the merchant ends it (it lasts until the period ends) and keeps it after all.
test('a merchant switches from Merchant Starter to Merchant Growth, ends the plan, then keeps it', async ({
  page,
}) => {
  const account = await createAccount('switcher', 'Fern&Market26', {
    name: 'Sasha Switcher',
    role: 'merchant',
  });
  await login(page, account, /\/dashboard-vendor$/);
  // Merchant Growth's checkout opened in another tab, then Merchant Starter's here: opening Starter
  // expires the Growth checkout, so the two plans cannot both be bought.
  const other = await page.context().newPage();
  await other.goto('/pricing');
  await other.getByRole('button', { name: 'Subscribe to Merchant Growth' }).click();
  await expect(other).toHaveURL(/\/local-checkout\/c\//);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Subscribe to Merchant Starter' }).click();
  await expect(page).toHaveURL(/\/local-checkout\/c\//);
  await payByCard(other, {
    card: '4242 4242 4242 4242',
    name: 'Sasha Switcher',
    submit: 'Subscribe',
  });
  await expect(other.getByRole('alert')).toHaveText(
    'This checkout session has expired. Go back and start the checkout again.',
  );
  await other.close();
  await payByCard(page, {
    card: '4242 4242 4242 4242',
    name: 'Sasha Switcher',
    submit: 'Subscribe',
  });
  await expect(page).toHaveURL(/\/payment-success\?subscription=starter$/);

  await page.goto('/pricing');
  await expect(
    page.getByRole('link', { name: 'Manage your plan, Merchant Starter' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Change plan to Merchant Growth' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Switch to Merchant Growth?' });
  await dialog.getByRole('button', { name: 'Switch to Merchant Growth' }).click();
  await expect(page.getByText('You are on Merchant Growth').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The button pressed went with the old plan: the new plan's "Manage your plan" has the focus.
  await expect(page.getByRole('link', { name: 'Manage your plan, Merchant Growth' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Change plan to Merchant Starter' })).toBeVisible();
  // "Manage your plan" opens the profile at its Plan card, whose heading takes the focus.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile#plan$/);
  const planHeading = page.getByRole('heading', { level: 2, name: 'Plan' });
  await expect(planHeading).toBeFocused();
  await expect(planHeading).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);

  // One subscription, now Growth; the profile and the gates agree.
  const subscriptions = async () => {
    const res = await fetch(
      new URL(
        `/rest/v1/subscriptions?select=tier,status,cancel_at_period_end&user_id=eq.${account.id}`,
        stack.apiUrl,
      ),
      { headers: asService() },
    );
    return (await res.json()) as unknown[];
  };
  expect(await subscriptions()).toEqual([
    { tier: 'business', status: 'active', cancel_at_period_end: false },
  ]);
  await page.goto('/profile');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('Merchant Growth', { exact: true })).toBeVisible();
  await expect(plan.getByText(/^Renews on /)).toBeVisible();

  // The way forward comes first and ending the plan last, in red: one size, one line each, at the
  // desktop width and on a phone.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const actions = await planActions(plan);
    expect(actions.map((action) => action.name)).toEqual([
      'Change plan',
      'Manage subscription',
      'End plan',
    ]);
    expect(new Set(actions.map((action) => action.height)).size, `${width} px`).toBe(1);
    for (const action of actions)
      expect(action.oneLine, `${action.name} at ${width} px`).toBe(true);
    const [change, , end] = actions;
    expect(end?.background).not.toBe(change?.background);
    const [red, green, blue] = rgb(end?.color ?? '');
    expect(red, 'End plan is red').toBeGreaterThan(Math.max(green, blue) + 40);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, '/profile with Merchant Growth');

  // Ending the plan asks first; Growth stays until the paid period ends.
  await plan.getByRole('button', { name: 'End plan' }).click();
  const end = page.getByRole('alertdialog', { name: 'End Merchant Growth?' });
  await expect(end).toContainText(
    /Merchant Growth stays active until .+; then your account returns to the free plan\./,
  );
  await expectNoAxeViolations(page, 'the end-plan dialog');
  await end.getByRole('button', { name: 'End Merchant Growth' }).click();
  await expect(page.getByText('Merchant Growth will end').first()).toBeVisible();
  await expect(plan.getByText(/^Canceled: Merchant Growth ends on /)).toBeVisible();
  await expect(plan.getByText('Merchant Growth', { exact: true })).toBeVisible();
  // A plan that is ending: keeping it leads, and there is nothing left to end.
  expect((await planActions(plan)).map((action) => action.name)).toEqual([
    'Keep Merchant Growth',
    'Change plan',
    'Manage subscription',
  ]);
  expect(await subscriptions()).toEqual([
    { tier: 'business', status: 'active', cancel_at_period_end: true },
  ]);

  // /pricing says when it ends, and keeping it is one confirmation away.
  await page.goto('/pricing');
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expectNoAxeViolations(page, '/pricing with a plan that ends');
  await page.getByRole('button', { name: 'Keep Merchant Growth' }).click();
  await page
    .getByRole('alertdialog', { name: 'Keep Merchant Growth?' })
    .getByRole('button', { name: 'Keep Merchant Growth' })
    .click();
  await expect(page.getByText('You are on Merchant Growth').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep Merchant Growth' })).toHaveCount(0);
  expect(await subscriptions()).toEqual([
    { tier: 'business', status: 'active', cancel_at_period_end: false },
  ]);
});
