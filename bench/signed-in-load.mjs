// A returning affiliate opening /dashboard (issue 11 "Speed"): builds apps/platform with Vite
// (production) into a temporary directory, starts a throw-away stack with the demo seed serving
// that build, signs the seeded affiliate in once, then loads /dashboard in fresh browser contexts
// holding that session, on an emulated slow 4G connection (150 ms round trip, 1.6 Mbit/s down) with
// 4× CPU slowdown and no HTTP cache, and times two moments from the navigation: the page's heading
// (the session restored and the page's code run) and its top links (the data drawn).
//   page shell  what the build serves at /dashboard: the app shell that also preloads the page's
//               code and the API client (`SIGNED_IN_SHELLS` in apps/platform/prerender.ts)
//   baseline    the same build's plain app shell (`app.html`), where that code is asked for only
//               once the entry has run; the two alternate, in the same run
// Run: node --import tsx --conditions=source bench/signed-in-load.mjs [rounds, default 5]
import { access, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startTestStack } from '@verdant/local-stack/testing';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { buildPlatform } from './platform-build.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const AFFILIATE = { email: 'affiliate@verdant.test', password: 'Moss+Creator26' };
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** One cold load of /dashboard with the session in storage: ms to the heading and to the data. */
async function load(browser, web, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = Date.now();
    await page.goto(`${web}/dashboard`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor({ timeout: 120_000 });
    const heading = Date.now() - start;
    await page
      .getByText(/^\/go\//)
      .first()
      .waitFor({ timeout: 120_000 });
    return { heading, data: Date.now() - start };
  } finally {
    await context.close();
  }
}

const work = await mkdtemp(join(tmpdir(), 'verdant-signed-in-load-'));
let stack;
let browser;
try {
  const outDir = join(work, 'dist');
  await buildPlatform(outDir);
  const shell = join(outDir, 'dashboard', 'index.html');
  await access(shell);
  stack = await startTestStack({ webRoot: outDir });
  const web = stack.webUrl;
  // Warm-up, unmeasured: every built file is compressed once, as a CDN would already hold it.
  for (const file of await readdir(join(outDir, 'assets')))
    await (await fetch(`${web}/assets/${file}`, { headers: { 'accept-encoding': 'br' } })).text();

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const signIn = await browser.newContext();
  const page = await signIn.newPage();
  await page.goto(`${web}/login`);
  await page.getByLabel('Email').fill(AFFILIATE.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(AFFILIATE.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  const storageState = await signIn.storageState();
  await signIn.close();

  const results = { shell: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of round % 2 ? ['baseline', 'shell'] : ['shell', 'baseline']) {
      // Without the page shell the web server answers /dashboard with app.html.
      if (variant === 'baseline') await rename(shell, `${shell}.off`);
      try {
        const timing = await load(browser, web, storageState);
        results[variant].push(timing);
        console.info(
          `${variant.padEnd(8)} heading ${timing.heading} ms, data ${timing.data} ms (round ${round + 1})`,
        );
      } finally {
        if (variant === 'baseline') await rename(`${shell}.off`, shell);
      }
    }
  }
  const summary = (variant) => ({
    heading: median(results[variant].map((r) => r.heading)),
    data: median(results[variant].map((r) => r.data)),
  });
  const shellTimes = summary('shell');
  const baseTimes = summary('baseline');
  console.info(`/dashboard, signed in, slow 4G + 4× CPU, median of ${ROUNDS}:`);
  console.info(`  baseline (app.html): heading ${baseTimes.heading} ms, data ${baseTimes.data} ms`);
  console.info(
    `  page shell:          heading ${shellTimes.heading} ms (×${(shellTimes.heading / baseTimes.heading).toFixed(2)}), data ${shellTimes.data} ms (×${(shellTimes.data / baseTimes.data).toFixed(2)})`,
  );
} finally {
  await browser?.close();
  await stack?.stop();
  await rm(work, { recursive: true, force: true });
}
