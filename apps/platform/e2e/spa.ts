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
    // The entry carries what the router's own entries do (a key and the next index), so Back and
    // Forward from it count steps as they do after a link.
    const at = (window.history.state as { idx?: unknown } | null)?.idx;
    const idx = typeof at === 'number' ? at + 1 : 0;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}
