import {
  asService,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  login,
  stack,
  test,
} from './support/fixtures.ts';
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
  const role = table.getByRole('combobox', { name: 'Role of Avery Okafor' });
  // A role change waits for a confirmation; cancelling keeps the role and the focus on its picker.
  await expect(role.locator('option')).toHaveText([
    'Affiliate',
    'Merchant',
    'Administrator',
    'Demo',
  ]);
  await role.selectOption({ label: 'Affiliate' });
  const confirm = page.getByRole('alertdialog', { name: 'Change Avery Okafor’s role?' });
  await expect(confirm).toContainText('becomes Affiliate (now Administrator)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(role).toHaveValue('admin');
  await expect(role.locator('option:checked')).toHaveText('Administrator');
  await expect(role).toBeFocused();
  // Confirmed, the database's rule answers in the dialog: the last administrator stays.
  await role.selectOption({ label: 'Affiliate' });
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
  // The seeded merchant waiting for approval, its onboarding stage in words.
  await page.getByRole('tab', { name: /^Merchants/ }).click();
  await expect(page.getByRole('row', { name: /Leafline Studio/ })).toContainText(
    'Statement written',
  );
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
  // An affiliate of its own with an approved commission, so that the run pays somebody.
  const payee = await createAccount('payee', 'Moss+Creator26', {
    name: 'Wren Payton',
    role: 'affiliate',
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

  await page.getByRole('button', { name: 'Run payouts' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Run payouts' }).click();
  await expect(page.getByText('Payout run finished', { exact: true })).toBeVisible();
  const thisRun = page.getByRole('table', { name: 'Payouts of this run' });
  await expect(thisRun.getByRole('rowheader', { name: /Wren Payton/ })).toBeVisible();
  await expect(thisRun).not.toContainText(UUID);

  // The history is read again: the run's payouts head it and the total grows.
  const after = await newestPayout();
  expect(after.total).toBeGreaterThan(before.total);
  await expect(
    page.getByText(`1–${Math.min(after.total, 20)} of ${after.total}`, { exact: true }),
  ).toBeVisible();
  await expect(history.getByRole('rowheader', { name: /Wren Payton/ })).toBeVisible();
  await expect(history).not.toContainText(UUID);
  await expectNoAxeViolations(page, '/admin/payouts after a run');

  // The seed's payout still being transferred is marked paid once the money has arrived.
  const { data: processing } = await rest<{ id: string }[]>(
    '/rest/v1/payouts?select=id&status=eq.processing',
  );
  expect(processing, 'the seed has a payout being transferred').toHaveLength(1);
  const payoutId = processing[0]!.id;
  await history.getByRole('button', { name: 'Mark paid: the payout to Jordan Rivers' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark this payout paid?' });
  await expect(confirm).toContainText('reached Jordan Rivers');
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Payout marked paid', { exact: true })).toBeVisible();
  await expect(
    history.getByRole('button', { name: 'Mark paid: the payout to Jordan Rivers' }),
  ).toHaveCount(0);
  const { data: marked } = await rest<{ status: string; paid_at: string | null }[]>(
    `/rest/v1/payouts?select=status,paid_at&id=eq.${payoutId}`,
  );
  expect(marked[0]).toMatchObject({ status: 'paid' });
  expect(marked[0]!.paid_at).not.toBeNull();
  // The commissions it holds are paid with it.
  const { data: held } = await rest<{ status: string }[]>(
    `/rest/v1/commissions?select=status&payout_id=eq.${payoutId}`,
  );
  expect(held.length).toBeGreaterThan(0);
  expect(held.every((c) => c.status === 'paid')).toBe(true);

  const screenshot = test.info().outputPath('admin-payouts.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await test.info().attach('admin payouts', { path: screenshot, contentType: 'image/png' });
});
