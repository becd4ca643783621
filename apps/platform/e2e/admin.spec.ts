import { demoAccount, expect, login, test } from './support/fixtures.ts';
import { visit } from './spa.ts';

const admin = demoAccount('admin@verdant.test');

test('administrators see platform metrics, find users and get the spec §5 refusals', async ({
  page,
}) => {
  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/metrics');
  await expect(page.getByText('GMV (all time)')).toBeVisible();
  await expect(page.getByRole('figure', { name: /Page load time per day/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Latest client errors' })).toBeVisible();

  await visit(page, '/admin/users');
  await page.getByLabel('Search by name or username').fill('Avery');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('combobox', { name: 'Role of Avery Okafor' }).click();
  await page.getByRole('option', { name: 'Affiliate' }).click();
  await expect(
    page.getByText('Administrators cannot demote themselves', { exact: true }),
  ).toBeVisible();
});

test('approval queues, moderation and payouts work for administrators', async ({ page }) => {
  await login(page, admin, /\/admin$/);
  await visit(page, '/admin/approvals');
  for (const tab of ['Merchants', 'Products', 'Claims']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
  await visit(page, '/admin/moderation');
  const reports = page.getByRole('table', { name: 'Open reports' });
  await expect(reports).toBeVisible();
  const dismiss = reports.getByRole('button', { name: 'Dismiss' });
  const before = await dismiss.count();
  if (before > 0) {
    await dismiss.first().click();
    await expect(page.getByText('Report dismissed', { exact: true })).toBeVisible();
    await expect(dismiss).toHaveCount(before - 1);
  }
  await visit(page, '/admin/payouts');
  await page.getByRole('button', { name: 'Run payouts' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Run payouts' }).click();
  await expect(page.getByText('Payout run finished', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payouts of this run' })).toBeVisible();
});
