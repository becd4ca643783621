import {
  asUser,
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

interface DashboardFigures {
  currency: string;
  totals: { clicks: number; unique_clicks: number; conversions: number };
  series: { clicks: number; earnings_cents: number }[];
  balances: {
    currency: string;
    pending_cents: number;
    approved_cents: number;
    paid_cents: number;
  }[];
}

/** The affiliate's figures for a period, read from the API as the affiliate. */
async function figures(token: string, days: number): Promise<DashboardFigures> {
  const res = await fetch(new URL('/rest/v1/rpc/affiliate_dashboard', stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json' }),
    body: JSON.stringify({ days }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as DashboardFigures;
}

const count = (value: number) => value.toLocaleString('en');

test('the affiliate dashboard shows clicks, unique clicks, conversions and earnings by status for 7, 30 and 90 days', async ({
  page,
}) => {
  const { token } = await signIn(affiliate);
  await login(page, affiliate, /\/dashboard$/);
  for (const days of [7, 90, 30]) {
    await page.getByRole('radio', { name: `${days} days` }).click();
    await expect(page.getByRole('heading', { name: `Last ${days} days` })).toBeVisible();
    const d = await figures(token, days);
    const balance = d.balances.find((b) => b.currency === d.currency) ?? {
      pending_cents: 0,
      approved_cents: 0,
      paid_cents: 0,
    };
    const clicks = page.getByRole('group', { name: 'Clicks' });
    await expect(clicks).toContainText(count(d.totals.clicks));
    await expect(clicks.getByText(`${count(d.totals.unique_clicks)} unique`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Conversions' })).toContainText(
      count(d.totals.conversions),
    );
    const pending = page.getByRole('group', { name: 'Pending' });
    await expect(pending).toContainText(money(balance.pending_cents, d.currency));
    await expect(
      pending.getByText(
        `${money(balance.approved_cents, d.currency)} approved · ${money(balance.paid_cents, d.currency)} paid`,
      ),
    ).toBeVisible();
    // A period without sales says so instead of drawing a flat line at zero.
    const sold = d.series.some((day) => day.earnings_cents !== 0);
    await expect(
      page.getByRole('figure', { name: /Earnings per day/ }).getByText('No sales yet'),
    ).toHaveCount(sold ? 0 : 1);
    // Earnings tick in money, not as bare counts.
    if (sold)
      await expect(
        page
          .getByRole('figure', { name: /Earnings per day/ })
          .getByText(/^\$\d/)
          .first(),
      ).toBeVisible();
  }
  await expectNoAxeViolations(page, '/dashboard');

  // The period lives in the address: a reload keeps it, and the default leaves the address clean.
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/dashboard\?period=7$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Last 7 days' })).toBeVisible();
  await page.getByRole('radio', { name: '30 days' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
