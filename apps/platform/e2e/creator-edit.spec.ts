import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  asService,
  closeWithEscape,
  createAccount,
  demoAccount,
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

test.describe('creator surfaces: editing', () => {
  test('an affiliate edits a storefront’s title, description and address, and deletes storefronts after confirming', async ({
    page,
  }, info) => {
    // The seeded affiliate has Affiliate Pro: more than one storefront.
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/storefronts/manage');
    const stamp = Date.now().toString(36);
    const form = page.getByRole('form', { name: 'Create a storefront' });
    const address = form.getByLabel('Address');

    // The hint shows the tidied address the storefront will get, not what was typed.
    await form.getByLabel('Storefront title').fill(`Autumn finds ${stamp}`);
    await expect(address).toHaveValue(`autumn-finds-${stamp}`);
    await address.fill('My Shop!!');
    await expect(address).toHaveAccessibleDescription('Shown at /s/my-shop.');
    // Emptied, the address follows the title again.
    await address.fill('');
    await expect(address).toHaveAccessibleDescription(
      `Shown at /s/autumn-finds-${stamp}, made from the title.`,
    );
    await form.getByLabel('Storefront title').fill(`Autumn finds ${stamp} two`);
    await expect(address).toHaveAccessibleDescription(
      `Shown at /s/autumn-finds-${stamp}-two, made from the title.`,
    );
    await expect(address).toHaveAttribute('placeholder', `autumn-finds-${stamp}-two`);
    await screenshots(page, info, 'create-address-follows-title', form);
    // A refused address is told under the name the field has.
    await address.fill('ab');
    await form.getByRole('button', { name: 'Create storefront' }).click();
    await expect(address).toBeFocused();
    await expect(address).toHaveAccessibleDescription(
      /Address must be 3–64 lower-case letters, digits or single hyphens/,
    );
    await address.fill('');
    await form.getByRole('button', { name: 'Create storefront' }).click();
    const autumnTitle = `Autumn finds ${stamp} two`;
    const autumn = page.getByRole('region', { name: autumnTitle });
    await expect(autumn.getByRole('heading', { name: autumnTitle })).toBeFocused();
    await expect(autumn.getByText(`/s/autumn-finds-${stamp}-two`)).toBeVisible();

    const winterTitle = `Winter finds ${stamp}`;
    await form.getByLabel('Storefront title').fill(winterTitle);
    await form.getByRole('button', { name: 'Create storefront' }).click();
    const winter = page.getByRole('region', { name: winterTitle });
    await expect(winter.getByRole('heading', { name: winterTitle })).toBeFocused();

    // Edit moves the focus to the first field; Cancel and Escape give it back to Edit.
    const edit = winter.getByRole('button', { name: `Edit ${winterTitle}` });
    await edit.click();
    const editor = page.getByRole('form', { name: `Edit ${winterTitle}` });
    await expect(editor.getByLabel('Storefront title')).toBeFocused();
    await expect(editor.getByLabel('Storefront title')).toHaveValue(winterTitle);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);
    await expect(edit).toBeFocused();
    await edit.press('Enter');
    await editor.getByLabel('Storefront title').fill('Not kept');
    await editor.getByLabel('Description').press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(winter.getByRole('heading', { name: winterTitle })).toBeVisible();

    // Changing the address breaks shared links: the field says so, and a taken one is refused.
    await edit.click();
    const editAddress = editor.getByLabel('Address');
    await expect(editAddress).toHaveAccessibleDescription(
      `Shown at /s/winter-finds-${stamp}. Links to /s/winter-finds-${stamp} that you have shared stop working if you change it.`,
    );
    await editAddress.fill('jordan-rivers-picks');
    await editor.getByRole('button', { name: 'Save storefront' }).click();
    await expect(editAddress).toBeFocused();
    await expect(editAddress).toHaveAccessibleDescription(
      /That address is taken\. Choose another\.$/,
    );
    await expectNoAxeViolations(page, '/storefronts/manage editing a storefront');
    await screenshots(page, info, 'edit-storefront-address-taken', winter);

    // Saved: markup typed is removed (the toast says so), and the focus is back on Edit.
    const renamed = `Winter warmers ${stamp}`;
    await editor.getByLabel('Storefront title').fill(`Winter <b>warmers</b> ${stamp}`);
    await editor.getByLabel('Description').fill('Wool, <i>tea</i> and\nslow evenings');
    await editAddress.fill(`Winter Warmers ${stamp}`);
    await expect(editAddress).toHaveAccessibleDescription(
      new RegExp(`^Shown at /s/winter-warmers-${stamp}\\. `),
    );
    await editor.getByRole('button', { name: 'Save storefront' }).click();
    await expect(page.getByText('Storefront saved').first()).toBeVisible();
    await expect(
      page
        .getByText(
          `${renamed}, now at /s/winter-warmers-${stamp}: links to /s/winter-finds-${stamp} no longer work. Its title and description are plain text: markup such as <b> was removed from what you typed.`,
        )
        .first(),
    ).toBeVisible();
    const warmers = page.getByRole('region', { name: renamed });
    await expect(warmers.getByRole('button', { name: `Edit ${renamed}` })).toBeFocused();
    await expect(warmers.getByText(`/s/winter-warmers-${stamp}`)).toBeVisible();
    await expect(warmers.getByText('Wool, tea and')).toBeVisible();

    // Delete asks first; Cancel keeps the storefront and gives the focus back to Delete.
    const remove = warmers.getByRole('button', { name: `Delete ${renamed}` });
    await remove.click();
    const question = page.getByRole('alertdialog', { name: 'Delete this storefront?' });
    await expect(question).toContainText(
      `/s/winter-warmers-${stamp} stops working for anyone you shared it with`,
    );
    await expectNoAxeViolations(page, 'the delete-storefront question');
    await screenshots(page, info, 'delete-storefront-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);
    await expect(remove).toBeFocused();
    await remove.click();
    await closeWithEscape(page, question);
    await expect(remove).toBeFocused();
    // Deleted: gone, and the focus is on the next storefront's heading.
    await remove.click();
    await question.getByRole('button', { name: 'Delete storefront' }).click();
    await expect(page.getByText('Storefront deleted').first()).toBeVisible();
    await expect(warmers).toHaveCount(0);
    await expect(autumn.getByRole('heading', { name: autumnTitle })).toBeFocused();
    expect((await page.request.get(`/s/winter-warmers-${stamp}`)).status()).toBe(404);
    await autumn.getByRole('button', { name: `Delete ${autumnTitle}` }).click();
    await question.getByRole('button', { name: 'Delete storefront' }).click();
    await expect(autumn).toHaveCount(0);
    // The next one, whichever the affiliate has below it.
    await expect(
      page.getByRole('main').getByRole('region').first().getByRole('heading', { level: 2 }),
    ).toBeFocused();
    await expectNoAxeViolations(page, '/storefronts/manage after deleting storefronts');
  });

  test('at the free plan’s tracked-link limit the pickers say so first and add products without a link; disabled links are flagged', async ({
    page,
  }, info) => {
    const account = await createAccount('link-limit', 'Moss+Creator26', {
      name: 'Wren Limitpage',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/affiliate-programs');
    const program = page.getByRole('article', { name: 'Evergreen Home Partners' });
    await program.getByRole('button', { name: 'Join program' }).click();
    await expect(program.getByRole('link', { name: 'Create a link' })).toBeVisible();

    await page.goto('/storefronts/manage');
    const stamp = Date.now().toString(36);
    const title = `Refill shelf ${stamp}`;
    const form = page.getByRole('form', { name: 'Create a storefront' });
    await form.getByLabel('Storefront title').fill(title);
    await form.getByRole('button', { name: 'Create storefront' }).click();
    const section = page.getByRole('region', { name: title });
    const picker = section.getByRole('combobox', { name: `Product to add to ${title}` });
    const products = section.getByRole('list', { name: `Products in ${title}` });
    await picker.selectOption({ label: 'Solid Shampoo Bar' });
    await section.getByRole('button', { name: 'Add product' }).click();
    await expect(products).toContainText('Solid Shampoo Bar');
    await expect(products).not.toContainText('not credited');

    // The database refuses a new link for the plan (a link made elsewhere meanwhile): the picker
    // says why, with the way out, and Add then adds the product without one.
    await page.route('**/rest/v1/affiliate_links*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              code: '42501',
              details: null,
              hint: 'Subscribe to Affiliate Pro on /pricing, or reuse one of your existing links: they all keep working.',
              message:
                'Affiliate Free includes up to 10 tracked links. Affiliate Pro unlocks unlimited tracked links.',
            }),
          })
        : route.fallback(),
    );
    await picker.selectOption({ label: 'Wool Dryer Balls (6)' });
    await section.getByRole('button', { name: 'Add product' }).click();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    // What Add does now is said under the picker, with the way to more links.
    await expect(picker).toHaveAccessibleDescription(
      /it is added without one, so purchases through it are not credited to you\. See Affiliate Pro for unlimited tracked links\. Not added: no tracked link could be made for it, as the 10 tracked links of your free plan are all in use\.$/,
    );
    await expect(
      section.getByRole('link', { name: 'See Affiliate Pro for unlimited tracked links' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(section.getByRole('button', { name: 'Add without a tracked link' })).toBeVisible();
    await expect(products).not.toContainText('Wool Dryer Balls');
    await expectNoAxeViolations(page, '/storefronts/manage refusing a link over the limit');
    await page.unrouteAll();

    // The shampoo bar's link disabled, and the plan's ten links used: after a reload the manager
    // flags the product, and the picker says what adding another would do before it is tried.
    await serviceRequest('PATCH', `affiliate_links?affiliate_id=eq.${account.id}`, {
      is_active: false,
    });
    await serviceRequest(
      'POST',
      'affiliate_links',
      Array.from({ length: 9 }, (_, i) => ({
        affiliate_id: account.id,
        code: `lim-${stamp}-${i}`,
        destination_url: `https://example.org/limit/${i}`,
        title: `Link ${i + 2}`,
      })),
    );
    await page.reload();
    const shampoo = products.getByRole('listitem').filter({ hasText: 'Solid Shampoo Bar' });
    await expect(shampoo).toContainText(
      'Its tracked link is disabled: purchases through it are not credited to you.',
    );
    await expect(
      shampoo.getByRole('link', { name: 'Manage your affiliate links' }),
    ).toHaveAttribute('href', '/affiliate-links');
    await expect(picker).toHaveAccessibleDescription(
      /^The 10 tracked links of your free plan are all in use: products you already have a tracked link for are credited to you; others are added without one/,
    );
    await picker.selectOption({ label: 'Wool Dryer Balls (6)' });
    await expect(picker).toHaveAccessibleDescription(
      /^You have no tracked link for it, and the 10 tracked links of your free plan are all in use: it is added without one, so purchases through it are not credited to you\./,
    );
    await expect(
      section.getByRole('link', { name: 'See Affiliate Pro for unlimited tracked links' }),
    ).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page, '/storefronts/manage at the tracked-link limit');
    await screenshots(page, info, 'storefront-link-limit', section);
    await section.getByRole('button', { name: 'Add without a tracked link' }).click();
    await expect(
      page.getByText(/without a tracked link: purchases through it/).first(),
    ).toBeVisible();
    const balls = products.getByRole('listitem').filter({ hasText: 'Wool Dryer Balls' });
    await expect(balls).toContainText(
      'It has no tracked link: purchases through it are not credited to you.',
    );
    await expectNoAxeViolations(page, '/storefronts/manage with products not credited');
    await screenshots(page, info, 'storefront-flags', products);

    // The link-in-bio editor says the same before Add, and adds the product without a link.
    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const add = page.getByRole('form', { name: 'Add an item' });
    await add.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Product' });
    const productPicker = add.getByRole('combobox', { name: 'Product' });
    await productPicker.selectOption({ label: 'Glass Spray Bottle' });
    await expect(productPicker).toHaveAccessibleDescription(
      /^You have no tracked link for it, and the 10 tracked links of your free plan are all in use: it is added without one/,
    );
    await expect(
      add.getByRole('link', { name: 'See Affiliate Pro for unlimited tracked links' }),
    ).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page, '/my-links at the tracked-link limit');
    await screenshots(page, info, 'my-links-link-limit', add);
    await add.getByRole('button', { name: 'Add item without a tracked link' }).click();
    await expect(
      page
        .getByText('Glass Spray Bottle. It has no tracked link: visits are not credited.')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items on your page' })).toContainText(
      'no tracked link, visits are not credited',
    );

    // The free plan's only storefront deleted, the focus goes to the create form, back again.
    await page.goto('/storefronts/manage');
    await section.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this storefront?' })
      .getByRole('button', { name: 'Delete storefront' })
      .click();
    await expect(page.getByRole('heading', { name: 'Create a storefront' })).toBeFocused();
    await expect(section).toHaveCount(0);
  });

  test('a bio keeps its line breaks on /@username and in the preview, and an upper-case address becomes the canonical one', async ({
    page,
  }, info) => {
    const account = await createAccount('bio-lines', 'Moss+Creator26', {
      name: 'Fern Bioline',
      role: 'affiliate',
    });
    const username = `bio-${Date.now().toString(36)}`;
    await serviceRequest('PATCH', `profiles?id=eq.${account.id}`, { username });
    await login(page, account, /\/dashboard$/);
    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const settings = page.getByRole('form', { name: 'Page settings' });
    await settings.getByLabel('Bio').fill('Line one\nLine two');
    await settings.getByRole('switch', { name: 'Published' }).click();
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved').first()).toBeVisible();
    // Drawn on two lines (the text as rendered, which CSS white-space decides).
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    const shownBio = (scope: Locator) =>
      scope.getByText(/^Line one/).evaluate((text) => (text as HTMLElement).innerText);
    expect(await shownBio(preview)).toBe('Line one\nLine two');
    // Beside the form on a desktop (a phone shows it one switch away).
    await screenshots(page, info, 'my-links-preview-bio', preview, [1280]);

    // Typed in capitals, the address is replaced by the canonical one, with the real handle.
    await page.goto(`/@${username.toUpperCase()}`);
    await expect(page).toHaveURL(new RegExp(`/@${username}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`@${username.toUpperCase()}`, { exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle(`Fern Bioline (@${username}) — Verdant`);
    expect(await shownBio(page.getByRole('main'))).toBe('Line one\nLine two');
    await expectNoAxeViolations(page, `/@${username}`);
    await screenshots(page, info, 'link-page-bio');
    // Back goes to where the reader came from, not to the capitalised address.
    await page.goBack();
    await expect(page).toHaveURL(/\/my-links$/);
    // Unknown handles are still not found, in any case.
    await page.goto('/@NOBODY-BY-THIS-NAME');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
