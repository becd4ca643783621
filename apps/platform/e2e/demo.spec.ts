import type { Request } from '@playwright/test';
import {
  asService,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
} from './support/fixtures.ts';

const DEMO_KEYS = ['verdant.demo-session', 'verdant.demo-links', 'verdant.email-popup-shown-at'];

const DEMO_USER_ID = '00000000-0000-0000-0000-000000000001';

/** Rows of a table whose column equals the demo user's id, read with the service role. */
async function demoRows(table: string, column: string): Promise<number> {
  const headers = asService();
  const url = new URL(`/rest/v1/${table}`, stack.apiUrl);
  url.searchParams.set('select', column);
  url.searchParams.set(column, `eq.${DEMO_USER_ID}`);
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** Requests that could change data: anything but GET/HEAD/OPTIONS to the data, auth or storage APIs. */
function isWrite(request: Request): boolean {
  const url = new URL(request.url());
  if (!/^\/(rest|auth|storage)\/v1\//.test(url.pathname)) return false;
  return !['GET', 'HEAD', 'OPTIONS'].includes(request.method());
}

test('a demo visitor explores with sample data, keeps links locally, and writes nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (isWrite(request)) writes.push(`${request.method()} ${request.url()}`);
  });
  await page.clock.install();

  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Try Verdant without an account',
  );
  await page.getByRole('button', { name: 'Start the demo' }).click();
  await expect(page).toHaveURL(/\/demo-dashboard$/);
  await expect(page.getByText('Demo · sample data')).toBeVisible();
  const session = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('verdant.demo-session') ?? 'null'),
  );
  expect(session).toMatchObject({ userId: DEMO_USER_ID });

  // Ranges change the sample figures.
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page.getByRole('img', { name: /Sample clicks and sales per day/ })).toBeVisible();

  // A demo link for a real product stays in this browser, also after a reload.
  const picker = page.getByRole('combobox', { name: 'Product' });
  await expect(page.getByRole('button', { name: 'Make link' })).toBeDisabled();
  // The first of the catalogue (the placeholder option has no value).
  const option = picker.locator('option:not([value=""])').first();
  await expect(option).toBeAttached();
  const productName = (await option.textContent())!.trim();
  await picker.selectOption({ label: productName });
  await page.getByRole('button', { name: 'Make link' }).click();
  const table = page.getByRole('table', { name: 'Your demo links' });
  await expect(table.getByRole('rowheader', { name: productName })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('rowheader', { name: productName })).toBeVisible();
  await expectNoAxeViolations(page, '/demo-dashboard');

  // A second link; deleting the first by keyboard moves the focus to the other's Delete, Undo
  // brings it back in its place, and with no link left the focus goes to the product picker.
  const otherName = (await picker.locator('option:not([value=""])').nth(1).textContent())!.trim();
  await picker.selectOption({ label: otherName });
  await page.getByRole('button', { name: 'Make link' }).click();
  await expect(table.getByRole('rowheader')).toHaveText([otherName, productName]);
  await expect(
    table.getByRole('button', { name: `Copy shop link for ${productName}` }),
  ).toBeVisible();
  await table.getByRole('button', { name: `Delete demo link for ${otherName}` }).press('Enter');
  await expect(
    table.getByRole('button', { name: `Delete demo link for ${productName}` }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(table.getByRole('rowheader')).toHaveText([otherName, productName]);
  for (const name of [otherName, productName])
    await table.getByRole('button', { name: `Delete demo link for ${name}` }).press('Enter');
  await expect(table.getByRole('heading', { name: 'No demo links yet' })).toBeVisible();
  await expect(picker).toBeFocused();
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(table.getByRole('rowheader')).toHaveText([productName]);
  await page.reload();
  await expect(table.getByRole('rowheader')).toHaveText([productName]);

  // The email offer appears once, after a while, and never again in this demo.
  await page.clock.fastForward(21_000);
  const offer = page.getByRole('dialog', { name: 'Keep what you explored' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await page.reload();
  await page.clock.fastForward(60_000);
  await expect(offer).toHaveCount(0);

  // Leaving demo mode clears the demo links, the popup timestamp and the session.
  await page.getByRole('button', { name: 'Leave the demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  const left = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), DEMO_KEYS);
  expect(left).toEqual([null, null, null]);

  // Nothing the visitor did reached the database: the browser sent no write to the data, auth or
  // storage APIs (the telemetry every visitor sends goes to the track-engagement function), and no
  // row belongs to the demo user. Table counts are not compared: other journeys run in parallel.
  expect(writes).toEqual([]);
  expect(await demoRows('profiles', 'id')).toBe(0);
  expect(await demoRows('affiliate_links', 'affiliate_id')).toBe(0);
});

test('a demo session older than 24 hours is not restored', async ({ page }) => {
  await page.goto('/demo');
  await page.evaluate(() =>
    localStorage.setItem(
      'verdant.demo-session',
      JSON.stringify({
        userId: '00000000-0000-0000-0000-000000000001',
        startedAt: Date.now() - 25 * 3_600_000,
      }),
    ),
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start the demo' })).toBeVisible();
  // The session engine drops the expired demo session when it restores the session.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('verdant.demo-session')))
    .toBeNull();
});

test('the shared demo account lands on the sample dashboard and leaves it from the account menu', async ({
  page,
}) => {
  await login(page, demoAccount('demo@verdant.test'), /\/demo-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo dashboard' })).toBeVisible();
  await expect(page.getByText('You are signed in')).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Demo period' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Make a demo link' })).toBeVisible();
  await expectNoAxeViolations(page, '/demo-dashboard as the demo account');
  // Its sidebar leads back to the demo dashboard, and /demo offers to continue it.
  await page.goto('/demo');
  await expect(page.getByRole('button', { name: 'Continue the demo' })).toBeVisible();
  await expect(page.getByText(/You are signed in/)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Demo dashboard' })
    .click();
  await expect(page).toHaveURL(/\/demo-dashboard$/);

  // The demo account has no profile to open; its menu leaves the demo, signed out.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Leave the demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
});
