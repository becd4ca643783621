import type { Page } from '@playwright/test';
import {
  asService,
  asUser,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  formatMoney as money,
  login,
  signIn,
  stack,
  test,
} from './support/fixtures.ts';

const affiliate = demoAccount('affiliate@verdant.test');
const merchant = demoAccount('merchant@verdant.test');
const PASSWORD = 'Lichen#Path2026';
const SHOTS = '/tmp/pw-earn/shots';

interface PayoutRow {
  id: string;
  amount_cents: number;
  currency: string;
  status: string;
  stripe_transfer_id: string | null;
}

interface CommissionRow {
  id: string;
  available_at: string;
  kind: string;
  amount_cents: number;
  currency: string;
  status: string;
}

/** Rows of a table as the signed-in affiliate may read them, with the total count. */
async function readAs<T>(
  token: string,
  table: string,
  query: string,
): Promise<{ rows: T[]; total: number }> {
  const res = await fetch(new URL(`/rest/v1/${table}?${query}`, stack.apiUrl), {
    headers: asUser(token, { prefer: 'count=exact' }),
  });
  expect(res.status, `reading ${table}`).toBeLessThan(300);
  const total = Number(res.headers.get('content-range')?.split('/')[1] ?? 'NaN');
  return { rows: (await res.json()) as T[], total };
}

/** The app's date ("Nov 29, 2026"), in the browser's time zone, which is ours. */
const appDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

