import type { Locator } from '@playwright/test';
import {
  asService,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
  closeWithEscape,
} from './support/fixtures.ts';

// The seeded affiliate (affiliate@verdant.test) has a published link page and storefront.
const USERNAME = 'jordan-rivers';

test.describe('creator surfaces', () => {
  test('an affiliate adds an item to the link page, reorders it by keyboard, and /@username shows it', async ({
    page,
    browser,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/my-links');
    await expect(page.getByRole('heading', { name: 'Link-in-bio page', level: 1 })).toBeVisible();
    // The page's own address, from the owner's username.
    await expect(page.getByText(`one page at /@${USERNAME}, in the theme`)).toBeVisible();
    const list = page.getByRole('list', { name: 'Items on your page' });
    await expect(list.getByText('Browse my storefront')).toBeVisible();
    // Every item can be edited, the seed's tracked links and header included.
    await expect(list.getByRole('button', { name: /^Edit / })).toHaveCount(
      await list.getByRole('listitem').count(),
    );

    const label = `Zero-waste guide ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.getByLabel('Item label').fill(label);
    // An address the server refuses is told next to its field, which takes the focus.
    await form.getByLabel('Item address').fill('ftp://example.com/guide');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(form.getByLabel('Item address')).toBeFocused();
    await expect(form.getByLabel('Item address')).toHaveAccessibleDescription(
      /URL must be an http\(s\) URL/,
    );
    await form.getByLabel('Item address').fill('https://example.com/zero-waste-guide');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('Item added').first()).toBeVisible();
    // The live preview shows the new link at once.
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.getByRole('link', { name: new RegExp(label) })).toBeVisible();

    // Move the new (last) item one place up by keyboard: Space, ArrowUp, Space.
    const rows = list.getByRole('listitem');
    await expect(rows.last()).toContainText(label);
    const handle = page.getByRole('button', { name: `Reorder ${label}` });
    await handle.focus();
    // Each step waits for the list's state or screen-reader announcement before the next key.
    const count = await rows.count();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // The list measures where each item sits once the drag has started; an arrow key before that
    // has nowhere to go. Let two frames pass, as a person's next key press would.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    // Picked up, not yet moved: that is what is announced, and still so once the list has measured.
    await expect(
      page.getByText(`Picked up ${label}, position ${count} of ${count}.`),
    ).toBeAttached();
    await expect(page.getByText(`${label} moved to position`)).toHaveCount(0);
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByText(`${label} moved to position ${count - 1} of ${count}.`),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(`${label} dropped at position`)).toBeAttached();
    await expect(rows.last()).toContainText('Browse my storefront');
    await expect(rows.nth((await rows.count()) - 2)).toContainText(label);
    await expectNoAxeViolations(page, '/my-links');

    // A visitor sees the page with the new item before the storefront link, as saved.
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    const guest = await visitor.newPage();
    await expect
      .poll(
        async () => {
          await guest.goto(`/@${USERNAME}`);
          await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
          const names = await guest.getByRole('link').allInnerTexts();
          const added = names.findIndex((n) => n.includes(label));
          const shop = names.findIndex((n) => n.includes('Browse my storefront'));
          return added !== -1 && added < shop;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(guest.getByText(`@${USERNAME}`)).toBeVisible();
    // The page lists tracked links, so it says who earns on them, before the first of them.
    const disclosure = guest.getByRole('complementary', { name: 'Disclosure' });
    await expect(disclosure).toContainText(
      'Jordan Rivers earns a commission on purchases made through them, at no extra cost to you.',
    );
    expect(
      await disclosure.evaluate((box) => {
        const firstTracked = document.querySelector('main a[href^="/go/"]');
        return Boolean(
          firstTracked &&
          box.compareDocumentPosition(firstTracked) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).toBe(true);
    await expectNoAxeViolations(guest, `/@${USERNAME}`);
    // Readable on a small phone: whole, inside the screen, in the page's text size.
    await guest.setViewportSize({ width: 360, height: 740 });
    await expect(disclosure).toBeInViewport();
    const fit = await disclosure.evaluate((box) => ({
      right: box.getBoundingClientRect().right,
      overflow: box.scrollWidth - box.clientWidth,
      fontSize: parseFloat(getComputedStyle(box.querySelector('p')!).fontSize),
    }));
    expect(fit.right).toBeLessThanOrEqual(360);
    expect(fit.overflow).toBe(0);
    expect(fit.fontSize).toBeGreaterThanOrEqual(14);
    await expectNoAxeViolations(guest, `/@${USERNAME} at 360 px`);
    await guest.setViewportSize({ width: 1280, height: 720 });

    // The HTML sent for the page carries its share preview; unknown usernames are a real 404.
    const html = await (await guest.request.get(`/@${USERNAME}`)).text();
    expect(html).toContain(`<title>Jordan Rivers (@${USERNAME}) — Verdant</title>`);
    // The server draws the disclosure with the page, for visitors and crawlers without scripts.
    expect(html).toMatch(/<aside aria-label="Disclosure"[^>]*>.*Jordan Rivers earns a commission/s);
    expect(html).toContain(`<meta property="og:url" content="${stack.webUrl}/@${USERNAME}">`);
    expect((await guest.request.get('/@nobody-by-this-name')).status()).toBe(404);
    // The server's 404 says it all: the not-found page shows without asking the API again.
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('public_link_page')) asked.push(request.url());
    };
    guest.on('request', listen);
    await guest.goto('/@nobody-by-this-name');
    await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(guest).toHaveTitle('Page not found — Verdant');
    guest.off('request', listen);
    expect(asked).toEqual([]);

    // The owner renames the item, then hides it: visitors no longer see it.
    // The editor takes the focus, and Cancel gives it back to the Edit button.
    await page.getByRole('button', { name: `Edit ${label}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${label}` });
    await expect(edit.getByLabel('Label', { exact: true })).toBeFocused();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: `Edit ${label}` })).toBeFocused();
    await page.getByRole('button', { name: `Edit ${label}` }).click();
    // Markup typed into the label is removed, and the toast says so.
    await edit.getByLabel('Label', { exact: true }).fill(`${label} <i>renamed</i>`);
    await edit.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByText('Item saved').first()).toBeVisible();
    await expect(
      page
        .getByText(
          `${label} renamed. Labels are plain text: markup such as <b> was removed from what you typed.`,
        )
        .first(),
    ).toBeVisible();
    await expect(preview.getByRole('link', { name: new RegExp(`${label} renamed`) })).toBeVisible();
    await page.getByRole('button', { name: `Hide ${label} renamed` }).click();
    await expect(page.getByText('Item hidden').first()).toBeVisible();
    await expect(preview.getByRole('link', { name: new RegExp(label) })).toHaveCount(0);
    await guest.goto(`/@${USERNAME}`);
    await expect(guest.getByRole('link', { name: /Browse my storefront/ })).toBeVisible();
    await expect(guest.getByText(label)).toHaveCount(0);
    await visitor.close();
  });

  test('the /my-links preview draws every item as /@username does, products and tracked links included', async ({
    page,
    browser,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/my-links');
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    // The seeded page's affiliate-link items link through the tracker in the preview too.
    await expect(preview.locator('a[href^="/go/"]').first()).toBeVisible();

    const label = `Bamboo pick ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Product' });
    const picker = form.getByRole('combobox', { name: 'Product' });
    // The first of the catalogue (the placeholder option has no value).
    const option = picker.locator('option:not([value=""])').first();
    await expect(option).toBeAttached();
    const productName = (await option.textContent())!.trim();
    await picker.selectOption({ label: productName });
    await form.getByLabel('Item label (optional)').fill(label);
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('Item added').first()).toBeVisible();

    const product = preview.getByRole('link', { name: new RegExp(label) });
    await expect(product).toBeVisible();
    const productHref = (await product.getAttribute('href')) ?? '';
    expect(productHref).toMatch(/^\/(go\/[A-Za-z0-9_-]{4,32}|shop\/[a-z0-9-]+)$/);
    await expectNoAxeViolations(page, '/my-links with a product item');

    // The visitor's page has the same links, in the same order, with the same addresses.
    const hrefs = (scope: Locator) =>
      scope
        .locator('a[href]')
        .evaluateAll((links) =>
          links.map((a) => `${a.textContent?.trim()} -> ${a.getAttribute('href')}`),
        );
    const shown = await hrefs(preview);
    expect(shown).toContain(`${label} -> ${productHref}`);
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    const guest = await visitor.newPage();
    await expect
      .poll(
        async () => {
          await guest.goto(`/@${USERNAME}`);
          await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
          return hrefs(guest.locator('main'));
        },
        { timeout: 15_000 },
      )
      .toEqual(shown);
    await visitor.close();

    // Removing the item takes it out of the preview; the product itself stays in the shop.
    await page.getByRole('button', { name: `Remove ${label}` }).click();
    await expect(page.getByText('Item removed').first()).toBeVisible();
    await expect(product).toHaveCount(0);
    expect(productName.length).toBeGreaterThan(0);
  });

  test('on /my-links a removed item comes back with Undo, Escape cancels an edit, and unsaved page settings are flagged', async ({
    page,
  }) => {
    // An affiliate of its own, so the journey can empty its page without touching the seed's.
    const account = await createAccount('link-page', 'Moss+Creator26', {
      name: 'Rowan Linkpage',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const settings = page.getByRole('form', { name: 'Page settings' });
    await expect(settings).toContainText('saved when you press Save page');
    await expect(page.getByText('Changes to items are saved at once')).toBeVisible();

    const stamp = Date.now().toString(36);
    const first = `Seed swap ${stamp}`;
    const second = `Compost map ${stamp}`;
    const form = page.getByRole('form', { name: 'Add an item' });
    for (const [label, slug] of [
      [first, 'seed-swap'],
      [second, 'compost-map'],
    ] as const) {
      await form.getByLabel('Item label').fill(label);
      await form.getByLabel('Item address').fill(`https://example.org/${slug}`);
      await form.getByRole('button', { name: 'Add item' }).click();
      await expect(page.getByRole('button', { name: `Remove ${label}` })).toBeVisible();
    }
    const list = page.getByRole('list', { name: 'Items on your page' });
    const rows = list.getByRole('listitem');
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    // Plain links earn nothing: the page makes no affiliate disclosure.
    await expect(preview.getByRole('link', { name: second })).toBeVisible();
    await expect(preview.getByRole('note', { name: 'Disclosure' })).toHaveCount(0);
    const removeFirst = page.getByRole('button', { name: `Remove ${first}` });
    const removeSecond = page.getByRole('button', { name: `Remove ${second}` });

    // Escape cancels an edit: the item keeps its saved label, and the focus is back on Edit.
    const editFirst = page.getByRole('button', { name: `Edit ${first}` });
    await editFirst.click();
    const editor = page.getByRole('form', { name: `Edit ${first}` });
    await editor.getByLabel('Label', { exact: true }).fill('Not kept');
    await editor.getByLabel('Address').press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(editFirst).toBeFocused();
    await expect(list.getByText('Not kept')).toHaveCount(0);
    await expect(preview.getByRole('link', { name: first })).toBeVisible();
    await editFirst.press('Enter');
    await expect(editor.getByLabel('Label', { exact: true })).toHaveValue(first);
    await page.keyboard.press('Escape');
    await expect(editFirst).toBeFocused();

    // Removing an item is saved at once, offers Undo, and hands the focus to the next item.
    await removeFirst.click();
    await expect(removeFirst).toHaveCount(0);
    await expect(preview.getByRole('link', { name: first })).toHaveCount(0);
    await expect(removeSecond).toBeFocused();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Item restored').first()).toBeVisible();
    // Back in its place, before the second item, and focused; the order is the one saved.
    await expect(removeFirst).toBeFocused();
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);
    await expect(preview.getByRole('link', { name: first })).toBeVisible();
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);

    // The last item removed: the focus goes to the one before it; no item left: to the add form.
    await removeSecond.click();
    await expect(removeFirst).toBeFocused();
    await removeFirst.click();
    await expect(page.getByRole('heading', { name: 'No items yet' })).toBeVisible();
    await expect(form.getByLabel('Item label')).toBeFocused();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(removeFirst).toBeFocused();
    await expect(rows).toHaveCount(1);

    // Title, bio and theme wait for Save page: until then the page says so, and a reload asks.
    const unsaved = settings.getByRole('status');
    await expect(unsaved).not.toContainText('Unsaved changes');
    // Another page of the app first, and back by its sidebar: Back below has a page to go to.
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await main.getByRole('link', { name: 'Link-in-bio page' }).click();
    await expect(page).toHaveURL(/\/my-links$/);
    const title = `Rowan's picks ${stamp}`;
    await settings.getByLabel('Title').fill(title);
    await expect(unsaved).toHaveText('Unsaved changes');
    // The browser's Back asks first, in the app's own dialog: the page stays, with the edit, until
    // the reader chooses to leave.
    const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await page.evaluate(() => window.history.back());
    await expect(question).toContainText('are not saved');
    await expect(page).toHaveURL(/\/my-links$/);
    await expectNoAxeViolations(page, 'the leave question');
    await closeWithEscape(page, question);
    await expect(page).toHaveURL(/\/my-links$/);
    await expect(settings.getByLabel('Title')).toHaveValue(title);
    const asked = page.waitForEvent('dialog');
    const reloading = page.evaluate(() => location.reload());
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await reloading;
    await expect(settings.getByLabel('Title')).toHaveValue(title);
    // A link to another page of the app asks too, in the app's own dialog; staying keeps the edit.
    const shop = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' });
    await shop.click();
    await expect(question).toContainText('are not saved');
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/my-links$/);
    await expect(settings.getByLabel('Title')).toHaveValue(title);
    await expectNoAxeViolations(page, '/my-links with unsaved changes');
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved').first()).toBeVisible();
    await expect(unsaved).not.toContainText('Unsaved changes');
    // Saved, the page leaves without asking (a question would hold the reload up).
    await page.reload();
    await expect(settings.getByLabel('Title')).toHaveValue(title);
    // Without a picture the avatar shows the owner's initials, not the new title's.
    await expect(preview.locator('[data-slot="avatar"]')).toHaveText('RL');

    // The theme radios choose as the arrow keys move them, as a radio group does.
    const themes = settings.getByRole('radiogroup', { name: 'Page theme' });
    const themeNames = ['Forest', 'Ocean', 'Earth', 'Night'];
    const current = (await themes
      .getByRole('radio', { checked: true })
      .getAttribute('aria-label'))!;
    const next = themeNames[(themeNames.indexOf(current) + 1) % themeNames.length]!;
    await themes.getByRole('radio', { name: current }).press('ArrowRight');
    await expect(themes.getByRole('radio', { name: next })).toBeFocused();
    await expect(themes.getByRole('radio', { name: next })).toBeChecked();
    await expect(unsaved).toHaveText('Unsaved changes');
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved').first()).toBeVisible();

    // An empty title is refused at its field, which takes the focus; the earlier "Page saved" goes,
    // and the preview says that it keeps the saved title.
    const titleField = settings.getByLabel('Title');
    await titleField.fill('');
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(titleField).toBeFocused();
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toHaveAccessibleDescription('Title must not be empty');
    await expect(page.getByText('Page saved')).toHaveCount(0);
    await expect(settings.getByText('Not saved')).toHaveCount(0);
    await expect(
      page.getByText(/The title is empty: the preview shows the saved title/),
    ).toBeVisible();
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expectNoAxeViolations(page, '/my-links with an empty title refused');
    await titleField.fill(title);
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Page saved').first()).toBeVisible();
    await expect(titleField).not.toHaveAttribute('aria-invalid', 'true');

    // Markup in the bio is removed: the field shows what was kept, and the toast says why.
    const bioField = settings.getByLabel('Bio');
    await bioField.fill('Seeds, soil and <em>slow</em> gardening');
    await settings.getByRole('button', { name: 'Save page' }).click();
    await expect(
      page.getByText(/Your title and bio are plain text: markup such as <b> was removed/).first(),
    ).toBeVisible();
    await expect(bioField).toHaveValue('Seeds, soil and slow gardening');
    await expect(unsaved).not.toContainText('Unsaved changes');

    // A long name is cut short on screen (whole in its title and in the buttons' names): every row
    // keeps its buttons in the same place and has the same height.
    const long = `The community garden seed library, its winter opening hours and how to swap ${stamp}`;
    await form.getByLabel('Item label').fill(long);
    await form.getByLabel('Item address').fill('https://example.org/seed-library');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('button', { name: `Remove ${long}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Reorder ${long}` })).toBeVisible();
    await expect(list.getByText(long, { exact: true })).toHaveAttribute('title', long);
    const heights = await rows.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().height)),
    );
    expect(heights).toHaveLength(2);
    expect(new Set(heights).size).toBe(1);

    // On a phone the preview is one switch away instead of below the whole form.
    await page.setViewportSize({ width: 360, height: 800 });
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await expect(show).toBeVisible();
    await expect(preview).toBeHidden();
    await page.getByRole('button', { name: `Remove ${long}` }).scrollIntoViewIfNeeded();
    // By keyboard (a toast on a phone's screen may cover the switch for a moment).
    await show.getByRole('radio', { name: 'Edit' }).press('ArrowRight');
    await expect(show.getByRole('radio', { name: 'Preview' })).toBeChecked();
    await expect(preview).toBeInViewport();
    await expect(settings).toBeHidden();
    await expect(preview.getByRole('link', { name: long })).toBeVisible();
    await expectNoAxeViolations(page, '/my-links preview on a phone');
    await show.getByRole('radio', { name: 'Preview' }).press('ArrowLeft');
    await expect(settings).toBeVisible();
    await expect(preview).toBeHidden();
    // Back where the editing was.
    await expect(page.getByRole('button', { name: `Remove ${long}` })).toBeInViewport();
    // Side by side on a desktop, without the switch.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(show).toBeHidden();
    await expect(preview).toBeVisible();
    await expect(settings).toBeVisible();
  });

  test('a product item on /my-links is chosen on purpose, named after its product, editable, and says whether visits are credited', async ({
    page,
  }) => {
    // An affiliate of its own, in one program (Evergreen Home, which approves at once) and with no
    // tracked links yet.
    const account = await createAccount('product-item', 'Moss+Creator26', {
      name: 'Sage Productpage',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/affiliate-programs');
    const program = page.getByRole('article', { name: 'Evergreen Home Partners' });
    await program.getByRole('button', { name: 'Join program' }).click();
    await expect(program.getByRole('link', { name: 'Create a link' })).toBeVisible();

    await page.goto('/my-links');
    await page.getByRole('button', { name: 'Create my page' }).click();
    const form = page.getByRole('form', { name: 'Add an item' });
    await form.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Product' });
    const picker = form.getByRole('combobox', { name: 'Product' });
    // No product is chosen for the user: Add is refused at the picker until one is.
    await expect(picker.locator('option:not([value=""])').first()).toBeAttached();
    await expect(picker).toHaveValue('');
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(/Choose a product to add/);
    await expect(page.getByRole('heading', { name: 'No items yet' })).toBeVisible();
    const preview = page.getByRole('region', { name: 'Preview of your page' });
    await expect(preview.getByRole('note', { name: 'Disclosure' })).toHaveCount(0);

    // A product outside the affiliate's programs: visits to it would not be credited.
    await picker.selectOption({ label: 'Loose-Leaf Green Tea' });
    await expect(picker).not.toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(
      /no tracked link for it, so visits will not be credited to you/,
    );
    await expect(form.getByRole('link', { name: /^Join a program of / })).toHaveAttribute(
      'href',
      '/affiliate-programs',
    );
    // One in a program the affiliate has joined: adding it makes its tracked link, and says so.
    await picker.selectOption({ label: 'Solid Shampoo Bar' });
    await expect(picker).toHaveAccessibleDescription(
      /adding it creates one in Evergreen Home Partners/,
    );
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(
      page.getByText('A tracked link for it was created in Evergreen Home Partners.').first(),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Items on your page' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    // The row, its buttons and what is announced name the product.
    await expect(list.getByRole('listitem').first()).toContainText('Solid Shampoo Bar');
    await expect(page.getByRole('button', { name: 'Reorder Solid Shampoo Bar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Solid Shampoo Bar' })).toBeVisible();
    await expect(list).toContainText('through your tracked link /go/');
    await expect(preview.getByRole('link', { name: 'Solid Shampoo Bar' })).toHaveAttribute(
      'href',
      /^\/go\/[A-Za-z0-9_-]{4,32}$/,
    );
    // A tracked link on the page: the preview discloses it as the public page does, naming the owner.
    await expect(preview.getByRole('note', { name: 'Disclosure' })).toContainText(
      'Sage Productpage earns a commission on purchases made through them',
    );
    // The picker is back on its placeholder; the product now has its tracked link.
    await expect(picker).toHaveValue('');
    await picker.selectOption({ label: 'Solid Shampoo Bar' });
    await expect(picker).toHaveAccessibleDescription(/Visits go through your tracked link/);
    await expectNoAxeViolations(page, '/my-links adding a product');

    // Edited like any item: a label of its own, then back to the product's name.
    await page.getByRole('button', { name: 'Edit Solid Shampoo Bar' }).click();
    const editor = page.getByRole('form', { name: 'Edit Solid Shampoo Bar' });
    await expect(editor.getByLabel('Label (optional)')).toBeFocused();
    await editor.getByLabel('Label (optional)').fill('My shampoo bar');
    await editor.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByRole('button', { name: 'Edit My shampoo bar' })).toBeFocused();
    await expect(preview.getByRole('link', { name: 'My shampoo bar' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit My shampoo bar' }).click();
    await page
      .getByRole('form', { name: 'Edit My shampoo bar' })
      .getByLabel('Label (optional)')
      .fill('');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect(page.getByRole('button', { name: 'Edit Solid Shampoo Bar' })).toBeFocused();
    await expect(preview.getByRole('link', { name: 'Solid Shampoo Bar' })).toBeVisible();
  });

  test('a link item on /@username goes through the tracker to the link destination', async ({
    browser,
  }) => {
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    const guest = await visitor.newPage();
    // The public pages come with their data in the HTML and their code preloaded: they are drawn
    // in the first render, without a loading state and without asking the API.
    await guest.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading'))
          document.documentElement.dataset.sawLoading = location.pathname;
      });
      seen.observe(document, { subtree: true, childList: true, characterData: true });
    });
    const sawLoading = () =>
      guest.evaluate(() => document.documentElement.dataset.sawLoading ?? null);
    const pageReads: string[] = [];
    guest.on('request', (request) => {
      if (/\/rest\/v1\/(rpc\/public_|link_pages|storefronts)/.test(request.url()))
        pageReads.push(request.url());
    });
    await guest.goto(`/@${USERNAME}`);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sawLoading()).toBeNull();
    // The creator's page stands on its own: the brand and the account corner, no app navigation.
    await expect(
      guest.getByRole('banner').getByRole('link', { name: 'Verdant home' }),
    ).toBeVisible();
    await expect(guest.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const tracked = guest.locator('a[href^="/go/"]').first();
    await expect(tracked).toBeVisible();
    const href = (await tracked.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/go\/[A-Za-z0-9_-]{4,32}$/);
    const code = href.slice('/go/'.length);

    // The destination is private (visitors cannot read it); the service role looks it up.
    const lookup = await guest.request.get(
      `${stack.apiUrl}/rest/v1/affiliate_links?select=destination_url,is_active&code=eq.${code}`,
      { headers: asService() },
    );
    const [link] = (await lookup.json()) as { destination_url: string; is_active: boolean }[];
    expect(link).toMatchObject({ is_active: true });
    const response = await guest.request.get(href, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers()['location'] ?? '', stack.webUrl).href).toBe(
      new URL(link!.destination_url, stack.webUrl).href,
    );

    // Following the item is a full page load through /go to the destination.
    await Promise.all([
      guest.waitForURL(new URL(link!.destination_url, stack.webUrl).href),
      tracked.click(),
    ]);

    // The seeded storefront's products link through the owner's tracked links as well.
    await guest.goto(`/s/${USERNAME}-picks`);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // A mistyped address is no creator's page: its not-found page keeps the app's navigation.
    await guest.goto('/no-such-page');
    await expect(guest.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await guest.goto(`/s/${USERNAME}-picks`);
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    const product = guest.locator('a[href^="/go/"]').first();
    await expect(product).toBeVisible();
    expect(await sawLoading()).toBeNull();
    const productHref = (await product.getAttribute('href')) ?? '';
    expect((await guest.request.get(productHref, { maxRedirects: 0 })).status()).toBe(302);
    expect(pageReads).toEqual([]);
    await visitor.close();
  });

  test('a visitor opens a claim’s evidence on a storefront and returns to the badge', async ({
    page,
  }) => {
    await page.goto(`/s/${USERNAME}-picks`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server sends the page ready; its buttons act once the app has taken it over.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    // The badges render before their drawer's code has loaded: it loads on first use.
    const badge = page.getByRole('button', { name: /, verified\. Show evidence$/ }).first();
    const claim = (await badge.getAttribute('aria-label'))!.replace(
      /, verified\. Show evidence$/,
      '',
    );
    await badge.click();
    const drawer = page.getByRole('dialog', { name: `Evidence for ${claim}` });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('Certified by');
    // The modal drawer hides the page behind it from assistive technology, the badge included.
    await expect(
      page
        .getByRole('button', { name: `${claim}, verified. Show evidence`, includeHidden: true })
        .first(),
    ).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page, `/s/${USERNAME}-picks with the evidence drawer open`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(badge).toBeFocused();
    await expect(badge).toHaveAttribute('aria-expanded', 'false');
  });

  test('an affiliate creates and publishes a storefront that a visitor opens at /s/{slug}', async ({
    page,
    browser,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/storefronts/manage');
    const title = `Weekend picks ${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Create a storefront' });
    // The address follows the title, accents and apostrophes dropped, not split into words.
    await form.getByLabel('Storefront title').fill('Crème brûlée: Jordan’s café picks');
    await expect(form.getByLabel('Address')).toHaveValue('creme-brulee-jordans-cafe-picks');
    // An address the server refuses is told next to its field, which takes the focus.
    await form.getByLabel('Storefront title').fill(title);
    await form.getByLabel('Address').fill('ab');
    await form.getByRole('button', { name: 'Create storefront' }).click();
    await expect(form.getByLabel('Address')).toBeFocused();
    await expect(form.getByLabel('Address')).toHaveAccessibleDescription(
      /Address must be 3–64 lower-case letters/,
    );
    // A taken address (the seed's storefront) is told there in words, not as a database error.
    await form.getByLabel('Address').fill('jordan-rivers-picks');
    await form.getByRole('button', { name: 'Create storefront' }).click();
    await expect(form.getByLabel('Address')).toBeFocused();
    await expect(form.getByLabel('Address')).toHaveAccessibleDescription(/That address is taken/);
    await form.getByLabel('Address').fill(title.toLowerCase().replaceAll(' ', '-'));
    const slug = await form.getByLabel('Address').inputValue();
    expect(slug).toMatch(/^weekend-picks-[a-z0-9]+$/);
    // Markup in the description is removed, and the toast says so.
    await form.getByLabel('Description').fill('Slow <b>weekend</b> things');
    await form.getByRole('button', { name: 'Create storefront' }).click();
    await expect(page.getByText('Storefront created').first()).toBeVisible();
    await expect(
      page
        .getByText(
          /Its title and description are plain text: markup such as <b> was removed from what you typed\./,
        )
        .first(),
    ).toBeVisible();

    // The new storefront comes first, right below the form, and takes the focus.
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('heading', { name: title })).toBeFocused();
    await expect(page.getByRole('main').getByRole('region').first()).toHaveAccessibleName(title);

    // One switch, "Public", with its state said once in words under it.
    const publicSwitch = section.getByRole('switch', { name: `Public (${title})` });
    await expect(publicSwitch).not.toBeChecked();
    await expect(publicSwitch).toHaveAccessibleDescription('Draft: only you can see it.');
    await expect(section.getByText('Published', { exact: true })).toHaveCount(0);
    // An empty storefront is not made public: the switch says why and stays off.
    await publicSwitch.click();
    await expect(publicSwitch).toHaveAccessibleDescription(/^Add a product first/);
    await expect(publicSwitch).toHaveAttribute('aria-invalid', 'true');
    await expect(publicSwitch).not.toBeChecked();
    await expectNoAxeViolations(
      page,
      '/storefronts/manage refusing to publish an empty storefront',
    );
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    const guest = await visitor.newPage();
    expect((await guest.request.get(`/s/${slug}`)).status()).toBe(404);

    // No product is chosen for the user: Add product is refused at the picker until one is.
    const picker = section.getByRole('combobox', { name: `Product to add to ${title}` });
    await expect(picker.locator('option:not([value=""])').first()).toBeAttached();
    await expect(picker).toHaveValue('');
    await section.getByRole('button', { name: 'Add product' }).click();
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription('Choose a product to add');
    await expect(section.getByText('No products yet.')).toBeVisible();

    const options = picker.locator('option:not([value=""])');
    const product = (await options.nth(0).textContent())!.trim();
    const second = (await options.nth(1).textContent())!.trim();
    const products = section.getByRole('list', { name: `Products in ${title}` });
    for (const name of [product, second]) {
      await picker.selectOption({ label: name });
      await section.getByRole('button', { name: 'Add product' }).click();
      await expect(products).toContainText(name);
      await expect(picker).toHaveValue('');
    }
    // On a phone each name is shown whole, wrapping if need be, not cut off.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const name of [product, second]) {
      const shown = products.getByRole('listitem').filter({ hasText: name }).getByText(name);
      expect(await shown.evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
      await expect(shown).toHaveText(name);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(publicSwitch).not.toHaveAttribute('aria-invalid', 'true');
    await publicSwitch.click();
    await expect(page.getByText('Storefront published').first()).toBeVisible();
    await expect(publicSwitch).toBeChecked();
    await expect(publicSwitch).toHaveAccessibleDescription('Anyone with the address can see it.');
    await expectNoAxeViolations(page, '/storefronts/manage');

    await guest.goto(`/s/${slug}`);
    await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(guest.getByRole('heading', { level: 2, name: product })).toBeVisible();
    // Picked from a program the affiliate is in, the product came with a tracked link.
    await expect(guest.getByText('Purchases credit Jordan Rivers').first()).toBeVisible();
    await expect(guest.getByRole('complementary', { name: 'Disclosure' })).toContainText(
      'Jordan Rivers earns a commission',
    );
    await expectNoAxeViolations(guest, `/s/${slug}`);
    const shared = await guest.request.get(`/s/${slug}`);
    expect(shared.status()).toBe(200);
    expect(await shared.text()).toContain(
      `<meta property="og:title" content="${title} — Verdant">`,
    );

    // Removing a product hands the focus to the next one's Remove button and offers Undo, which
    // puts it back in its place.
    const removeFirst = section.getByRole('button', { name: `Remove ${product} from ${title}` });
    const removeSecond = section.getByRole('button', { name: `Remove ${second} from ${title}` });
    await removeFirst.click();
    await expect(removeFirst).toHaveCount(0);
    await expect(removeSecond).toBeFocused();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Product restored').first()).toBeVisible();
    await expect(removeFirst).toBeFocused();
    await expect(products.getByRole('listitem').nth(0)).toContainText(product);
    await expect(products.getByRole('listitem').nth(1)).toContainText(second);
    await page.reload();
    await expect(products.getByRole('listitem').nth(0)).toContainText(product);
    await expect(products.getByRole('listitem').nth(1)).toContainText(second);

    // The last product removed, the focus goes to the picker, and the storefront is a draft again
    // (the rule that refuses to publish an empty one); Undo brings both back.
    await removeSecond.click();
    await expect(removeFirst).toBeFocused();
    await removeFirst.click();
    await expect(picker).toBeFocused();
    await expect(page.getByText(/the storefront is a draft again/).first()).toBeVisible();
    await expect(publicSwitch).not.toBeChecked();
    await expect(publicSwitch).toHaveAccessibleDescription('Draft: only you can see it.');
    expect((await guest.request.get(`/s/${slug}`)).status()).toBe(404);
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('button', { name: /^Undo/ })
      .last()
      .click();
    await expect(publicSwitch).toBeChecked();
    await expect(products.getByRole('listitem')).toHaveCount(1);
    expect((await guest.request.get(`/s/${slug}`)).status()).toBe(200);

    // Unpublished again, the storefront is gone for visitors.
    await publicSwitch.click();
    await expect(page.getByText('Storefront unpublished').first()).toBeVisible();
    await expect(publicSwitch).toHaveAccessibleDescription('Draft: only you can see it.');
    expect((await guest.request.get(`/s/${slug}`)).status()).toBe(404);
    await guest.goto(`/s/${slug}`);
    await expect(guest.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await visitor.close();
  });
});
