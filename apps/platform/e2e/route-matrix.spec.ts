import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  stack,
  test,
} from './support/fixtures.ts';
import { visit } from './spa.ts';

/**
 * Every route of spec §2 served by the platform app, walked as a visitor, an affiliate, a
 * merchant and an administrator, with what the spec (and the issues) prescribe for each:
 * - `page`: the route's own page (no denial, no not-found, still on the route);
 * - `redirect`: a redirect to the given path;
 * - `denied`: the access-denied card of spec §2;
 * - `any`: guards not prescribed by the spec — a real page or a guard outcome, never an error
 *   or a not-found page.
 * The one-sheet, print, presentation and investor pages belong to the one-sheets app.
 */
type Outcome = 'page' | 'denied' | 'any' | { redirect: string };
type Viewer = 'anon' | 'affiliate' | 'merchant' | 'admin';
type Expectations = Record<Viewer, Outcome>;

const everyone: Expectations = { anon: 'page', affiliate: 'page', merchant: 'page', admin: 'page' };
const toLogin = { redirect: '/login' };
const merchantOnly: Expectations = {
  anon: toLogin,
  affiliate: 'denied',
  merchant: 'page',
  admin: 'denied',
};
const adminOnly: Expectations = {
  anon: toLogin,
  affiliate: 'denied',
  merchant: 'denied',
  admin: 'page',
};
const unprescribed: Expectations = { anon: 'any', affiliate: 'any', merchant: 'any', admin: 'any' };
const visitorsOnly: Expectations = {
  anon: 'page',
  affiliate: 'any',
  merchant: 'any',
  admin: 'any',
};

/** Where each role lands after logging in. */
const HOME = /\/(dashboard|dashboard-vendor|admin)$/;

const ACCOUNTS = {
  affiliate: 'affiliate@verdant.test',
  merchant: 'merchant@verdant.test',
  admin: 'admin@verdant.test',
} as const;

async function firstModulePath(): Promise<string> {
  const url = new URL('/rest/v1/courses', stack.apiUrl);
  url.searchParams.set('select', 'slug,course_modules(id,position)');
  url.searchParams.set('slug', 'eq.affiliate-foundations');
  const response = await fetch(url, { headers: { apikey: stack.anonKey } });
  const [course] = (await response.json()) as {
    slug: string;
    course_modules: { id: string; position: number }[];
  }[];
  const first = course!.course_modules.sort((a, b) => a.position - b.position)[0]!;
  return `/education/courses/${course!.slug}/modules/${first.id}`;
}

function matrix(modulePath: string): [string, Expectations][] {
  return [
    ['/', everyone],
    ['/login', visitorsOnly],
    ['/signup', visitorsOnly],
    ['/signup/affiliate', visitorsOnly],
    ['/signup/vendor', visitorsOnly],
    ['/auth/callback', unprescribed],
    ['/vendor-onboarding', merchantOnly],
    ['/demo', everyone],
    ['/demo-dashboard', { anon: 'page', affiliate: 'page', merchant: 'page', admin: 'page' }],
    [
      '/dashboard',
      {
        anon: toLogin,
        affiliate: 'page',
        merchant: { redirect: '/dashboard-vendor' },
        // Spec §2 sends non-affiliates to /dashboard-vendor, which sends non-merchants to /login:
        // the admin passes through and lands on /login.
        admin: toLogin,
      },
    ],
    [
      '/dashboard-affiliate',
      { anon: toLogin, affiliate: 'page', merchant: toLogin, admin: toLogin },
    ],
    ['/recruit', unprescribed],
    ['/affiliate-links', unprescribed],
    ['/affiliate-programs', unprescribed],
    ['/vendor', merchantOnly],
    ['/dashboard-vendor', { anon: toLogin, affiliate: toLogin, merchant: 'page', admin: toLogin }],
    ['/vendor/settings', merchantOnly],
    ['/vendor/products', merchantOnly],
    ['/vendor-affiliates', merchantOnly],
    ['/vendor-messages', merchantOnly],
    ['/add-product', merchantOnly],
    ['/admin', adminOnly],
    ['/admin/metrics', adminOnly],
    ['/admin/users', adminOnly],
    ['/admin/approvals', adminOnly],
    ['/admin/moderation', adminOnly],
    ['/admin/payouts', adminOnly],
    ['/education', everyone],
    ['/education/courses/affiliate-foundations', everyone],
    [modulePath, everyone],
    ['/course-splash', everyone],
    ['/products', unprescribed],
    ['/affiliate-hub', unprescribed],
    ['/community', everyone],
    ['/vendor-recruitment', everyone],
    ['/shop', unprescribed],
    ['/about', everyone],
    ['/pricing', unprescribed],
    ['/revenue-transparency', everyone],
    ['/technical-wiki', everyone],
    ['/design-system', everyone],
    ['/storefronts/manage', unprescribed],
    ['/my-links', unprescribed],
    ['/faq-crawlers', everyone],
    ['/contact', everyone],
    ['/help', everyone],
    ['/privacy', everyone],
    ['/terms', everyone],
    ['/cookies', everyone],
    ['/careers', everyone],
    ['/profile', { anon: toLogin, affiliate: 'page', merchant: 'page', admin: 'page' }],
    ['/payment-success', unprescribed],
    ['/payment-canceled', unprescribed],
  ];
}