/** Waits for the tables to replace their skeletons. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

/** Whether anything on the page is wider than the window (a sideways scroll on a phone). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('/earnings', () => {
  test('the affiliate opens it from the sidebar and reads payouts and commissions, filtered and paged in the address', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const { token } = await signIn(affiliate);
    const payouts = await readAs<PayoutRow>(
      token,
      'payouts',
      'select=*&order=created_at.desc&limit=10',
    );
    expect(payouts.total, 'the seed has payouts for the affiliate').toBeGreaterThan(0);

    await login(page, affiliate, /\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Earnings' }).click();
    await expect(page).toHaveURL(/\/earnings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await expect(page).toHaveTitle('Earnings — Verdant');
    await settled(page);

    // Payouts: newest first, each with its amount and, once transferred, its date and reference.
    const payoutTable = page.getByRole('table', { name: 'Your payouts' });
    await expect(payoutTable.getByRole('row')).toHaveCount(Math.min(payouts.total, 10) + 1);
    for (const [index, payout] of payouts.rows.entries()) {
      const row = payoutTable.getByRole('row').nth(index + 1);
      await expect(row).toContainText(money(payout.amount_cents, payout.currency));
      if (payout.stripe_transfer_id) await expect(row).toContainText(payout.stripe_transfer_id);
      if (payout.status === 'processing') await expect(row).toContainText('Being transferred');
    }
    const paid = payouts.rows.find((p) => p.status === 'paid');
    expect(paid, 'a paid payout on the first page').toBeDefined();
    await page.screenshot({ path: `${SHOTS}/earnings-1280.png`, fullPage: true });
    await expectNoAxeViolations(page, '/earnings');

    // Commissions: a status narrows the list, and the address keeps it.
    const all = await readAs<CommissionRow>(token, 'commissions', 'select=id&limit=1');
    const pending = await readAs<CommissionRow>(
      token,
      'commissions',
      'select=id,available_at&status=eq.pending&order=created_at.desc&limit=20',
    );
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await expect(page).toHaveURL(/\/earnings\?status=pending$/);
    const pendingTable = page.getByRole('table', { name: 'Your pending commissions' });
    await settled(page);
    if (pending.total === 0) {
      await expect(page.getByRole('heading', { name: 'No pending commissions' })).toBeVisible();
    } else {
      await expect(pendingTable.getByRole('row')).toHaveCount(Math.min(pending.total, 20) + 1);
      const first = pending.rows[0]!;
      // A pending commission says when it becomes available.
      await expect(pendingTable.getByRole('row').nth(1)).toContainText(appDate(first.available_at));
      await expect(pendingTable.getByRole('row').nth(1)).toContainText('Pending');
    }
    await expectNoAxeViolations(page, '/earnings?status=pending');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');

    // A clawback says so in words, beside its negative amount.
    const approved = await readAs<CommissionRow>(
      token,
      'commissions',
      'select=id,kind,amount_cents,currency,status&status=eq.approved&order=created_at.desc&limit=1000',
    );
    const clawbackAt = approved.rows.findIndex((c) => c.kind === 'clawback');
    if (clawbackAt >= 0) {
      const clawback = approved.rows[clawbackAt]!;
      const onPage = Math.floor(clawbackAt / 20) + 1;
      await page.goto(
        `/earnings?status=approved${onPage > 1 ? `&commissions-page=${onPage}` : ''}`,
      );
      await settled(page);
      const row = page
        .getByRole('table', { name: 'Your approved commissions' })
        .getByRole('row')
        .nth((clawbackAt % 20) + 1);
      await expect(row).toContainText('Clawback for a refund');
      await expect(row).toContainText(money(clawback.amount_cents, clawback.currency));
    }

    // Every status: pages in the address, which a reload keeps.
    await page.goto('/earnings');
    await settled(page);
    const commissionTable = page.getByRole('table', { name: 'Your commissions' });
    await expect(commissionTable.getByRole('row')).toHaveCount(Math.min(all.total, 20) + 1);
    if (all.total > 20) {
      const firstRow = await commissionTable.getByRole('row').nth(1).textContent();
      await page
        .getByRole('navigation', { name: 'Your commissions pages' })
        .getByRole('button', { name: 'Next page' })
        .click();
      await expect(page).toHaveURL(/\/earnings\?commissions-page=2$/);
      await expect(commissionTable.getByRole('row').nth(1)).not.toHaveText(firstRow ?? '');
      await page.reload();
      await expect(
        page
          .getByRole('navigation', { name: 'Your commissions pages' })
          .getByRole('button', { name: 'Page 2' }),
      ).toHaveAttribute('aria-current', 'page');
      // A new status starts on its first page.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
      await expect(page).toHaveURL(/\/earnings\?status=paid$/);
    }
  });

  test('at 360 px the rows stack and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await login(page, affiliate, /\/dashboard$/);
    await page.goto('/earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await settled(page);
    const payoutTable = page.getByRole('table', { name: 'Your payouts' });
    // Stacked: each value carries its column's name, as a line of its row's block.
    await expect(payoutTable.getByText('Amount', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Your commissions' })).toBeVisible();
    expect(await overflowsSideways(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/earnings-360.png`, fullPage: true });
    await expectNoAxeViolations(page, '/earnings at 360 px');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('reversed');
    await settled(page);
    expect(await overflowsSideways(page)).toBe(false);
    await expectNoAxeViolations(page, '/earnings?status=reversed at 360 px');
  });

  test('a new affiliate is told when payouts happen, and that commissions come from sales', async ({
    page,
  }) => {
    const account = await createAccount('earnings-new', PASSWORD, {
      name: 'Nell Newcomer',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/earnings');
    await settled(page);
    await expect(page.getByRole('heading', { level: 3, name: 'No payouts yet' })).toBeVisible();
    await expect(page.getByText(/holding period/).first()).toBeVisible();
    await expect(page.getByText(/at least \$10\.00\. A smaller sum waits/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'No commissions yet' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/earnings-empty.png`, fullPage: true });
    await expectNoAxeViolations(page, '/earnings with nothing yet');
    // A status with nothing in it offers the whole list back.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
    await expect(page.getByRole('heading', { name: 'No paid commissions' })).toBeVisible();
    await expectNoAxeViolations(page, '/earnings?status=paid with nothing');
    await page.getByRole('button', { name: 'Show all commissions' }).click();
    await expect(page).toHaveURL(/\/earnings$/);
  });

  test('only affiliates see it: a merchant is refused, a visitor sent to log in', async ({
    page,
  }) => {
    await page.goto('/earnings');
    await expect(page).toHaveURL(/\/login/);
    await login(page, merchant, /\/dashboard-vendor$/);
    await page.goto('/earnings');
    await expect(
      page.getByText(/^Access denied\. This feature requires one of the following roles/),
    ).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Earnings' })).toHaveCount(
      0,
    );
  });

  test('the dashboard links to it from the Next payout card and the recent commissions', async ({
    page,
  }) => {
    await login(page, affiliate, /\/dashboard$/);
    const card = page.getByTestId('next-payout');
    await expect(card).not.toContainText('Loading…');
    await page.screenshot({ path: `${SHOTS}/dashboard-links.png`, fullPage: true });
    await card.getByRole('link', { name: 'Payout history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'See all earnings' }).click();
    await expect(page).toHaveURL(/\/earnings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  });
});

test.describe('/profile username', () => {
  test('an affiliate is told, under the field, that a new username moves their page', async ({
    page,
  }) => {
    const account = await createAccount('profile-moves', PASSWORD, {
      name: 'Mia Mover',
      role: 'affiliate',
    });
    // A published link page: the one thing at /@username that a new name moves.
    const published = await fetch(new URL('/rest/v1/link_pages', stack.apiUrl), {
      method: 'POST',
      headers: asService({ 'content-type': 'application/json', prefer: 'return=minimal' }),
      body: JSON.stringify({ owner_id: account.id, title: 'Mia’s picks', is_published: true }),
    });
    expect(published.status).toBe(201);
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).not.toHaveValue('');
    const before = await username.inputValue();
    await expect(username).toHaveAccessibleDescription(
      `3–32 lower-case letters, digits, _ or -. Your link page is /@${before}.`,
    );
    const next = `moved-${Date.now().toString(36)}`;
    await username.fill(next);
    await expect(username).toHaveAccessibleDescription(
      `Your page moves to /@${next}: links to /@${before} stop working.`,
    );
    await page.screenshot({ path: `${SHOTS}/profile-username.png` });
    await expectNoAxeViolations(page, 'a new username');
    // Back to the saved name, or not a name that can be saved: no move to warn of.
    await username.fill(before);
    await expect(username).toHaveAccessibleDescription(
      `3–32 lower-case letters, digits, _ or -. Your link page is /@${before}.`,
    );
    // Saved, the new address is the page's: nothing left to warn of.
    await username.fill(next);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved').first()).toBeVisible();
    await expect(username).toHaveAccessibleDescription(
      `3–32 lower-case letters, digits, _ or -. Your link page is /@${next}.`,
    );
  });

  test('a merchant, who has no page at /@, is not warned', async ({ page }) => {
    const account = await createAccount('profile-merchant-name', PASSWORD, {
      name: 'Max Merchant',
      role: 'merchant',
    });
    await login(page, account, /\/(dashboard-vendor|vendor-onboarding)/);
    await page.goto('/profile');
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).not.toHaveValue('');
    await username.fill(`shop-${Date.now().toString(36)}`);
    // Nor promised a link page it does not have.
    await expect(username).toHaveAccessibleDescription('3–32 lower-case letters, digits, _ or -.');
    await expect(page.getByText(/Your page moves to/)).toHaveCount(0);
  });
});

test.describe('/affiliate-hub', () => {
  test("names the affiliate's own link page and storefront addresses", async ({ page }) => {
    const { userId } = await signIn(affiliate);
    const res = await fetch(
      new URL(`/rest/v1/profiles?select=username&id=eq.${userId}`, stack.apiUrl),
      { headers: asService() },
    );
    const [profile] = (await res.json()) as { username: string }[];
    const username = profile!.username;
    const fronts = await fetch(
      new URL(`/rest/v1/storefronts?select=slug&owner_id=eq.${userId}`, stack.apiUrl),
      { headers: asService() },
    );
    const slugs = ((await fronts.json()) as { slug: string }[]).map((s) => s.slug);
    expect(slugs.length).toBeGreaterThan(0);

    await login(page, affiliate, /\/dashboard$/);
    await page.goto('/affiliate-hub');
    await expect(page.getByText(`One page at /@${username} with your links`)).toBeVisible();
    for (const slug of slugs)
      await expect(page.getByText(new RegExp(`/s/${slug}\\b`))).toBeVisible();
    await expect(page.getByText('/@username')).toHaveCount(0);
    await expect(page.getByText('/s/your-store')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/hub.png`, fullPage: true });
    await expectNoAxeViolations(page, '/affiliate-hub');
  });

  test('a new affiliate without a storefront is told where a first one goes', async ({ page }) => {
    const account = await createAccount('hub-new', PASSWORD, {
      name: 'Hana Hub',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/affiliate-hub');
    await expect(page.getByRole('heading', { name: 'Curate your first storefront' })).toBeVisible();
    await expect(page.getByText(/One page at \/@[a-z0-9_-]+ with your links/)).toBeVisible();
    await expectNoAxeViolations(page, '/affiliate-hub for a new affiliate');
  });
});
