import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';

/** Every route of the app: its path, what kind of page it is and its main heading. */
export const ROUTES = [
  { path: '/one-sheet', heading: 'One-sheets', title: 'One-sheets — Verdant', screen: true },
  {
    path: '/vendor-one-sheet',
    heading: 'Sell more sustainable products through creators who believe in them',
    title: 'One-sheet for merchants — Verdant',
    screen: true,
  },
  {
    path: '/vendor-one-sheet/print',
    heading: 'Sell more sustainable products through creators who believe in them',
    title: 'One-sheet for merchants, A4 print — Verdant',
    screen: false,
  },
  {
    path: '/affiliate-one-sheet',
    heading: 'Earn from the sustainable products you already recommend',
    title: 'One-sheet for affiliates and creators — Verdant',
    screen: true,
  },
  {
    path: '/affiliate-one-sheet/print',
    heading: 'Earn from the sustainable products you already recommend',
    title: 'One-sheet for affiliates and creators, A4 print — Verdant',
    screen: false,
  },
  {
    path: '/presentation',
    heading: 'Verdant',
    title: 'Verdant presentation (1/11)',
    screen: true,
  },
  {
    path: '/investors',
    heading: 'Investing in Verdant',
    title: 'Investing in Verdant',
    screen: true,
  },
] as const;

/** Waits until the page's data has settled and the bundled fonts are in. */
async function waitReady(page: Page): Promise<void> {
  // The data settles within the page's own 8 s backend timeout; on a busy machine the page itself
  // can take several times as long to load and render.
  await page
    .locator('html[data-page-ready="true"]')
    .waitFor({ state: 'attached', timeout: 45_000 });
}

/** Opens a page and waits until its data has settled and the bundled fonts are in. */
export async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitReady(page);
}

/**
 * Opens a page like {@link openReady} for a test about the page with live figures. On a busy
 * machine the backend can miss the page's own 8 s timeout, and the page then rightly shows its
 * dated fallback; the page is loaded again (at most twice) until every figures block is live.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  await openReady(page, path);
  const allLive = async () =>
    (
      await page
        .getByTestId('figures-source')
        .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-state')))
    ).every((state) => state === 'live');
  for (let attempt = 1; attempt < 3 && !(await allLive()); attempt += 1) {
    await page.reload();
    await waitReady(page);
  }
}

const require = createRequire(import.meta.url);

/** Runs axe-core in the page and returns its violations (id, impact and the failing targets). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/**
 * Makes the page's run-dependent text the same in every run before a screenshot: dates become one
 * fixed date and the stack's port in URLs becomes 3000 (the text keeps its place and width).
 */
export async function freezeVolatileText(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>(
      '[data-volatile], [data-testid="signup-url"]',
    )) {
      const text = el.textContent ?? '';
      el.textContent = / UTC$/.test(text)
        ? '1 January 2026 at 00:00 UTC'
        : text.replace(/localhost:\d+/g, 'localhost:3000');
    }
  });
}

/** Blocks whose content changes with the calendar or the run (QR codes hold the stack's port). */
export function volatileBlocks(page: Page) {
  return [
    page.locator('svg[role="img"][aria-label^="QR code"]'),
    page.locator('[data-volatile-block]'),
  ];
}
