import { expect, test } from '@playwright/test';
import { ROUTES, freezeVolatileText, openLive, volatileBlocks } from './support/pages.ts';

// Page-level baselines of every route on screen and on paper. Dates and the stack's port are
// replaced by fixed text, QR codes and calendar-bound figures masked; everything else must match. Update: npm run test:update -w @verdant/one-sheets
for (const route of ROUTES) {
  for (const media of ['screen', 'print'] as const) {
    test(`${route.path} (${media}) matches its baseline`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ media });
      await openLive(page, route.path);
      await freezeVolatileText(page);
      const name = `${route.path.slice(1).replaceAll('/', '-')}-${media}.png`;
      await expect(page).toHaveScreenshot(name, { fullPage: true, mask: volatileBlocks(page) });
    });
  }
}

test('/presentation on a projector (1920×1080): the traction slide', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openLive(page, '/presentation#/8');
  await freezeVolatileText(page);
  await expect(page).toHaveScreenshot('presentation-traction-1080p.png', {
    mask: volatileBlocks(page),
  });
});
