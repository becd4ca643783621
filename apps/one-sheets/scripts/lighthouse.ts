// `npm run lighthouse -w @verdant/one-sheets [-- --url <site>]`: Lighthouse accessibility of
// /one-sheet, /presentation and /investors in the system Chromium; fails below 100. Reads the pages
// from --url, else from the running `npm start` stack.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../../config/chromium.mjs';

const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const { values } = parseArgs({ options: { url: { type: 'string' } } });

async function baseUrl(): Promise<string> {
  if (values.url) return values.url;
  const dataDir = process.env.VERDANT_DATA_DIR ?? path.join(root, '.verdant');
  const { webUrl } = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as {
    webUrl: string;
  };
  return webUrl;
}

const base = await baseUrl();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
let failed = false;
try {
  for (const page of ['/one-sheet', '/presentation', '/investors']) {
    const result = await lighthouse(new URL(page, base).href, {
      port: chrome.port,
      onlyCategories: ['accessibility'],
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    const score = Math.round((lhr?.categories.accessibility?.score ?? 0) * 100);
    const failing = Object.values(lhr?.audits ?? {})
      .filter((audit) => audit.score === 0)
      .map((audit) => audit.id);
    console.info(
      `${page}: accessibility ${score}${failing.length ? ` (${failing.join(', ')})` : ''}`,
    );
    if (score < 100) failed = true;
  }
} finally {
  chrome.kill();
}
process.exitCode = failed ? 1 : 0;
