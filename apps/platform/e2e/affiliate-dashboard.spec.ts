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
  series: { day: string; clicks: number; earnings_cents: number }[];
  balances: {
    currency: string;
    pending_cents: number;
    approved_cents: number;
    paid_cents: number;
  }[];
  next_payout: { status: 'pending' | 'processing'; amount_cents: number; currency: string } | null;
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
    // The balance is all time: under its own heading, above the period's, and the same for every
    // period.
    const balances = page.getByRole('region', { name: 'Balance' });
    await expect(balances).toHaveAccessibleDescription(/^All time/);
    expect(
      await balances.evaluate((section, name) => {
        const period = [...document.querySelectorAll('h2')].find((h) => h.textContent === name);
        return period
          ? Boolean(period.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_PRECEDING)
          : false;
      }, `Last ${days} days`),
      'the balance comes before the period heading',
    ).toBe(true);
    await expect(balances.getByRole('group', { name: 'Pending' })).toContainText(
      money(balance.pending_cents, d.currency),
    );
    await expect(balances.getByRole('group', { name: 'Paid' })).toContainText(
      money(balance.paid_cents, d.currency),
    );
    const approved = balances.getByRole('group', { name: 'Approved' });
    await expect(approved).toContainText(money(balance.approved_cents, d.currency));
    // A payout under way holds approved money: the card says so, in the Next payout card's words,
    // instead of calling it waiting.
    const payout = d.next_payout?.currency === d.currency ? d.next_payout : null;
    const payoutCard = page.getByRole('heading', { name: 'Next payout' }).locator('..');
    if (payout?.status === 'processing') {
      await expect(payoutCard).toContainText('Being transferred');
      await expect(approved).toContainText(/being transferred/i);
      await expect(approved).not.toContainText(/waiting/i);
    } else if (!payout) {
      await expect(payoutCard).toContainText('waiting for the next payout run');
      await expect(approved).toContainText('Waiting for the next payout run');
    }
    await expect(page.getByRole('group', { name: 'Pending' })).toHaveCount(1);
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
    // The table under the chart (and its tooltip) give each day's earnings to the cent; only
    // the axis is rounded.
    if (sold) {
      const chart = page.getByRole('figure', { name: /Earnings per day/ });
      await chart.getByRole('button', { name: 'Show table' }).click();
      const table = chart.getByRole('table');
      for (const day of d.series.filter((entry) => entry.earnings_cents !== 0))
        await expect(table).toContainText(money(day.earnings_cents, d.currency));
      await chart.getByRole('button', { name: 'Hide table' }).click();
    }
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
