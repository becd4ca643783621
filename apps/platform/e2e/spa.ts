import type { Page } from '@playwright/test';

/**
 * Navigates inside the running app (history push + popstate, as a link click does), so a
 * signed-in journey keeps its in-memory session without a full page load.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}
