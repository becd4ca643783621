import { expect, expectNoAxeViolations, login, demoAccount, test } from './support/fixtures.ts';

test.describe('the app shell', () => {
  test('home page, navigation, not-found page and zero axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('better for the planet');
    await expect(page).toHaveTitle(/Verdant/);
    await expectNoAxeViolations(page, '/');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a guarded page sends visitors to the login and back after signing in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await login(page, demoAccount('affiliate@verdant.test'), /\/profile$/, { stay: true });
  });
});
