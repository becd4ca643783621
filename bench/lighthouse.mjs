// Lighthouse on apps/platform (issue 11 "Speed", issue 13 content pages): builds the app and its
// page renderer with Vite (production) into a temporary directory, starts a throw-away stack with
// the demo seed serving that build, and runs Lighthouse (mobile preset: emulated phone, simulated
// slow 4G and 4× CPU slowdown) in Debian's Chromium on the first pages a visitor meets and on the
// public content pages, one after another.
//   baseline  a minimal static HTML page (title, description, one paragraph, no script) served by
//             the same web server in the same run: what this machine scores for "nothing to do"
// Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95, CLS ≤ 0.02.
// Performance scores depend on how loaded the machine is (Lighthouse scales its simulation by the
// CPU it measures), so read them beside the baseline; the other categories do not.
// The local web server compresses text (Brotli or gzip), as static hosts and CDNs do.
// Run: node --import tsx --conditions=source bench/lighthouse.mjs [--only /path,/path] [--reports dir]
//   --reports  also writes each page's full Lighthouse result (JSON) into that directory
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { startTestStack } from '@verdant/local-stack/testing';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { buildPlatform } from './platform-build.mjs';

const { values } = parseArgs({
  options: { only: { type: 'string' }, reports: { type: 'string' } },
});

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95, cls: 0.02 };
/** Issue 13's public content pages: accessibility 100 on every one. */
const CONTENT_PAGES = [
  '/about',
  '/careers',
  '/pricing',
  '/revenue-transparency',
  '/technical-wiki',
  '/design-system',
  '/faq-crawlers',
  '/contact',
  '/help',
  '/privacy',
  '/terms',
  '/cookies',
  '/vendor-recruitment',
];

const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Verdant baseline page</title>
    <meta name="description" content="A static page with no script: the Lighthouse baseline." />
  </head>
  <body>
    <main><h1>Verdant</h1><p>Sustainable affiliate marketing.</p></main>
  </body>
</html>
`;

/** The seeded affiliate's published link page and storefront (the demo seed has them). */
async function seededPaths(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const page = await db.query(
      `select p.username from public.link_pages lp join public.profiles p on p.id = lp.owner_id
        where lp.is_published and p.username is not null order by p.username limit 1`,
    );
    const shop = await db.query(
      `select slug from public.storefronts where is_published order by slug limit 1`,
    );
    if (!page.rows[0] || !shop.rows[0])
      throw new Error('the seed has no published link page or storefront');
    return [`/@${page.rows[0].username}`, `/s/${shop.rows[0].slug}`];
  } finally {
    await db.end();
  }
}

async function audit(url, port) {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (values.reports) {
    await mkdir(values.reports, { recursive: true });
    const name = new URL(url).pathname.replace(/[^\w@.-]+/g, '_').replace(/^_|_$/g, '') || 'home';
    await writeFile(join(values.reports, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // Audits that cost points, with the categories they count in (weight > 0).
  const weighted = new Set(
    Object.values(lhr.categories).flatMap((c) =>
      c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id),
    ),
  );
  const failing = Object.values(lhr.audits)
    .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 0.9)
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  // What moved (CLS) and what the console said: the details a fix needs.
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map(
    (item) =>
      `${item.node?.selector ?? item.node?.snippet ?? '?'} ${Number(item.score).toFixed(3)}`,
  );
  const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map(
    (item) => `${item.source}: ${String(item.description).slice(0, 160)}`,
  );
  for (const request of lhr.audits['network-requests']?.details?.items ?? []) {
    if (request.statusCode >= 400) consoleErrors.push(`HTTP ${request.statusCode} ${request.url}`);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    failing,
    shifts,
    consoleErrors,
  };
}

const work = await mkdtemp(join(tmpdir(), 'verdant-lighthouse-'));
let stack;
let chrome;
let missed = false;
try {
  const outDir = join(work, 'dist');
  await buildPlatform(outDir);
  // The page renderer the web server draws /@{username} and /s/{slug} with, as `npm start` has it.
  const serverDir = join(work, 'dist-server');
  await buildPlatform(serverDir, { ssr: 'src/entry-server.tsx' });
  await writeFile(join(outDir, 'lighthouse-baseline.html'), BASELINE_HTML);
  stack = await startTestStack({
    webRoot: outDir,
    pageRenderer: join(serverDir, 'entry-server.mjs'),
  });
  const [linkPage, storefront] = await seededPaths(stack.dbUrl);
  const web = stack.webUrl;
  const pages = [
    '/lighthouse-baseline.html',
    '/',
    '/login',
    linkPage,
    storefront,
    ...CONTENT_PAGES,
  ];
  const only = values.only?.split(',');
  // Warm-up, unmeasured: every page and built file is requested once, compressed, as a CDN would
  // already hold them. Without it the first page audited paid for the server compressing each
  // asset on its first request (its first paint came 2 s late, ≈ 15 points).
  const assets = (await readdir(join(outDir, 'assets'))).map((f) => `/assets/${f}`);
  for (const path of [...pages, ...assets]) {
    const response = await fetch(new URL(path, web), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    await response.arrayBuffer();
  }
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  console.info(`web ${web}; Lighthouse mobile preset, Chromium ${chromiumPath}`);
  console.info('page                      perf  a11y    BP   SEO     CLS    LCP   perf/baseline');
  let baseline;
  for (const page of pages) {
    if (only && page !== pages[0] && !only.includes(page)) continue;
    const r = await audit(new URL(page, web).href, chrome.port);
    if (page === pages[0]) baseline = r;
    const isBaseline = page === pages[0];
    const below =
      !isBaseline &&
      (r.performance < TARGETS.performance ||
        r.accessibility < TARGETS.accessibility ||
        r['best-practices'] < TARGETS['best-practices'] ||
        r.seo < TARGETS.seo ||
        !(r.cls <= TARGETS.cls));
    if (below) missed = true;
    const label = isBaseline ? 'baseline (static HTML)' : page;
    console.info(
      `${label.padEnd(24)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r['best-practices']).padStart(5)} ${String(r.seo).padStart(5)} ${r.cls.toFixed(3).padStart(7)} ${`${Math.round(r.lcp)} ms`.padStart(8)} ${isBaseline ? '' : `${(r.performance / Math.max(1, baseline.performance)).toFixed(2)}×`.padStart(7)}${below ? '  BELOW TARGET' : ''}`,
    );
    if (r.failing.length) console.info(`    costs points: ${r.failing.join('; ')}`);
    if (r.cls > TARGETS.cls) console.info(`    layout shifts: ${r.shifts.join('; ')}`);
    if (r.consoleErrors.length) console.info(`    console: ${r.consoleErrors.join('; ')}`);
  }
  console.info(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ≥ ${TARGETS.seo}, CLS ≤ ${TARGETS.cls}; machine benchmark index ${baseline?.benchmarkIndex ?? '?'}`,
  );
} finally {
  await chrome?.kill();
  await stack?.stop();
  await rm(work, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;
