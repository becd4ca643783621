// Runs around every story test (Storybook's Vitest addon): makes rendering deterministic, then
// compares a screenshot of the page (portalled toasts and dialogs included) with the committed
// baseline in __screenshots__/. Update baselines with `npm run test:visual:update -w @verdant/ui`.
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

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
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name);
});
