// `npm run one-sheets:pdf`: renders every printable one-sheet to PDF with Playwright and the
// system Chromium into apps/one-sheets/dist/pdf/ (or --out). The pages are read from --url, else
// from the running `npm start` stack, else from a throw-away stack started for the run.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../../../config/chromium.mjs';
import { PDF_FILES } from '../src/lib/sheets.ts';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(appDir, '../..');

const { values } = parseArgs({
  options: { url: { type: 'string' }, out: { type: 'string' } },
});
const outDir = path.resolve(values.out ?? path.join(appDir, 'dist', 'pdf'));

async function runningStackUrl(): Promise<string | undefined> {
  const dataDir = process.env.VERDANT_DATA_DIR ?? path.join(root, '.verdant');
  try {
    const { webUrl } = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
      webUrl: string;
    };
    const response = await fetch(new URL('/one-sheet', webUrl));
    return response.ok ? webUrl : undefined;
  } catch {
    return undefined;
  }
}

let stop: (() => Promise<void>) | undefined;
let base = values.url ?? (await runningStackUrl());
if (!base) {
  const { startTestStack } = await import('@verdant/local-stack/testing');
  console.info('No running stack found: starting a throw-away one with the demo seed…');
  const stack = await startTestStack();
  base = stack.webUrl;
  stop = () => stack.stop();
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  await mkdir(outDir, { recursive: true });
  for (const { file, sheet, paper } of PDF_FILES) {
    const page = await browser.newPage();
    const url = new URL(`/${sheet}/print${paper === 'letter' ? '?paper=letter' : ''}`, base);
    await page.goto(url.href, { waitUntil: 'load' });
    await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(path.join(outDir, file), pdf);
    await page.close();
    console.info(`${path.relative(process.cwd(), path.join(outDir, file))}  ${pdf.length} bytes`);
  }
} finally {
  await browser.close();
  await stop?.();
}
