import type { Download, Locator } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  asService,
  asUser,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  login,
  logout,
  signIn,
  stack,
  test,
  expectTabsFit,
  longCompanyMerchant,
  closeWithEscape,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

const admin = demoAccount('admin@verdant.test');

test('administrators see platform metrics, find users and get the spec §5 refusals', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  // The overview has its own sidebar entry, current on /admin only.
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Overview' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await visit(page, '/admin/metrics');
  await expect(page.getByText('GMV (all time)')).toBeVisible();
  await expect(page.getByRole('figure', { name: /Page load time per day/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Metrics' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Only the page's own entry is current: the overview is not, on the pages under it.
  await expect(sidebar.getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  // The period is kept in the address.
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/admin\/metrics\?period=7$/);
  await page.getByRole('radio', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\/admin\/metrics$/);
  // No client errors yet: the message stands on its own, readable on a 360 px phone.
  const noErrors = page.getByRole('region', { name: 'Latest client errors' });
  await expect(noErrors.getByRole('heading', { name: 'No client errors reported' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  const message = noErrors.getByRole('heading', { name: 'No client errors reported' });
  await message.scrollIntoViewIfNeeded();
  const box = await message.boundingBox();
  expect(box, 'the empty message is drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/admin/metrics at 360 px without client errors');
  await page.setViewportSize({ width: 1280, height: 800 });

  await visit(page, '/admin/users');
  // How many users a search found is announced politely, once the results are in.
  const found = page.getByRole('status').filter({ hasText: /found$/ });
  await expect(found).toHaveText(/^\d+ users found$/);
  // Found by the sign-in email, which only administrators read.
  await page.getByLabel('Search by name, username or email').fill('ADMIN@verdant.test');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(found).toHaveText('1 user found');
  await expect(table.getByRole('row', { name: /Avery Okafor/ })).toContainText(
    'admin@verdant.test',
  );
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/users found by email');
  await page.getByLabel('Search by name, username or email').fill('Avery');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(found).toHaveText('1 user found');
  await page.getByLabel('Search by name, username or email').fill('nobody-has-this-name');
  await expect(found).toHaveText('No users found');
  await page.getByLabel('Search by name, username or email').fill('Avery');
  await expect(found).toHaveText('1 user found');
  const role = table.getByRole('combobox', { name: 'Role of Avery Okafor' });
  await expect(role.locator('option')).toHaveText([
    'Affiliate',
    'Merchant',
    'Administrator',
    'Demo',
  ]);
  // Arrowing through the picker only stages a role (WCAG 3.2.2): nothing is asked, nothing changes,
  // until the row's "Change role" button, next in the tab order, asks for a confirmation.
  const confirm = page.getByRole('alertdialog', { name: 'Change Avery Okafor’s role?' });
  const apply = table.getByRole('button', { name: 'Change role of Avery Okafor' });
  await expect(apply).toHaveCount(0);
  await role.focus();
  await page.keyboard.press('ArrowUp');
  await expect(role).toHaveValue('merchant');
  await page.keyboard.press('ArrowUp');
  await expect(role).toHaveValue('affiliate');
  await expect(role).toBeFocused();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(apply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toContainText('becomes Affiliate (now Administrator)');
  // Escape keeps the role, and the focus goes back to its picker.
  await closeWithEscape(page, confirm);
  await expect(role).toHaveValue('admin');
  await expect(role).toBeFocused();
  await expect(apply).toHaveCount(0);
  // So does Cancel.
  await role.selectOption({ label: 'Affiliate' });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await apply.click();
  await expect(confirm).toContainText('becomes Affiliate (now Administrator)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(role).toHaveValue('admin');
  await expect(role.locator('option:checked')).toHaveText('Administrator');
  await expect(role).toBeFocused();
  // Confirmed, the database's rule answers in the dialog: the last administrator stays.
  await role.selectOption({ label: 'Affiliate' });
  await apply.click();
  await confirm.getByRole('button', { name: 'Change role' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Administrators cannot demote themselves');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(role).toHaveValue('admin');
  await expect(role.locator('option:checked')).toHaveText('Administrator');
});

test('approval queues and moderation work for administrators', async ({ page }) => {
  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/approvals');
  for (const tab of ['Merchants', 'Products', 'Claims']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
  // The seeded merchant still onboarding is listed apart, its stage in words, and cannot be approved.
  await page.getByRole('tab', { name: /^Merchants/ }).click();
  const onboarding = page.getByRole('table', { name: 'Merchants still onboarding' });
  await expect(onboarding.getByRole('row', { name: /Leafline Studio/ })).toContainText(
    'Statement written',
  );
  await expect(
    page.getByRole('table', { name: 'Merchants waiting for approval' }).getByRole('row', {
      name: /Leafline Studio/,
    }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve Leafline Studio' })).toHaveCount(0);
  // Claims name their merchant, and evidence links say what they point at.
  await page.getByRole('tab', { name: /^Claims/ }).click();
  const claims = page.getByRole('table', { name: 'Claims waiting for review' });
  const energy = claims.getByRole('row', { name: /renewable electricity/ });
  await expect(energy).toContainText('Evergreen Home Co.');
  await expect(
    energy.getByRole('link', { name: 'energy-contract.pdf (evergreen-home.example)' }),
  ).toBeVisible();
  await expect(claims.getByRole('link', { name: 'Link', exact: true })).toHaveCount(0);
  // With the merchant and the named evidence, the decision stays in view on a desktop screen.
  await expectTableFits(claims, 'Claims waiting for review');
  await expectNoAxeViolations(page, '/admin/approvals, claims');
  await visit(page, '/admin/moderation');
  const reports = page.getByRole('table', { name: 'Open reports' });
  // The reported content wraps, so the actions stay in view beside it.
  await expectTableFits(reports, 'Open reports');
  const dismiss = reports.getByRole('button', { name: 'Dismiss' });
  const before = await dismiss.count();
  if (before > 0) {
    // Removing content asks first; cancelled, the report stays open.
    await reports.getByRole('button', { name: 'Remove' }).first().click();
    const removal = page.getByRole('alertdialog', { name: 'Remove this content?' });
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await expect(removal).toBeHidden();
    await expect(dismiss).toHaveCount(before);
    await dismiss.first().click();
    await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
    await expect(dismiss).toHaveCount(before - 1);
  }
});

test('the approval queue shown is kept in the address, and its count shows once it has loaded', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  // The products queue held back: meanwhile its tab says no number, rather than "(0)".
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const productsQueue = /\/rest\/v1\/products\?.*status=eq\.pending_review/;
  await page.route(productsQueue, async (route) => {
    await held;
    await route.continue();
  });
  // A link to a queue opens it.
  await visit(page, '/admin/approvals?tab=products');
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab('Merchants')).toHaveAccessibleName(/^Merchants \(\d+\)$/);
  await expect(tab('Products')).toHaveAccessibleName('Products');
  await expect(tab('Products')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Loading Products waiting for approval…')).toHaveCount(1);
  release();
  await expect(tab('Products')).toHaveAccessibleName(/^Products \(\d+\)$/);
  await page.unroute(productsQueue);
  await expectNoAxeViolations(page, '/admin/approvals?tab=products');

  // A queue chosen goes into the address in place of the entry: a reload shows it again.
  await tab('Claims').click();
  await expect(page).toHaveURL(/\/admin\/approvals\?tab=claims$/);
  await page.reload();
  await expect(tab('Claims')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Claims waiting for review' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/approvals?tab=claims after a reload');
  // So does Back from another page.
  await visit(page, '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/approvals\?tab=claims$/);
  await expect(tab('Claims')).toHaveAttribute('aria-selected', 'true');
  // The first queue needs no parameter; Back leaves the page rather than stepping back through
  // the queues shown.
  await tab('Merchants').click();
  await expect(page).toHaveURL(/\/admin\/approvals$/);
  await expect(tab('Merchants')).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);

  // A queue the page does not know reads as the first.
  await visit(page, '/admin/approvals?tab=refunds');
  await expect(tab('Merchants')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Merchants waiting for approval' })).toBeVisible();
});

/** Fails when `element` (its focus ring included) reaches past the box it is clipped to. */
async function expectInsideItsFrame(element: Locator, context: string): Promise<void> {
  const past = await element.evaluate((control) => {
    let frame = control.parentElement!;
    while (frame.parentElement && getComputedStyle(frame).overflowX === 'visible')
      frame = frame.parentElement;
    const style = getComputedStyle(control);
    const ring = parseFloat(style.outlineWidth) + Math.max(0, parseFloat(style.outlineOffset));
    const box = control.getBoundingClientRect();
    const edges = frame.getBoundingClientRect();
    return { start: edges.left - (box.left - ring), end: box.right + ring - edges.right };
  });
  expect(past.start, `${context}: pixels past the start edge`).toBeLessThanOrEqual(0);
  expect(past.end, `${context}: pixels past the end edge`).toBeLessThanOrEqual(0);
}

test('a company name of one long word wraps in the approval queue, on a desktop and a phone', async ({
  page,
}) => {
  const { account: merchant, company } = await longCompanyMerchant();
  try {
    await login(page, admin, /\/admin$/);
    await visit(page, '/admin/approvals');
    const queue = page.getByRole('table', { name: 'Merchants waiting for approval' });
    const approve = queue.getByRole('button', { name: `Approve ${company}` });
    const reject = queue.getByRole('button', { name: `Reject ${company}` });
    await expect(approve).toBeVisible();
    // The name breaks: the decision stays in view beside it, with no sideways scrolling.
    await expectTableFits(queue, 'Merchants waiting for approval');
    await expect(approve).toBeInViewport({ ratio: 1 });
    await expect(reject).toBeInViewport({ ratio: 1 });

    await page.setViewportSize({ width: 360, height: 740 });
    await expectTabsFit(page.getByRole('tablist', { name: 'Queues' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectInsideItsFrame(approve, 'Approve');
    await expectInsideItsFrame(reject, 'Reject');
    await expectNoAxeViolations(page, '/admin/approvals at 360 px with a long company name');
    // The confirmation names the company too, and breaks it inside the dialog.
    await approve.click();
    const dialog = page.getByRole('alertdialog', { name: `Approve ${company}?` });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    // Out of the queue the other journeys read.
    await fetch(new URL(`/rest/v1/merchant_profiles?id=eq.${merchant.id}`, stack.apiUrl), {
      method: 'DELETE',
      headers: asService(),
    });
  }
});

test('users on a phone: a staged role’s Change role stays inside its card, focus ring and all', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/admin/users');
  await page.getByLabel('Search by name, username or email').fill('Avery');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const role = table.getByRole('combobox', { name: 'Role of Avery Okafor' });
  await role.selectOption({ label: 'Affiliate' });
  const apply = table.getByRole('button', { name: 'Change role of Avery Okafor' });
  await role.focus();
  await page.keyboard.press('Tab');
  await expect(apply).toBeFocused();
  // Nothing in the card is pushed out or scrolled aside: the button wraps under the picker.
  await expectInsideItsFrame(apply, 'Change role');
  const shifted = await table.evaluate((element) => {
    let scrolled = 0;
    for (let box: Element | null = element; box; box = box.parentElement)
      scrolled += box.scrollLeft;
    return scrolled;
  });
  expect(shifted, 'pixels the card’s content is scrolled aside').toBe(0);
  const header = table.getByRole('rowheader', { name: /Avery Okafor/ });
  await expectInsideItsFrame(header, 'the user’s name');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/admin/users at 360 px with a staged role');
  // Back to the saved role: nothing was asked, nothing changed.
  await role.selectOption({ label: 'Administrator' });
  await expect(apply).toHaveCount(0);
});

test('the user search takes at most 100 characters, the longest search the API accepts', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/users');
  const search = page.getByRole('searchbox', { name: 'Search by name, username or email' });
  await expect(search).toHaveAttribute('maxlength', '100');
  // A pasted paragraph of 160 characters keeps its first 100: the search runs, and finds nobody,
  // rather than failing the list with "Search must be at most 100 characters".
  const pasted = 'Avery Okafor asked about the payout of last month, see the ticket. '.repeat(3);
  expect(pasted.length).toBeGreaterThan(150);
  await search.focus();
  await page.keyboard.insertText(pasted);
  await expect(search).toHaveValue(pasted.slice(0, 100));
  const found = page.getByRole('status').filter({ hasText: /found$/ });
  await expect(found).toHaveText('No users found');
  await expect(page.getByRole('heading', { name: 'No users match' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/users after a search of 100 characters');
});

test('moderation by keyboard: every action names its report, and the focus moves on to the next report', async ({
  page,
}) => {
  // Three reported posts of this test's own, and no other report open.
  const stamp = Date.now().toString(36);
  const cleared = await fetch(new URL('/rest/v1/reports?status=eq.open', stack.apiUrl), {
    method: 'PATCH',
    headers: asService({ 'content-type': 'application/json' }),
    body: JSON.stringify({ status: 'dismissed' }),
  });
  expect(cleared.ok, `clearing open reports: ${cleared.status}`).toBe(true);
  const { data: people } = await rest<{ id: string }[]>(
    '/rest/v1/profiles?select=id&role=eq.affiliate&order=created_at.asc&limit=2',
  );
  expect(people).toHaveLength(2);
  const titles = ['Refill station tips', 'Bamboo brush review', 'Solar charger swap'].map(
    (title) => `${title} ${stamp}`,
  );
  const postIds: string[] = [];
  for (const [index, title] of titles.entries()) {
    const { data: posts } = await rest<{ id: string }[]>('/rest/v1/posts', {
      author_id: people[0]!.id,
      title,
      body: `Everything about ${title}.`,
    });
    postIds.push(posts[0]!.id);
    await rest('/rest/v1/reports', {
      reporter_id: people[1]!.id,
      post_id: posts[0]!.id,
      reason: 'spam',
      created_at: new Date(Date.now() - (titles.length - index) * 60_000).toISOString(),
    });
  }
  const [first, second, third] = titles as [string, string, string];

  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/moderation');
  const reports = page.getByRole('table', { name: 'Open reports' });
  const button = (action: string, title: string) =>
    reports.getByRole('button', { name: `${action}: ${title}`, exact: true });
  for (const action of ['Hide', 'Remove', 'Dismiss'])
    await expect(button(action, first)).toBeVisible();

  // Hidden, the report leaves the table: the next report's Hide takes the focus.
  await button('Hide', first).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Content hidden', { exact: true })).toBeVisible();
  await expect(button('Hide', first)).toHaveCount(0);
  await expect(button('Hide', second)).toBeFocused();

  // Removal asks first; confirmed by keyboard, the next report's Remove takes the focus.
  await page.keyboard.press('Tab');
  await expect(button('Remove', second)).toBeFocused();
  await page.keyboard.press('Enter');
  const removal = page.getByRole('alertdialog', { name: 'Remove this content?' });
  await expect(removal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(removal.getByRole('button', { name: 'Remove' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(removal).toBeHidden();
  await expect(button('Remove', second)).toHaveCount(0);
  await expect(button('Remove', third)).toBeFocused();

  // The last report dismissed, the table says that none is left, and has the focus.
  await page.keyboard.press('Tab');
  await expect(button('Dismiss', third)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
  await expect(reports.getByRole('heading', { name: 'No open reports' })).toBeFocused();
  await expectNoAxeViolations(page, '/admin/moderation, every report resolved');

  const { data: statuses } = await rest<{ id: string; status: string }[]>(
    `/rest/v1/posts?select=id,status&id=in.(${postIds.join(',')})`,
  );
  expect(Object.fromEntries(statuses.map((p) => [p.id, p.status]))).toEqual({
    [postIds[0]!]: 'hidden',
    [postIds[1]!]: 'removed',
    [postIds[2]!]: 'published',
  });

  // A hide is undone from the hidden content: the hidden post heads it (the removed one is not
  // there); restored by keyboard, it is published again and the focus stays in the table.
  const hiddenTable = page.getByRole('table', { name: 'Hidden content' });
  const restoreFirst = hiddenTable.getByRole('button', {
    name: `Restore: post “${first}”`,
    exact: true,
  });
  await expect(hiddenTable.getByRole('row').nth(1)).toContainText(first);
  await expect(hiddenTable).not.toContainText(second);
  await expectNoAxeViolations(page, '/admin/moderation with hidden content');
  await restoreFirst.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Content restored', { exact: true })).toBeVisible();
  await expect(restoreFirst).toHaveCount(0);
  await expect(
    hiddenTable
      .getByRole('button', { name: /^Restore: / })
      .or(hiddenTable.getByRole('heading', { name: 'Nothing is hidden' }))
      .first(),
  ).toBeFocused();
  const { data: restored } = await rest<{ status: string }[]>(
    `/rest/v1/posts?select=status&id=eq.${postIds[0]}`,
  );
  expect(restored[0]!.status).toBe('published');
});

/** Posts to the stack's REST API as a signed-in user; fails the test on an error. */
async function restAs<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json', prefer: 'return=representation' }),
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

test('an administrator rejects with a reason, the merchant reads it, sends the company again and is approved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A merchant of its own that finished onboarding, with a product and a claim waiting for review.
  const merchant = await createAccount('juniper', 'Fern&Market26', {
    name: 'Noor Haddad',
    role: 'merchant',
  });
  const company = `Juniper Refill ${merchant.id.slice(0, 6)}`;
  const { token } = await signIn(merchant);
  await restAs(token, '/rest/v1/merchant_profiles', {
    id: merchant.id,
    company_name: company,
    website: 'https://juniper-refill.example',
    description: 'Refill pouches for soap and detergent.',
    sustainability_statement:
      'Pouches come back to us, are cleaned and refilled up to thirty times.',
    onboarding_step: 'payouts',
  });
  const product = `Juniper Refill Pouch ${merchant.id.slice(0, 6)}`;
  const productSlug = `juniper-pouch-${merchant.id.slice(0, 8)}`;
  await restAs(token, '/rest/v1/products', {
    merchant_id: merchant.id,
    name: product,
    slug: productSlug,
    description: 'A 1-litre pouch of olive-oil soap, returned and refilled.',
    price_cents: 1_200,
    images: ['/images/products/beeswax-food-wraps.svg'],
    sustainability_attributes: ['refillable', 'plastic-free'],
    status: 'pending_review',
  });
  const claim = `Pouches are refilled thirty times ${merchant.id.slice(0, 6)}`;
  await restAs(token, '/rest/v1/sustainability_claims', {
    merchant_id: merchant.id,
    claim,
    category: 'packaging',
    evidence_url: 'https://audits.example/juniper/refill-audit-2026.pdf',
    issuer: 'Refill Audit Co',
  });
  await restAs(token, '/rest/v1/rpc/complete_onboarding', {});
  const companyRow = async () =>
    (
      await rest<{ approval_status: string; rejection_reason: string | null }[]>(
        `/rest/v1/merchant_profiles?select=approval_status,rejection_reason&id=eq.${merchant.id}`,
      )
    ).data[0]!;

  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/approvals');
  const waiting = page.getByRole('table', { name: 'Merchants waiting for approval' });
  await expect(waiting.getByRole('row', { name: new RegExp(company) })).toBeVisible();

  // Reject asks first, with the reason field focused; cancelled, nothing changes.
  const reject = page.getByRole('button', { name: `Reject ${company}` });
  await reject.click();
  const rejection = page.getByRole('alertdialog', { name: `Reject ${company}?` });
  const reason = rejection.getByRole('textbox', { name: 'Reason (optional)' });
  await expect(reason).toBeFocused();
  await expectNoAxeViolations(page, 'rejecting a merchant');
  await reason.fill('Irrelevant');
  await rejection.getByRole('button', { name: 'Cancel' }).click();
  await expect(rejection).toBeHidden();
  await expect(reject).toBeFocused();
  expect(await companyRow()).toEqual({ approval_status: 'pending', rejection_reason: null });

  const because = 'Your website does not show where pouches are returned. Add the address.';
  await reject.click();
  await expect(reason).toHaveValue('');
  await reason.fill(because);
  await rejection.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Merchant rejected', { exact: true })).toBeVisible();
  await expect(waiting.getByRole('row', { name: new RegExp(company) })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Merchants/ })).toBeFocused();
  expect(await companyRow()).toEqual({ approval_status: 'rejected', rejection_reason: because });

  // Products name their merchant and open their details; a rejection keeps its reason.
  await page.getByRole('tab', { name: /^Products/ }).click();
  const products = page.getByRole('table', { name: 'Products waiting for approval' });
  await expect(products.getByRole('row', { name: new RegExp(product) })).toContainText(company);
  await expectTableFits(products, 'Products waiting for approval');
  await products.getByRole('button', { name: `Details of ${product}` }).click();
  const details = page.getByRole('dialog', { name: product });
  await expect(details).toContainText('A 1-litre pouch of olive-oil soap, returned and refilled.');
  await expect(details.getByRole('img', { name: `${product}, view 1 of 1` })).toBeVisible();
  await expect(details).toContainText('Refillable');
  await expect(details).toContainText('Plastic free');
  // Its address is the product page's, which opens in a new tab: an administrator sees the product
  // there while it waits for review.
  const address = details.getByRole('link', { name: `/products/${productSlug}`, exact: true });
  await expect(address).toHaveAttribute('href', `/products/${productSlug}`);
  await expectNoAxeViolations(page, 'a product’s details in the approval queue');
  const [productPage] = await Promise.all([page.context().waitForEvent('page'), address.click()]);
  await expect(productPage).toHaveURL(new RegExp(`/products/${productSlug}$`));
  await expect(productPage.getByRole('heading', { level: 1, name: product })).toBeVisible();
  await productPage.close();
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await products.getByRole('button', { name: `Reject ${product}` }).click();
  const productRejection = page.getByRole('alertdialog', { name: `Reject ${product}?` });
  await productRejection
    .getByRole('textbox', { name: 'Reason (optional)' })
    .fill('Say which oils the soap is made of.');
  await productRejection.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Product rejected', { exact: true })).toBeVisible();
  const { data: rejectedProduct } = await rest<{ status: string; rejection_reason: string }[]>(
    `/rest/v1/products?select=status,rejection_reason&merchant_id=eq.${merchant.id}`,
  );
  expect(rejectedProduct).toEqual([
    { status: 'rejected', rejection_reason: 'Say which oils the soap is made of.' },
  ]);

  // Claims name their merchant and their evidence; approving one takes one click.
  await page.getByRole('tab', { name: /^Claims/ }).click();
  const claimRow = page
    .getByRole('table', { name: 'Claims waiting for review' })
    .getByRole('row', { name: new RegExp(claim) });
  await expect(claimRow).toContainText(company);
  await expect(
    claimRow.getByRole('link', { name: 'refill-audit-2026.pdf (audits.example)' }),
  ).toHaveAttribute('href', 'https://audits.example/juniper/refill-audit-2026.pdf');
  await claimRow.getByRole('button', { name: `Approve ${claim}` }).click();
  await expect(page.getByText('Claim approved', { exact: true })).toBeVisible();
  await logout(page);

  // The merchant reads the rejection and its reason, and what to do next.
  await login(page, merchant, /\/dashboard-vendor$/);
  const status = page.getByRole('region', { name: 'Your company was not approved' });
  await expect(status).toContainText(because);
  await expect(status).toContainText('send your company for approval again');
  await expectNoAxeViolations(page, '/dashboard-vendor, rejected');
  await status.getByRole('link', { name: 'Edit your details' }).click();
  await expect(page).toHaveURL(/\/vendor-onboarding$/);
  const onboardingStatus = page.getByRole('region', { name: 'Your company was not approved' });
  await expect(onboardingStatus).toContainText(because);
  await expect(page.getByText('Not approved: read the reason at the top')).toBeVisible();
  await expectNoAxeViolations(page, '/vendor-onboarding, rejected');
  await onboardingStatus.getByRole('button', { name: 'Send for approval again' }).click();
  await expect(page.getByText('Sent for approval', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Your company is waiting for approval' }),
  ).toBeFocused();
  expect(await companyRow()).toEqual({ approval_status: 'pending', rejection_reason: null });
  await expectNoAxeViolations(page, '/vendor-onboarding, sent again');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(
    page.getByRole('region', { name: 'Your company is waiting for approval' }),
  ).toBeVisible();
  await logout(page);

  // Back in the queue; approving a merchant opens it to the shop, so it asks first.
  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/approvals');
  await page.getByRole('button', { name: `Approve ${company}` }).click();
  const approval = page.getByRole('alertdialog', { name: `Approve ${company}?` });
  await expect(approval).toContainText('opens to the shop');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Merchant approved', { exact: true })).toBeVisible();
  expect(await companyRow()).toEqual({ approval_status: 'approved', rejection_reason: null });
});

/** A request to the stack's REST API as the service role; the JSON answer and the row count. */
async function rest<T>(path: string, body?: unknown): Promise<{ data: T; total: number }> {
  const response = await fetch(new URL(path, stack.apiUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: asService({
      'content-type': 'application/json',
      prefer: body === undefined ? 'count=exact' : 'return=representation',
    }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  const total = Number(response.headers.get('content-range')?.split('/')[1] ?? Number.NaN);
  return { data: (await response.json()) as T, total };
}

/** The number of payouts, and the name and username of the newest payout's affiliate. */
async function newestPayout(): Promise<{ total: number; name: string; username: string }> {
  const { data, total } = await rest<{ affiliate_id: string }[]>(
    '/rest/v1/payouts?select=affiliate_id&order=created_at.desc,id.desc&limit=1',
  );
  const { data: profiles } = await rest<{ name: string; username: string }[]>(
    `/rest/v1/profiles?select=name,username&id=eq.${data[0]!.affiliate_id}`,
  );
  return { total, ...profiles[0]! };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test('administrators see the payout history by name, a run refreshes it, and a transfer is marked paid', async ({
  page,
}) => {
  // An affiliate of its own with an approved commission, so that the run pays somebody. The name
  // starts like a spreadsheet formula: the run's CSV must not let it run.
  const payee = await createAccount('payee', 'Moss+Creator26', {
    name: '=Wren Payton',
    role: 'affiliate',
  });
  // A second payout being transferred besides the seed's, so that marking one paid has a next.
  await rest('/rest/v1/payouts', {
    affiliate_id: payee.id,
    amount_cents: 1_500,
    status: 'processing',
  });
  const { data: programs } = await rest<{ id: string; merchant_id: string }[]>(
    '/rest/v1/affiliate_programs?select=id,merchant_id&status=eq.active&limit=1',
  );
  const program = programs[0]!;
  const paidAt = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const { data: orders } = await rest<{ id: string }[]>('/rest/v1/orders', {
    merchant_id: program.merchant_id,
    status: 'paid',
    total_cents: 24_000,
    merchant_amount_cents: 21_600,
    affiliate_amount_cents: 2_400,
    attributed_affiliate_id: payee.id,
    paid_at: paidAt,
  });
  await rest('/rest/v1/commissions', {
    affiliate_id: payee.id,
    merchant_id: program.merchant_id,
    program_id: program.id,
    order_id: orders[0]!.id,
    amount_cents: 2_400,
    status: 'approved',
    available_at: paidAt,
    approved_at: paidAt,
  });
  const before = await newestPayout();
  expect(before.total, 'the seed has payouts').toBeGreaterThan(0);

  await login(page, admin, /\/admin$/);
  await page.getByRole('link', { name: 'Open payouts' }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // The seed's payouts, newest first, by the affiliate's name and username.
  const history = page.getByRole('table', { name: 'Payout history' });
  await expect(history.getByRole('row')).toHaveCount(Math.min(before.total, 20) + 1);
  const newest = history.getByRole('row').nth(1).getByRole('rowheader');
  await expect(newest).toContainText(before.name);
  await expect(newest).toContainText(`@${before.username}`);
  await expect(history.getByText(/^tr_test_/).first()).toBeVisible();
  await expect(history).not.toContainText(UUID);
  await expect(
    page.getByText(`1–${Math.min(before.total, 20)} of ${before.total}`, { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/admin/payouts');
  // The page says what a run does: its payouts are recorded paid at once, and a Processing payout
  // (bundled outside a run) waits for "Mark paid".
  await expect(page.getByText(/records those payouts as paid at once/)).toBeVisible();
  await expect(page.getByText(/A payout marked Processing was bundled on its own/)).toBeVisible();

  // Paging by keyboard keeps the focus in the pagination (the page does not jump to its top).
  expect(before.total, 'the seed has more than one page of payouts').toBeGreaterThan(20);
  const pages = page.getByRole('navigation', { name: 'Payout history pages' });
  await pages.getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(`21–${Math.min(before.total, 40)} of ${before.total}`, { exact: true }),
  ).toBeVisible();
  await expect(
    pages.getByRole('button', { name: before.total > 40 ? 'Next page' : 'Page 2' }),
  ).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // The page is in the address: a reload keeps it.
  await expect(page).toHaveURL(/\/admin\/payouts\?page=2$/);
  await page.reload();
  await expect(
    page.getByText(`21–${Math.min(before.total, 40)} of ${before.total}`, { exact: true }),
  ).toBeVisible();
  // Back on the first page "Previous page" is disabled: the current page's button keeps the focus.
  await pages.getByRole('button', { name: 'Previous page' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(`1–${Math.min(before.total, 20)} of ${before.total}`, { exact: true }),
  ).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 1' })).toBeFocused();

  // A run is always exported: it asks first, and cancelled it pays nobody.
  const downloads: Download[] = [];
  page.on('download', (file) => downloads.push(file));
  await page.getByRole('button', { name: 'Run and export CSV' }).click();
  const csvRun = page.getByRole('alertdialog', { name: 'Run payouts and export a CSV?' });
  await expect(csvRun).toContainText('This is a real run');
  await csvRun.getByRole('button', { name: 'Cancel' }).click();
  await expect(csvRun).toBeHidden();
  expect((await newestPayout()).total).toBe(before.total);

  // Confirmed, the run shows its payouts and downloads them as a CSV file for the bank transfers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Run and export CSV' }).click();
  await csvRun.getByRole('button', { name: 'Run and export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^verdant-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(
    page.getByText(/^\d+ payouts? recorded paid\. The CSV file was downloaded\.$/),
  ).toBeVisible();
  const thisRun = page.getByRole('table', { name: 'Payouts of this run' });
  await expect(thisRun.getByRole('rowheader', { name: /Wren Payton/ })).toBeVisible();
  await expect(thisRun).not.toContainText(UUID);
  // One line per payout of the table, every cell quoted, and the name that looks like a formula
  // made text with a leading '.
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.replace(/\r\n$/, '').split('\r\n');
  await expect(thisRun.getByRole('row')).toHaveCount(lines.length);
  expect(lines[0]).toBe(
    '"payout_id","affiliate_id","affiliate_name","amount","currency","status","paid_at"',
  );
  for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  expect(lines.find((line) => line.includes(payee.id))).toMatch(
    /^"[^"]+","[^"]+","'=Wren Payton","24\.00","USD","paid","[^"]+"$/,
  );
  // The file can be downloaded again from the run's result.
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the CSV of this run' }).click();
  expect(await readFile(await (await again).path(), 'utf8')).toBe(csv);

  // The history is read again: the run's payouts head it and the total grows.
  const after = await newestPayout();
  expect(after.total).toBeGreaterThan(before.total);
  await expect(
    page.getByText(`1–${Math.min(after.total, 20)} of ${after.total}`, { exact: true }),
  ).toBeVisible();
  // The payee's: the run's payout and the one being transferred.
  await expect(history.getByRole('rowheader', { name: /Wren Payton/ })).toHaveCount(2);
  await expect(history).not.toContainText(UUID);
  await expectNoAxeViolations(page, '/admin/payouts after a run');

  // The seed's payout still being transferred is marked paid once the money has arrived.
  const { data: processing } = await rest<{ id: string }[]>(
    `/rest/v1/payouts?select=id&status=eq.processing&affiliate_id=neq.${payee.id}`,
  );
  expect(processing, 'the seed has a payout being transferred').toHaveLength(1);
  const payoutId = processing[0]!.id;
  await history.getByRole('button', { name: 'Mark paid: the payout to Jordan Rivers' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark this payout paid?' });
  await expect(confirm).toContainText('reached Jordan Rivers');
  // The transfer's reference is kept with the payout; another payout's reference is refused.
  const reference = confirm.getByRole('textbox', { name: 'Transfer reference (optional)' });
  await expect(reference).toHaveValue('');
  const { data: referenced } = await rest<{ stripe_transfer_id: string }[]>(
    '/rest/v1/payouts?select=stripe_transfer_id&stripe_transfer_id=not.is.null&limit=1',
  );
  await reference.fill(referenced[0]!.stripe_transfer_id);
  // Enter in the one-line reference field confirms the dialog.
  await reference.press('Enter');
  await expect(confirm.getByRole('alert')).toHaveText(
    'Another payout already has this reference. Check the reference and try again.',
  );
  await expectNoAxeViolations(page, 'marking a payout paid');
  await reference.fill('BANK-2026-0042');
  await reference.press('Enter');
  await expect(page.getByText('Payout marked paid', { exact: true })).toBeVisible();
  await expect(
    history.getByRole('button', { name: 'Mark paid: the payout to Jordan Rivers' }),
  ).toHaveCount(0);
  const markedRow = history
    .getByRole('row', { name: /Jordan Rivers/ })
    .filter({ hasText: 'BANK-2026-0042' });
  await expect(markedRow).toHaveCount(1);
  // Its button gone, the focus goes to the other payout being transferred, not lost to the page.
  const nextMark = history.getByRole('button', { name: 'Mark paid: the payout to =Wren Payton' });
  await expect(nextMark).toBeFocused();
  const { data: marked } = await rest<
    { status: string; paid_at: string | null; stripe_transfer_id: string | null }[]
  >(`/rest/v1/payouts?select=status,paid_at,stripe_transfer_id&id=eq.${payoutId}`);
  expect(marked[0]).toMatchObject({ status: 'paid', stripe_transfer_id: 'BANK-2026-0042' });
  expect(marked[0]!.paid_at).not.toBeNull();
  // The commissions it holds are paid with it.
  const { data: held } = await rest<{ status: string }[]>(
    `/rest/v1/commissions?select=status&payout_id=eq.${payoutId}`,
  );
  expect(held.length).toBeGreaterThan(0);
  expect(held.every((c) => c.status === 'paid')).toBe(true);

  // The last one marked paid (by keyboard), the focus goes to the history table, with a visible
  // indicator.
  await page.keyboard.press('Enter');
  const last = page.getByRole('alertdialog', { name: 'Mark this payout paid?' });
  await last.getByRole('textbox', { name: 'Transfer reference (optional)' }).press('Enter');
  await expect(nextMark).toHaveCount(0);
  await expect(history).toBeFocused();
  expect(
    await history.evaluate(
      (table) => table.matches(':focus-visible') && getComputedStyle(table).outlineStyle !== 'none',
    ),
  ).toBe(true);

  // A run that pays nobody says so, downloads nothing and offers no file.
  const before2 = downloads.length;
  await page.getByRole('button', { name: 'Run and export CSV' }).click();
  await csvRun.getByRole('button', { name: 'Run and export CSV' }).click();
  await expect(
    page.getByText('Nobody was due a payout: no file to download.', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Nobody was due a payout' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the CSV of this run' })).toHaveCount(0);
  expect(downloads).toHaveLength(before2);
  await expectNoAxeViolations(page, '/admin/payouts after a run that paid nobody');

  // Any period's payouts download again after the page is left: the last 30 days hold the run's,
  // its formula-like name still made text.
  await page.reload();
  const exportCard = page.getByRole('heading', { level: 2, name: 'Export payouts' });
  await expect(exportCard).toBeVisible();
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const exportFile = await exported;
  expect(exportFile.suggestedFilename()).toMatch(
    /^verdant-payouts-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const exportedCsv = await readFile(await exportFile.path(), 'utf8');
  const exportedLines = exportedCsv.replace(/\r\n$/, '').split('\r\n');
  expect(exportedLines[0]).toBe(lines[0]);
  for (const line of lines.slice(1)) {
    const id = line.slice(0, line.indexOf(','));
    expect(exportedLines.filter((l) => l.startsWith(`${id},`))).toHaveLength(1);
  }
  const payeeRunLine = lines.find((line) => line.includes(payee.id))!;
  expect(exportedLines).toContain(payeeRunLine);
  await expect(
    page.getByText(`${exportedLines.length - 1} payouts downloaded as a CSV file.`, {
      exact: true,
    }),
  ).toBeVisible();

  // A day without payouts gives no file, and says so.
  const { data: recent } = await rest<{ created_at: string }[]>(
    `/rest/v1/payouts?select=created_at&created_at=gte.${new Date(Date.now() - 40 * 86_400_000).toISOString()}`,
  );
  const startOf = (t: Date) => new Date(t.getFullYear(), t.getMonth(), t.getDate());
  const today = startOf(new Date());
  const quiet = Array.from({ length: 28 }, (_, i) =>
    startOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1 - i)),
  ).find(
    (day) => !recent.some((p) => startOf(new Date(p.created_at)).getTime() === day.getTime()),
  )!;
  expect(quiet, 'a day of the last four weeks without payouts').toBeDefined();
  const quietName = await page.evaluate(
    (time) =>
      new Intl.DateTimeFormat(undefined, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(time)),
    quiet.getTime(),
  );
  await page.getByRole('button', { name: /^Payouts made:/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose payouts made' });
  if (quiet.getMonth() !== today.getMonth())
    await calendar.getByRole('button', { name: 'Previous month' }).click();
  const dayButton = calendar.getByRole('button', { name: new RegExp(`^${quietName}`) });
  await dayButton.click();
  await dayButton.click();
  await calendar.getByRole('button', { name: 'Apply' }).click();
  await expect(calendar).toBeHidden();
  const downloadsBefore = downloads.length;
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(
    page.getByText('No payouts were made in this period: there is no file to download.', {
      exact: true,
    }),
  ).toBeVisible();
  expect(downloads).toHaveLength(downloadsBefore);
  await expectNoAxeViolations(page, '/admin/payouts export');

  const screenshot = test.info().outputPath('admin-payouts.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await test.info().attach('admin payouts', { path: screenshot, contentType: 'image/png' });
});

test('a payout history page past the last becomes the last page, in place of the address', async ({
  page,
}) => {
  const { total } = await newestPayout();
  expect(total, 'the seed has more than one page of payouts').toBeGreaterThan(20);
  const last = Math.ceil(total / 20);
  await login(page, admin, /\/admin$/);
  // An old link, or one made before the history shrank.
  await visit(page, '/admin/payouts?page=99');
  await expect(page).toHaveURL(new RegExp(`/admin/payouts\\?page=${last}$`));
  const history = page.getByRole('table', { name: 'Payout history' });
  await expect(
    page.getByText(`${(last - 1) * 20 + 1}–${total} of ${total}`, { exact: true }),
  ).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(total - (last - 1) * 20 + 1);
  await expect(page.getByRole('heading', { name: 'No payouts yet' })).toHaveCount(0);
  await expect(
    page
      .getByRole('navigation', { name: 'Payout history pages' })
      .getByRole('button', { name: `Page ${last}` }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, '/admin/payouts from a page past the last');
  // The address asked for was replaced: Back leaves the payouts, not for the page past the last.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
});

test('on a 360 px phone the export’s date picker fits the screen, every preset and the calendar', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, '/admin/payouts');
  // The errors the page reports as client errors (a resize loop of the bounded panel among them).
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { pageErrors: seen });
    window.addEventListener('error', (event) => seen.push(event.message));
  });
  const trigger = page.getByRole('button', { name: /^Payouts made:/ });
  await trigger.click();
  const calendar = page.getByRole('dialog', { name: 'Choose payouts made' });
  await expect(calendar).toBeVisible();
  // The width the page is drawn in (the viewport's, less a scrollbar's).
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const fits = async (part: Locator, name: string) => {
    const box = await part.boundingBox();
    expect(box, `${name} is drawn`).not.toBeNull();
    expect(box!.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name}: right edge`).toBeLessThanOrEqual(width);
    expect(box!.y + box!.height, `${name}: bottom edge`).toBeLessThanOrEqual(740);
  };
  await fits(calendar, 'the panel');
  const presets = calendar.getByRole('list', { name: 'Presets' }).getByRole('button');
  expect(await presets.count()).toBeGreaterThan(0);
  for (const preset of await presets.all())
    await fits(preset, `preset ${await preset.textContent()}`);
  await fits(calendar.getByRole('grid'), 'the calendar');
  await fits(calendar.getByRole('button', { name: 'Apply' }), 'Apply');
  // Nothing scrolls sideways: neither the panel nor the page.
  expect(
    await calendar.evaluate((panel) => panel.scrollWidth - panel.clientWidth),
  ).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, '/admin/payouts at 360 px, choosing the export’s period');
  expect(
    await page.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors),
  ).toEqual([]);
  // Closed, the picker gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(trigger).toBeFocused();
});