const denial = (page: Page) =>
  page.getByText(/^Access denied\. This feature requires one of the following roles/);
const notFound = (page: Page) => page.getByRole('heading', { name: 'Page not found' });
const crashed = (page: Page) => page.getByText('Unexpected Application Error!');

/** Soft assertions: the walk goes on and reports every route that misses its outcome. */
const soft = expect.configure({ soft: true, timeout: 15_000 });

async function check(page: Page, path: string, outcome: Outcome): Promise<void> {
  const target = path.split('?')[0]!;
  await visit(page, path);
  if (typeof outcome === 'object') {
    await soft
      .poll(() => new URL(page.url()).pathname, { message: `${path}: redirect`, timeout: 15_000 })
      .toBe(outcome.redirect);
    return;
  }
  if (outcome === 'denied') {
    await soft(denial(page), `${path}: access-denied card`).toBeVisible();
    await soft(page.getByRole('button', { name: 'Try Again' }), `${path}: Try Again`).toBeVisible();
    return;
  }
  // A page (or, for unprescribed guards, anything real): a heading, then no not-found or crash.
  await soft(page.locator('h1, h2').first(), `${path}: a heading`).toBeVisible();
  await soft(notFound(page), `${path}: not-found page`).toHaveCount(0);
  await soft(crashed(page), `${path}: router error page`).toHaveCount(0);
  if (outcome === 'page') {
    await soft(page.locator('h1').first(), `${path}: a page heading`).toBeVisible();
    await soft(denial(page), `${path}: no denial`).toHaveCount(0);
    soft(new URL(page.url()).pathname, `${path}: stays on the route`).toBe(target);
  }
}

for (const viewer of ['anon', 'affiliate', 'merchant', 'admin'] as const) {
  test(`route matrix as ${viewer === 'anon' ? 'a visitor' : `the ${viewer}`}`, async ({ page }) => {
    test.setTimeout(300_000);
    const routes = matrix(await firstModulePath());
    if (viewer !== 'anon') {
      const account = demoAccount(ACCOUNTS[viewer]);
      await login(page, account, HOME);
    } else {
      await page.goto('/');
    }
    for (const [path, expectations] of routes) {
      await test.step(`${path} → ${JSON.stringify(expectations[viewer])}`, () =>
        check(page, path, expectations[viewer]));
      // /auth/callback sends a signed-in user on to their home once the session is known; wait
      // for that, or it would land in the middle of the next route's check.
      if (viewer !== 'anon' && path === '/auth/callback')
        await page.waitForURL((url) => url.pathname !== '/auth/callback');
      // A visitor who opened the demo dashboard is in demo mode (once the session engine has
      // loaded and started it); the next route is visited as a plain visitor again.
      if (viewer === 'anon' && path === '/demo-dashboard') {
        await page.waitForFunction(() => localStorage.getItem('verdant.demo-session') !== null);
        await page.evaluate(() => localStorage.removeItem('verdant.demo-session'));
        await page.goto('/');
      }
    }
  });
}

