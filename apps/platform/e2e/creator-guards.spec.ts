import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  asService,
  closeWithEscape,
  createAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
} from './support/fixtures.ts';

/**
 * Screenshots of a new state at a desktop's and a small phone's width, kept with the test's
 * output for a person to look at; the viewport is put back afterwards.
 */
async function screenshots(
  page: Page,
  info: TestInfo,
  name: string,
  target?: Locator,
  widths: readonly number[] = [1280, 360],
) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const path = info.outputPath(`${name}-${width}.png`);
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path });
    } else await page.screenshot({ path });
  }
  await page.setViewportSize(size);
}

/** Service-role writes to the stack's REST API, outside any page. */
async function serviceRequest(method: 'PATCH' | 'POST', path: string, body: unknown) {
  const response = await fetch(new URL(`/rest/v1/${path}`, stack.apiUrl), {
    method,
    headers: asService({ 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
}

/** A fresh affiliate, logged in, approved in Evergreen Home Partners (which approves at once). */
async function joinedAffiliate(page: Page, prefix: string, name: string) {
  const account = await createAccount(prefix, 'Moss+Creator26', { name, role: 'affiliate' });
  await login(page, account, /\/dashboard$/);
  await page.goto('/affiliate-programs');
  const program = page.getByRole('article', { name: 'Evergreen Home Partners' });
  await program.getByRole('button', { name: 'Join program' }).click();
  await expect(program.getByRole('link', { name: 'Create a link' })).toBeVisible();
  return account;
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const leaveQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Leave this page?' });

/** A sidebar link that leaves at once, without the question (nothing unsaved). */
async function leavesFreely(page: Page, link: string, to: RegExp) {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  await expect(page).toHaveURL(to);
  await expect(leaveQuestion(page)).toHaveCount(0);
}

/** A sidebar link that asks first, saying `lost`; Stay keeps the page where it was. */
async function asksAndStays(page: Page, link: string, here: RegExp, lost: string | RegExp) {
  await sidebar(page).getByRole('link', { name: link, exact: true }).click();
  const question = leaveQuestion(page);
  await expect(question).toBeVisible();
  await expect(question).toHaveAccessibleDescription(lost);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(here);
}

test.describe('creator surfaces: tracked-link items and unsaved forms', () => {
  test('a program or a tracked link is added to /my-links, put back after removal, and refused first at the free plan’s limit', async ({
    page,
  }, info) => {
    const account = await joinedAffiliate(page, 'program-item', 'Ivy Programpage');
    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    const kind = form.getByRole('combobox', { name: 'Kind' });
    await expect(kind.locator('option')).toHaveText(['Link', 'Product', 'Tracked link', 'Header']);
    await kind.selectOption({ label: 'Tracked link' });
    const picker = form.getByRole('combobox', { name: 'Tracked link or program' });
    const programOption = 'Program: Evergreen Home Partners (Evergreen Home Co.’s shop)';
    await expect(picker.locator('option', { hasText: programOption })).toBeAttached();
    await expect(picker).toHaveValue('');
    await expect(picker).toHaveAccessibleDescription(
      'Choose one of your tracked links, or a program you have joined to link to its merchant’s shop.',
    );
    await expect(form.getByLabel('Item label (optional)')).toHaveAccessibleDescription(
      'Shown instead of the tracked link’s title.',
    );
    // Nothing is chosen for the user: Add is refused at the picker until something is.
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(/Choose a tracked link or a program to add$/);
    await expectNoAxeViolations(page, '/my-links refusing a tracked-link item without a choice');

    // A program without a link to its shop yet: adding it makes one, and says so first.
    await picker.selectOption({ label: programOption });
    await expect(picker).not.toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(
      'Adding it creates a tracked link to Evergreen Home Co.’s shop in Evergreen Home Partners, so purchases are credited to you.',
    );
    await expectNoAxeViolations(page, '/my-links with a program chosen');
    await screenshots(page, info, 'my-links-program-item', form);
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(
      page
        .getByText(
          'Evergreen Home Partners. A tracked link to Evergreen Home Co.’s shop was created in Evergreen Home Partners.',
        )
        .first(),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Items on your page' });
    const item = list.getByRole('listitem').filter({ hasText: 'Evergreen Home Partners' });
    await expect(item).toContainText(/Tracked link · \/go\/[A-Za-z0-9_-]{4,32}/);
    const summary = await item.getByText(/^Tracked link · /).textContent();
    const code = /\/go\/([A-Za-z0-9_-]{4,32})$/.exec(summary ?? '')![1]!;
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.getByRole('link', { name: 'Evergreen Home Partners' })).toHaveAttribute(
      'href',
      `/go/${code}`,
    );
    await expect(picker).toHaveValue('');

    // Removed (its Undo let go), it is put back from the picker: its link is offered by name, and
    // the program now reuses that link rather than making a second one.
    await page.getByRole('button', { name: 'Remove Evergreen Home Partners' }).click();
    await expect(item).toHaveCount(0);
    const linkOption = `Link: Evergreen Home Partners (/go/${code})`;
    await picker.selectOption({ label: programOption });
    await expect(picker).toHaveAccessibleDescription(
      `You already have a tracked link to Evergreen Home Co.’s shop: visits go through “Evergreen Home Partners” (/go/${code}), so purchases are credited to you.`,
    );
    await picker.selectOption({ label: linkOption });
    await expect(picker).toHaveAccessibleDescription(
      `Visits go through your tracked link “Evergreen Home Partners” (/go/${code}), so purchases are credited to you.`,
    );
    await form.getByLabel('Item label (optional)').fill('Shop my home picks');
    await form.getByRole('button', { name: 'Add item' }).click();
    const restored = list.getByRole('listitem').filter({ hasText: 'Shop my home picks' });
    await expect(restored).toContainText(`Tracked link · /go/${code}`);
    await expect(preview.getByRole('link', { name: 'Shop my home picks' })).toHaveAttribute(
      'href',
      `/go/${code}`,
    );
    await expect(picker.locator('option', { hasText: /^Link: / })).toHaveCount(1);
    await expectNoAxeViolations(page, '/my-links with a tracked-link item');

    // The shop's link disabled and the plan's ten links used: the program would need a new link,
    // which the picker says cannot be made before Add is pressed, and Add is refused at it.
    await serviceRequest('PATCH', `affiliate_links?affiliate_id=eq.${account.id}`, {
      is_active: false,
    });
    const stamp = Date.now().toString(36);
    await serviceRequest(
      'POST',
      'affiliate_links',
      Array.from({ length: 9 }, (_, i) => ({
        affiliate_id: account.id,
        code: `plim-${stamp}-${i}`,
        destination_url: `https://example.org/limit/${i}`,
        title: `Link ${i + 2}`,
      })),
    );
    await page.reload();
    await kind.selectOption({ label: 'Tracked link' });
    await expect(picker).toHaveAccessibleDescription(
      'The 10 tracked links of your free plan are all in use: choose one of your tracked links, or a program you already have a link to the shop of. See Affiliate Pro for unlimited tracked links.',
    );
    // A disabled link is not offered: an item through it would not be shown.
    await expect(picker.locator('option', { hasText: linkOption })).toHaveCount(0);
    await picker.selectOption({ label: programOption });
    await expect(picker).toHaveAccessibleDescription(
      'You have no tracked link to Evergreen Home Co.’s shop, and the 10 tracked links of your free plan are all in use: it cannot be added, choose one of your tracked links instead. See Affiliate Pro for unlimited tracked links.',
    );
    await expect(
      form.getByRole('link', { name: 'See Affiliate Pro for unlimited tracked links' }),
    ).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page, '/my-links at the limit with a program chosen');
    await screenshots(page, info, 'my-links-program-at-limit', form);
    const rows = await list.getByRole('listitem').count();
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(
      /Not added: no tracked link could be made for it, as the 10 tracked links of your free plan are all in use\.$/,
    );
    await expect(list.getByRole('listitem')).toHaveCount(rows);
    await expectNoAxeViolations(page, '/my-links refusing a program at the limit');
    // One of the links the affiliate has is still added; not a program's, so nothing is credited.
    await picker.selectOption({ label: `Link: Link 2 (/go/plim-${stamp}-0)` });
    await expect(picker).toHaveAccessibleDescription(
      `Visits go through your tracked link “Link 2” (/go/plim-${stamp}-0).`,
    );
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(list.getByRole('listitem').filter({ hasText: 'Link 2' })).toContainText(
      `Tracked link · /go/plim-${stamp}-0`,
    );
  });

  test('on /my-links half-typed add and edit forms ask before leaving, with the page settings, in one question', async ({
    page,
  }, info) => {
    const account = await createAccount('link-guard', 'Moss+Creator26', {
      name: 'Fern Guardpage',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.getByLabel('Item label').fill('Seed library');
    await form.getByLabel('Item address').fill('https://example.org/seeds');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('button', { name: 'Edit Seed library' })).toBeVisible();
    // Added: nothing is left unsaved, and the page goes without a question.
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Link-in-bio page' }).click();
    await expect(page).toHaveURL(/\/my-links$/);

    // A label half typed in the add form: the sidebar asks, and staying keeps it.
    await form.getByLabel('Item label').fill('Repair caf');
    await asksAndStays(page, 'Shop', /\/my-links$/, 'The item you were adding is not added yet.');
    await expect(form.getByLabel('Item label')).toHaveValue('Repair caf');

    // An edit too: one question names both, and Back asks it as the sidebar does.
    await page.getByRole('button', { name: 'Edit Seed library' }).click();
    const editor = page.getByRole('form', { name: 'Edit Seed library' });
    await editor.getByLabel('Label', { exact: true }).fill('Seed library (spring)');
    await page.evaluate(() => window.history.back());
    const question = leaveQuestion(page);
    await expect(question).toHaveAccessibleDescription(
      'The item you were adding is not added yet. Your changes to the item “Seed library” are not saved.',
    );
    await expect(page).toHaveURL(/\/my-links$/);
    await expectNoAxeViolations(page, '/my-links asking about the add and edit forms');
    await screenshots(page, info, 'my-links-leave-question', question, [1280]);
    await closeWithEscape(page, question);
    await expect(editor.getByLabel('Label', { exact: true })).toHaveValue('Seed library (spring)');

    // The add form emptied: only the edit is left to ask about. Cancel it: the page asks nothing.
    await form.getByLabel('Item label').fill('');
    await asksAndStays(page, 'Shop', /\/my-links$/, /^Your changes to the item “Seed library”/);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);

    // The page settings and the add form together: leaving asks about both; Save page and Add
    // item let the page go.
    const settings = page.getByRole('form', { name: 'Page settings' });
    await settings.getByLabel('Title').fill('Fern’s garden links');
    await form.getByLabel('Item label').fill('Compost guide');
    await form.getByLabel('Item address').fill('https://example.org/compost');
    await sidebar(page).getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(question).toHaveAccessibleDescription(
      'Your changes to the title, bio, theme or publishing are not saved. The item you were adding is not added yet.',
    );
    await question.getByRole('button', { name: 'Stay' }).click();
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved').first()).toBeVisible();
    await asksAndStays(
      page,
      'Shop',
      /\/my-links$/,
      /^The item you were adding is not added yet\.$/,
    );
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('button', { name: 'Edit Compost guide' })).toBeVisible();
    await leavesFreely(page, 'Shop', /\/shop$/);

    // Leave is a way out: the half-typed item goes with the page.
    await sidebar(page).getByRole('link', { name: 'Link-in-bio page' }).click();
    await form.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Header' });
    await form.getByLabel('Item label').fill('Unfinished header');
    await sidebar(page).getByRole('link', { name: 'Shop', exact: true }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Link-in-bio page' }).click();
    await expect(form.getByLabel('Item label')).toHaveValue('');
  });

  test('on /storefronts/manage the create and edit forms ask before leaving while half typed', async ({
    page,
  }, info) => {
    const account = await createAccount('storefront-guard', 'Moss+Creator26', {
      name: 'Hazel Guardshop',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await sidebar(page).getByRole('link', { name: 'Storefronts' }).click();
    await expect(page).toHaveURL(/\/storefronts\/manage$/);
    const create = page.getByRole('form', { name: 'Create a storefront' });
    const stamp = Date.now().toString(36);
    const title = `Kitchen swaps ${stamp}`;

    // Only a description typed: enough to ask. Staying keeps it; the browser's Back asks too.
    await create.getByLabel('Description').fill('Things I refill');
    await asksAndStays(
      page,
      'Shop',
      /\/storefronts\/manage$/,
      'The storefront you were creating is not created yet.',
    );
    await expect(create.getByLabel('Description')).toHaveValue('Things I refill');
    await page.evaluate(() => window.history.back());
    const question = leaveQuestion(page);
    await expect(question).toHaveAccessibleDescription(
      'The storefront you were creating is not created yet.',
    );
    await expectNoAxeViolations(page, '/storefronts/manage asking about the create form');
    await screenshots(page, info, 'storefront-leave-question', undefined, [1280, 360]);
    await closeWithEscape(page, question);
    await expect(page).toHaveURL(/\/storefronts\/manage$/);
    // Emptied, the form lets the page go.
    await create.getByLabel('Description').fill('');
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Storefronts' }).click();

    // Created: nothing is left unsaved.
    await create.getByLabel('Storefront title').fill(title);
    await create.getByRole('button', { name: 'Create storefront' }).click();
    const section = page.getByRole('region', { name: title });
    await expect(section).toBeVisible();
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Storefronts' }).click();

    // The edit form: a changed title asks; Cancel lets the page go.
    await section.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = section.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Storefront title').fill(`${title} and more`);
    await asksAndStays(
      page,
      'Shop',
      /\/storefronts\/manage$/,
      `Your changes to “${title}” are not saved.`,
    );
    await expect(edit.getByLabel('Storefront title')).toHaveValue(`${title} and more`);
    await expectNoAxeViolations(page, '/storefronts/manage with an unsaved edit');
    // Typed back as it was: nothing to ask about.
    await edit.getByLabel('Storefront title').fill(title);
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Storefronts' }).click();
    await section.getByRole('button', { name: `Edit ${title}` }).click();
    await edit.getByLabel('Description').fill('Refills only');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Storefronts' }).click();
    // Saved: the page goes without asking.
    await section.getByRole('button', { name: `Edit ${title}` }).click();
    await edit.getByLabel('Description').fill('Refills only');
    await edit.getByRole('button', { name: 'Save storefront' }).click();
    await expect(edit).toHaveCount(0);
    await expect(section).toContainText('Refills only');
    await leavesFreely(page, 'Shop', /\/shop$/);
  });

  test('on /affiliate-links the create form and the title editor ask before leaving, in one question', async ({
    page,
  }, info) => {
    await joinedAffiliate(page, 'links-guard', 'Basil Guardlinks');
    await sidebar(page).getByRole('link', { name: 'Links', exact: true }).click();
    await expect(page).toHaveURL(/\/affiliate-links$/);
    const create = page.getByRole('form', { name: 'Create a tracked link' });
    await create.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByText('Link created').first()).toBeVisible();
    const card = page.getByRole('heading', { name: 'Evergreen Home Partners', level: 2 });
    await expect(card).toBeFocused();
    await leavesFreely(page, 'Shop', /\/shop$/);
    await sidebar(page).getByRole('link', { name: 'Links', exact: true }).click();

    // A title half typed in the create form asks; emptied, it does not.
    await create.getByLabel('Title (optional)').fill('Spring camp');
    await asksAndStays(
      page,
      'Shop',
      /\/affiliate-links$/,
      'The tracked link you were creating is not created yet.',
    );
    await expect(create.getByLabel('Title (optional)')).toHaveValue('Spring camp');

    // The title editor too: both in one question, from the sidebar and from Back.
    await page.getByRole('button', { name: /^Stats for \/go\// }).click();
    await page.getByRole('button', { name: 'Edit title' }).click();
    const editor = page.getByRole('form', { name: /^Edit the title of \/go\// });
    await editor.getByLabel('Title', { exact: true }).fill('Evergreen shop, spring');
    await page.evaluate(() => window.history.back());
    const question = leaveQuestion(page);
    await expect(question).toHaveAccessibleDescription(
      /^The tracked link you were creating is not created yet\. Your new title for \/go\/[A-Za-z0-9_-]+ is not saved\.$/,
    );
    await expectNoAxeViolations(page, '/affiliate-links asking about two forms');
    await screenshots(page, info, 'affiliate-links-leave-question', question, [1280]);
    await closeWithEscape(page, question);
    await expect(page).toHaveURL(/\/affiliate-links$/);

    // Saved, the title no longer holds the page; the create form still does until emptied.
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Title saved').first()).toBeVisible();
    await asksAndStays(
      page,
      'Shop',
      /\/affiliate-links$/,
      /^The tracked link you were creating is not created yet\.$/,
    );
    await create.getByLabel('Title (optional)').fill('');
    await leavesFreely(page, 'Shop', /\/shop$/);

    // The editor cancelled lets the page go too.
    await sidebar(page).getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByRole('button', { name: /^Stats for \/go\// }).click();
    await page.getByRole('button', { name: 'Edit title' }).click();
    await editor.getByLabel('Title', { exact: true }).fill('Not kept');
    await asksAndStays(page, 'Shop', /\/affiliate-links$/, /is not saved\.$/);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await leavesFreely(page, 'Shop', /\/shop$/);
  });
});
