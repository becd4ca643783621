// Runs around every story test (Storybook's Vitest addon): makes rendering deterministic, then
// compares a screenshot of the page (portalled toasts and dialogs included) with the committed
// baseline in __screenshots__/. Update baselines with `npm run test:visual:update -w @verdant/ui`.
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

/** How long a story may take to render two identical frames in a row. */
const STABLE_FRAME_MS = 20_000;

beforeAll(() => {
  const style = document.createElement('style');
  style.dataset.visualTest = '';
  style.textContent = `
    *, *::before, *::after {
      animation: none !important;
      transition: none !important;
      caret-color: transparent !important;
    }`;
  document.head.append(style);
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  const story = (context as { story?: { parameters?: { visual?: { disable?: boolean } } } }).story;
  if (!story || story.parameters?.visual?.disable) return;
  // The preview's @font-face rules exist once the story module graph has loaded: load them now.
  await document.fonts.load('16px "Inter Variable"');
  await document.fonts.ready;
  const name = context.task.name.replace(/[^\w-]+/g, '-');
  // A loaded machine (two cores running every workspace's tests) can take longer than the
  // default 5 s to give two identical frames in a row.
  await expect
    .element(page.elementLocator(document.body), { timeout: STABLE_FRAME_MS + 5_000 })
    .toMatchScreenshot(name, { timeout: STABLE_FRAME_MS });
}, STABLE_FRAME_MS + 15_000);
