import type { Page } from '@playwright/test';

/**
 * Navigates inside the running app (history push + popstate, as a link click does), so a
 * signed-in journey keeps its in-memory session without a full page load. It first waits for the
 * app to own the page: its first render has committed (the root has content and no longer holds
 * prerendered HTML), so its router is listening. The app renders and hydrates in a transition, so
 * right after the load event it may not be yet.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && root.childElementCount > 0 && !root.hasAttribute('data-prerendered');
  });
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}
