import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  insertRows,
  login,
  test,
} from './support/fixtures.ts';

interface StoredLink {
  id: string;
  code: string;
}

/** A new affiliate of its own, logged in, with `links` inserted as the service role (newest last). */
async function affiliateWithLinks(
  page: Page,
  prefix: string,
  links: readonly { title: string; created_at?: string }[],
): Promise<{ id: string; links: StoredLink[] }> {
  const account = await createAccount(prefix, 'Fern+Links2026', {
    name: 'Rowan Linkwell',
    role: 'affiliate',
  });
  const stamp = Date.now().toString(36);
  const stored = links.length
    ? await insertRows<StoredLink>(
        'affiliate_links',
        links.map((link, i) => ({
          affiliate_id: account.id,
          code: `${prefix}-${stamp}-${i}`,
          destination_url: `https://example.org/${prefix}/${i}`,
          ...link,
        })),
      )
    : [];
  await login(page, account, /\/dashboard$/);
  return { id: account.id, links: stored };
}

/** The card a link's Stats opens: the one around its h2. */
const linkCard = (page: Page, title: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** The UTC date `daysAgo` days before today, as the daily roll-up stores it. */
const utcDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test.describe('affiliate links: editing, stats and paging', () => {
  test('an affiliate renames a link in its card: focus moves in and back, refusals show at the field, markup is removed and said', async ({
    page,
  }) => {
    const {
      links: [link],
    } = await affiliateWithLinks(page, 'rename', [{ title: 'Autumn newsletter' }]);
    const code = link!.code;
    await page.goto('/affiliate-links');
    await page.getByRole('button', { name: `Stats for /go/${code}` }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Autumn newsletter' });
    await expect(heading).toBeFocused();

    // Editing starts in the field, filled with the title as it is.
    const edit = page.getByRole('button', { name: 'Edit title' });
    await edit.click();
    const form = page.getByRole('form', { name: `Edit the title of /go/${code}` });
    const field = form.getByRole('textbox', { name: 'Title' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('Autumn newsletter');
    await expect(field).toHaveAccessibleDescription('17 of 200 characters');
    await expectNoAxeViolations(page, '/affiliate-links editing a title');

    // Cancel (and Escape) keep the title and give the focus back to Edit title.
    await field.fill('Never saved');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(heading).toBeVisible();
    await edit.press('Enter');
    await expect(field).toBeFocused();
    await field.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();

    // The card with its editor open, at a desktop's and at a phone's width, for review.
    await edit.click();
    await expect(field).toBeFocused();
    await linkCard(page, 'Autumn newsletter').screenshot({
      path: test.info().outputPath('card-editing-1280.png'),
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(field).toBeVisible();
    await linkCard(page, 'Autumn newsletter').screenshot({
      path: test.info().outputPath('card-editing-360.png'),
    });
    await expectNoAxeViolations(page, '/affiliate-links editing a title at 360 px');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 800 });

    // A title the API refuses (the sanitiser blocks "data:", which makes it longer than the
    // limit) is told at the field, which takes the focus again.
    await edit.click();
    await field.fill(`data:${'x'.repeat(195)}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Shorten the title to at most 200 characters/);
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page, '/affiliate-links with a refused title');

    // Saved with markup: the toast says it was removed, the card and the row show the stored title.
    await field.fill('<b>Spring</b> sale');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Title saved').first()).toBeVisible();
    await expect(
      page
        .getByText('Titles are plain text: markup such as <b> was removed from what you typed.')
        .first(),
    ).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Spring sale' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('Spring sale');
    await expectNoAxeViolations(page, '/affiliate-links after a title was saved');

    // Enter saves too, and the title stays after a reload.
    await edit.click();
    await field.fill('Spring sale 2026');
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Spring sale 2026' })).toBeVisible();
    await expect(edit).toBeFocused();
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText(
      'Spring sale 2026',
    );
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('button', { name: `Stats for /go/${code}` }).click();
    await linkCard(page, 'Spring sale 2026').screenshot({
      path: test.info().outputPath('card-saved-360.png'),
    });
  });

  test('a link’s card counts one click in the singular, draws every day of the month, and treats bots as no clicks', async ({
    page,
  }) => {
    const {
      links: [clicked, botsOnly],
    } = await affiliateWithLinks(page, 'stats', [
      { title: 'One click', created_at: new Date(Date.now() - 60_000).toISOString() },
      { title: 'Only bots', created_at: new Date().toISOString() },
    ]);
    await insertRows('link_click_daily', [
      { link_id: clicked!.id, day: utcDay(3), clicks: 1, unique_clicks: 1, bot_clicks: 2 },
      { link_id: botsOnly!.id, day: utcDay(2), clicks: 0, unique_clicks: 0, bot_clicks: 5 },
      { link_id: botsOnly!.id, day: utcDay(9), clicks: 0, unique_clicks: 0, bot_clicks: 1 },
    ]);
    await page.goto('/affiliate-links');

    await page.getByRole('button', { name: `Stats for /go/${clicked!.code}` }).click();
    const card = linkCard(page, 'One click');
    await expect(card).toContainText('1 click');
    await expect(card).not.toContainText('1 clicks');
    await expect(card).toContainText('1 unique');
    // One point per day of the last 30, the days without clicks at zero (the chart's table).
    const table = card.getByRole('table', { name: 'Clicks on this link' });
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('cell', { name: '1', exact: true })).toHaveCount(2);
    await expect(table.getByRole('cell', { name: '0', exact: true })).toHaveCount(58);
    await expect(card.getByRole('img', { name: /Clicks on this link/ })).toBeVisible();
    await card.screenshot({ path: test.info().outputPath('card-one-click-1280.png') });
    await expectNoAxeViolations(page, '/affiliate-links with one click');

    // Bots alone are no clicks: the card says there were none instead of drawing a line at zero.
    await page.getByRole('button', { name: `Stats for /go/${botsOnly!.code}` }).click();
    const bots = linkCard(page, 'Only bots');
    await expect(bots.getByText('No clicks in the last 30 days')).toBeVisible();
    await expect(bots).toContainText('0 clicks');
    await expect(bots.getByRole('table', { name: 'Clicks on this link' })).toHaveCount(0);
    await expectNoAxeViolations(page, '/affiliate-links with bots only');
  });

  test('an affiliate with more than 100 links pages through all of them', async ({ page }) => {
    const count = 105;
    const { id } = await affiliateWithLinks(page, 'paged', []);
    // Affiliate Pro: no limit on links.
    await insertRows('subscriptions', {
      user_id: id,
      tier: 'pro',
      status: 'active',
      current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const stamp = Date.now().toString(36);
    await insertRows(
      'affiliate_links',
      Array.from({ length: count }, (_, i) => ({
        affiliate_id: id,
        code: `paged-${stamp}-${i}`,
        destination_url: `https://example.org/paged/${i}`,
        title: `Paged link ${i + 1}`,
        // One minute apart, the first the oldest: the list is newest first.
        created_at: new Date(Date.now() - (count - i) * 60_000).toISOString(),
      })),
    );
    await page.goto('/affiliate-links');
    const table = page.getByRole('table', { name: 'Your links' });
    await expect(table.getByRole('rowheader').first()).toContainText(`Paged link ${count}`);
    const pages = page.getByRole('navigation', { name: 'Your links pages' });
    await expect(pages.getByRole('button', { name: 'Page 11' })).toBeVisible();
    await pages.getByRole('button', { name: 'Page 11' }).click();
    // The last page holds the oldest five, past the first 100.
    await expect(table.getByRole('rowheader')).toHaveCount(5);
    await expect(table.getByRole('rowheader').last()).toContainText('Paged link 1');
    await expectNoAxeViolations(page, '/affiliate-links, the last of 11 pages');
    // A link from beyond the first 100 opens its card like any other.
    await page.getByRole('button', { name: `Stats for /go/paged-${stamp}-0` }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Paged link 1' })).toBeFocused();
  });

  test('the programs’ search and filters stay in the address through a reload and Back, and a new link’s title has its markup removed', async ({
    page,
  }) => {
    await affiliateWithLinks(page, 'filters', []);
    await page.goto('/affiliate-programs');
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search' });
    const category = page.getByRole('combobox', { name: 'Category' });
    const verified = page.getByRole('switch', { name: 'Verified claims only' });

    await search.fill('Evergreen Home Partners');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    const categories = (await card.getByText(/^Categories: /).textContent()) ?? '';
    const firstCategory = categories.replace('Categories: ', '').split(', ')[0]!;
    await category.selectOption({ label: firstCategory });
    await verified.click();
    await expect(verified).toBeChecked();
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({
        q: 'Evergreen Home Partners',
        category: expect.stringMatching(/.+/),
        verified: '1',
      });

    // A reload keeps all three.
    await page.reload();
    await expect(search).toHaveValue('Evergreen Home Partners');
    await expect(category.locator('option:checked')).toHaveText(firstCategory);
    await expect(verified).toBeChecked();
    await expect(cards).toHaveCount(1);
    await expectNoAxeViolations(page, '/affiliate-programs filtered from the address');

    // Joined, on to a link with markup in its title: the toast says the markup was removed.
    await card.getByRole('button', { name: 'Join program: Evergreen Home Partners' }).click();
    await card.getByRole('link', { name: 'Create a link' }).click();
    await expect(page).toHaveURL(/\/affiliate-links\?program=/);
    await page.getByRole('textbox', { name: 'Title (optional)' }).fill('<b>Launch</b> week');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByText('Link created').first()).toBeVisible();
    await expect(
      page
        .getByText('Titles are plain text: markup such as <b> was removed from what you typed.')
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Launch week' })).toBeFocused();

    // Back returns to the programs as they were filtered.
    await page.goBack();
    await expect(page).toHaveURL(/\/affiliate-programs\?/);
    await expect(search).toHaveValue('Evergreen Home Partners');
    await expect(category.locator('option:checked')).toHaveText(firstCategory);
    await expect(verified).toBeChecked();
    await expect(cards).toHaveCount(1);

    // Typing replaces the address rather than adding a step per letter; the switch is a step of
    // its own, which Back undoes (the field keeping what was typed since).
    await search.fill('Evergreen');
    await expect(page).toHaveURL(/q=Evergreen(&|$)/);
    await verified.click();
    await expect(verified).not.toBeChecked();
    await page.goBack();
    await expect(verified).toBeChecked();
    await expect(search).toHaveValue('Evergreen');
  });
});