/** Zero axe violations on every route, as the viewer who sees its page. */
const AXE_ROUTES: [string, Viewer][] = [
  ['/', 'anon'],
  ['/login', 'anon'],
  ['/signup', 'anon'],
  ['/signup/affiliate', 'anon'],
  ['/signup/vendor', 'anon'],
  ['/pricing', 'anon'],
  ['/shop', 'anon'],
  ['/products', 'anon'],
  ['/cart', 'anon'],
  ['/payment-canceled', 'anon'],
  ['/@jordan-rivers', 'anon'],
  ['/s/jordan-rivers-picks', 'anon'],
  ['/about', 'anon'],
  ['/careers', 'anon'],
  ['/technical-wiki', 'anon'],
  ['/faq-crawlers', 'anon'],
  ['/privacy', 'anon'],
  ['/terms', 'anon'],
  ['/cookies', 'anon'],
  ['/contact', 'anon'],
  ['/help', 'anon'],
  ['/revenue-transparency', 'anon'],
  ['/vendor-recruitment', 'anon'],
  ['/course-splash', 'anon'],
  ['/design-system', 'anon'],
  ['/education', 'anon'],
  ['/education/courses/affiliate-foundations', 'anon'],
  ['/community', 'anon'],
  ['/demo', 'anon'],
  ['/demo-dashboard', 'anon'],
  ['/dashboard', 'affiliate'],
  ['/affiliate-programs', 'affiliate'],
  ['/affiliate-links', 'affiliate'],
  ['/affiliate-hub', 'affiliate'],
  ['/recruit', 'affiliate'],
  ['/my-links', 'affiliate'],
  ['/storefronts/manage', 'affiliate'],
  ['/profile', 'affiliate'],
  ['/education', 'affiliate'],
  ['/community', 'affiliate'],
  ['/vendor', 'merchant'],
  ['/dashboard-vendor', 'merchant'],
  ['/vendor/settings', 'merchant'],
  ['/vendor/products', 'merchant'],
  ['/add-product', 'merchant'],
  ['/vendor/products/bamboo-toothbrush-set', 'merchant'],
  ['/vendor-affiliates', 'merchant'],
  ['/vendor-messages', 'merchant'],
  ['/vendor-onboarding', 'merchant'],
  ['/admin', 'admin'],
  ['/admin/metrics', 'admin'],
  ['/admin/users', 'admin'],
  ['/admin/approvals', 'admin'],
  ['/admin/moderation', 'admin'],
  ['/admin/payouts', 'admin'],
];

for (const viewer of ['anon', 'affiliate', 'merchant', 'admin'] as const) {
  const routes = AXE_ROUTES.filter(([, v]) => v === viewer).map(([path]) => path);
  test(`axe finds no violations as ${viewer === 'anon' ? 'a visitor' : `the ${viewer}`}`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    if (viewer !== 'anon') await login(page, demoAccount(ACCOUNTS[viewer]), HOME);
    else await page.goto('/');
    const extra = viewer === 'anon' ? [await firstModulePath()] : [];
    for (const path of [...routes, ...extra]) {
      await test.step(path, async () => {
        await visit(page, path);
        await expect(page.locator('h1').first()).toBeVisible();
        // Let lazy data settle (tables and charts replace their skeletons).
        await page.waitForLoadState('networkidle');
        // The previous page stays up until the next one's code has loaded, and a page may then show
        // its loading state first: check once the page is drawn, and fail only if a violation stays.
        await expect(async () => {
          await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectNoAxeViolations(page, `${path} as ${viewer}`);
        }).toPass({ timeout: 20_000 });
      });
    }
  });
}
