import {
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

test('a learner completes a module and the progress is saved', async ({ page }) => {
  const { email, password } = await createAccount('learner', 'Moss+Creator26', {
    name: 'Ola Learner',
    role: 'affiliate',
  });
  await login(page, { email, password }, /\/dashboard$/);
  await visit(page, '/education');
  await page
    .getByRole('link', { name: 'Open Merchant Program Playbook' })
    .or(page.getByRole('link', { name: /^Open / }).last())
    .first()
    .click();
  await expect(page).toHaveURL(/\/education\/courses\//);
  const enrol = page.getByRole('button', { name: 'Enrol in this course' });
  if (await enrol.isVisible()) await enrol.click();
  await page.getByRole('link', { name: /^1\. / }).click();
  await expect(page.getByRole('article')).toBeVisible();
  // Module Markdown is rendered without raw HTML.
  expect(await page.getByRole('article').locator('script, iframe').count()).toBe(0);
  await page.getByRole('button', { name: /^Mark complete/ }).click();
  await expect(page.getByText('Module completed', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^Previous: / }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await visit(page, '/education');
  await page.goBack();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
});

test('community posts are sanitised, commented on, reacted to and reported', async ({
  page,
  browser,
}) => {
  await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
  await visit(page, '/community');
  const title = `Refill stations near you ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Post' })
    .fill(
      '<script>alert(1)</script>Where do you <b>refill</b> detergent? <img src=x onerror=alert(2)>',
    );
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/Where do you/)).toBeVisible();
  expect(await page.locator('main script, main img[src="x"]').count()).toBe(0);

  await page.getByLabel('Your comment').fill('The bulk store on Main Street refills for free.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('The bulk store on Main Street refills for free.')).toBeVisible();
  // Posted, the focus is back in the emptied comment box.
  await expect(page.getByLabel('Your comment')).toBeFocused();

  await page.getByRole('button', { name: 'Like 0' }).click();
  await expect(page.getByRole('button', { name: 'Like 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Nobody reports their own post or comment.
  await expect(page.getByRole('button', { name: 'Report post' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, '/community post');

  // Another member reports it once; a second report while the first is open is refused in words.
  const other = await browser.newContext({ baseURL: stack.webUrl });
  const merchantPage = await other.newPage();
  await login(merchantPage, demoAccount('merchant@verdant.test'), /\/dashboard-vendor$/);
  await merchantPage.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await merchantPage.getByRole('button', { name: 'Report post' }).click();
  const dialog = merchantPage.getByRole('dialog');
  // No reason is chosen for the reporter: sending without one asks for it, at the field.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const reason = dialog.getByRole('combobox', { name: /^Reason/ });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription('Choose a reason');
  await reason.selectOption({ label: 'Spam' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(merchantPage.getByText('Reported', { exact: true })).toBeVisible();
  await merchantPage.getByRole('button', { name: 'Report post' }).click();
  await reason.selectOption({ label: 'Something else' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toContainText('You have already reported this');
  await other.close();
});
