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
 * merchant and an administrator (with axe on the pages each of them sees), with what the spec
 * (and the issues) prescribe for each:
 * - `page`: the route's own page (no denial, no not-found, still on the route);
 * - `redirect`: a redirect to the given path;
 * - `denied`: the access-denied card of spec §2;
 * - `any`: guards not prescribed by the spec — a real page or a guard outcome, never an error
 *   or a not-found page.
 * Each route names the heading of its own page. The app keeps the previous page on screen while
 * the next one's code loads, so a check waits for that heading (or for a guard's outcome) before
 * it looks: a route is judged by its own page, never by the one before it.
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

/** A route, what each viewer meets there, and the heading of the route's own page. */
type Route = [path: string, expectations: Expectations, heading: string | RegExp];

function matrix(modulePath: string): Route[] {
  return [
    ['/', everyone, 'Earn by recommending products that are better for the planet'],
    ['/login', visitorsOnly, 'Log in to Verdant'],
    ['/signup', visitorsOnly, 'Create your Verdant account'],
    // Signed in, a sign-up page says so instead of its form (auth.spec checks which is which).
    ['/signup/affiliate', visitorsOnly, /^(Sign up as an affiliate|You are signed in)$/],
    ['/signup/vendor', visitorsOnly, /^(Sign up as a vendor|You are signed in)$/],
    ['/auth/callback', unprescribed, 'This link did not sign you in'],
    ['/vendor-onboarding', merchantOnly, 'Merchant onboarding'],
    ['/demo', everyone, 'Try Verdant without an account'],
    ['/demo-dashboard', everyone, 'Demo dashboard'],
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
      /^Welcome, /,
    ],
    [
      '/dashboard-affiliate',
      { anon: toLogin, affiliate: 'page', merchant: toLogin, admin: toLogin },
      /^Welcome, /,
    ],
    ['/recruit', unprescribed, 'Invite creators'],
    ['/affiliate-links', unprescribed, 'Affiliate links'],
    ['/affiliate-programs', unprescribed, 'Affiliate programs'],
    ['/vendor', merchantOnly, 'Merchant dashboard'],
    [
      '/dashboard-vendor',
      { anon: toLogin, affiliate: toLogin, merchant: 'page', admin: toLogin },
      'Merchant dashboard',
    ],
    ['/vendor/settings', merchantOnly, 'Program settings'],
    ['/vendor/products', merchantOnly, 'Products'],
    ['/vendor/orders', merchantOnly, 'Orders'],
    ['/vendor-affiliates', merchantOnly, 'Affiliates'],
    ['/vendor-messages', merchantOnly, 'Messages'],
    ['/add-product', merchantOnly, 'Add a product'],
    ['/admin', adminOnly, 'Administration'],
    ['/admin/metrics', adminOnly, 'Platform metrics'],
    ['/admin/users', adminOnly, 'Users'],
    ['/admin/approvals', adminOnly, 'Approvals'],
    ['/admin/moderation', adminOnly, 'Moderation'],
    ['/admin/payouts', adminOnly, 'Payouts'],
    ['/education', everyone, 'Verdant Education'],
    ['/education/courses/affiliate-foundations', everyone, 'Affiliate Marketing Foundations'],
    [modulePath, everyone, 'How affiliate programs work'],
    ['/course-splash', everyone, 'Learn to recommend sustainable products honestly'],
    ['/products', unprescribed, 'Shop'],
    ['/affiliate-hub', unprescribed, 'Affiliate hub'],
    ['/community', everyone, 'Community'],
    ['/vendor-recruitment', everyone, 'Sell through creators who care about how things are made'],
    ['/shop', unprescribed, 'Shop'],
    ['/about', everyone, 'About Verdant'],
    ['/pricing', unprescribed, 'Pricing'],
    ['/revenue-transparency', everyone, 'Revenue transparency'],
    ['/technical-wiki', everyone, 'Technical wiki'],
    ['/design-system', everyone, 'Design system'],
    ['/storefronts/manage', unprescribed, 'Storefronts'],
    ['/my-links', unprescribed, 'Link-in-bio page'],
    ['/faq-crawlers', everyone, 'Frequently asked questions'],
    ['/contact', everyone, 'Contact'],
    ['/help', everyone, 'Help'],
    ['/privacy', everyone, 'Privacy'],
    ['/terms', everyone, 'Terms of use'],
    ['/cookies', everyone, 'Cookies and local storage'],
    ['/careers', everyone, 'Careers'],
    ['/profile', { anon: toLogin, affiliate: 'page', merchant: 'page', admin: 'page' }, 'Profile'],
    ['/payment-success', unprescribed, 'Payment'],
    ['/payment-canceled', unprescribed, 'Payment canceled'],
  ];
}

/** The shell's title (index.html), which only the home page keeps. */
const SITE_TITLE = 'Verdant · Sustainable Affiliate Marketing';
const denial = (page: Page) =>
  page.getByText(/^Access denied\. This feature requires one of the following roles/);
const notFound = (page: Page) => page.getByRole('heading', { name: 'Page not found' });
const crashed = (page: Page) => page.getByText('Unexpected Application Error!');
/** A page's own heading: its exact text, or a pattern for text that names the viewer. */
const ownHeading = (page: Page, heading: string | RegExp) =>
  page.getByRole('heading', { name: heading, exact: typeof heading === 'string' }).first();

/** Soft assertions: the walk goes on and reports every route that misses its outcome. */
const soft = expect.configure({ soft: true, timeout: 15_000 });

/** Pages to step through when the screen already shows what the next route should show. */
const NEUTRAL: [path: string, heading: string][] = [
  ['/about', 'About Verdant'],
  ['/help', 'Help'],
];

/**
 * Leaves a screen that already looks like the next route's outcome (the same heading, or an
 * access-denied card from the route before), so that the check cannot pass on the old page.
 */
async function leaveLookalike(page: Page, heading: string | RegExp): Promise<void> {
  if (!(await denial(page).isVisible()) && !(await ownHeading(page, heading).isVisible())) return;
  const [path, neutral] = NEUTRAL.find(([, text]) => text !== heading)!;
  await visit(page, path);
  await expect(ownHeading(page, neutral)).toBeVisible({ timeout: 15_000 });
}

async function check(
  page: Page,
  path: string,
  outcome: Outcome,
  heading: string | RegExp,
): Promise<void> {
  const target = path.split('?')[0]!;
  await leaveLookalike(page, heading);
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
  if (outcome === 'page') {
    // Waits for the route's own page: until then the previous page may still be on screen.
    await soft(
      ownHeading(page, heading),
      `${path}: its page, headed "${String(heading)}"`,
    ).toBeVisible();
    await soft(page.locator('h1').first(), `${path}: a page heading`).toBeVisible();
    // Every page but the home page names itself in the title (tabs, history, screen readers).
    if (target !== '/') await soft(page, `${path}: a title of its own`).not.toHaveTitle(SITE_TITLE);
    await soft(denial(page), `${path}: no denial`).toHaveCount(0);
    soft(new URL(page.url()).pathname, `${path}: stays on the route`).toBe(target);
  } else {
    // Unprescribed guards: the route's page, an access-denied card or a redirect.
    await soft
      .poll(
        async () =>
          new URL(page.url()).pathname !== target ||
          (await denial(page).isVisible()) ||
          (await ownHeading(page, heading).isVisible()),
        { message: `${path}: its page or a guard's outcome`, timeout: 15_000 },
      )
      .toBe(true);
  }
  await soft(notFound(page), `${path}: not-found page`).toHaveCount(0);
  await soft(crashed(page), `${path}: router error page`).toHaveCount(0);
}

/** Pages beyond spec §2's list that the walk opens too, as the viewer who sees them. */
const MORE_PAGES: [path: string, viewer: Viewer, heading: string][] = [
  ['/cart', 'anon', 'Cart'],
  ['/@jordan-rivers', 'anon', 'Jordan Rivers'],
  ['/s/jordan-rivers-picks', 'anon', "Jordan's sustainable picks"],
  ['/earnings', 'affiliate', 'Earnings'],
  ['/orders', 'affiliate', 'Your orders'],
  ['/vendor/products/bamboo-toothbrush-set', 'merchant', 'Edit Bamboo Toothbrush Set (4)'],
];

/**
 * Zero axe violations on every route, as the viewer who sees its page (and, for the visitor, on
 * the first module of the first course).
 */
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

/** Axe on the page on screen, once its data has settled; fails only if a violation stays. */
async function checkAxe(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A page may show its loading state first (tables and charts replace their skeletons).
  await expect(async () => {
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoAxeViolations(page, label);
  }).toPass({ timeout: 20_000 });
}

/** One stop of a viewer's walk: the path, what the viewer meets there, the page's heading. */
type Stop = [path: string, outcome: Outcome, heading: string | RegExp];

// One walk per viewer: every route's outcome, and axe on the pages that viewer sees.
for (const viewer of ['anon', 'affiliate', 'merchant', 'admin'] as const) {
  const name = viewer === 'anon' ? 'a visitor' : `the ${viewer}`;
  test(`route matrix and axe as ${name}`, async ({ page }) => {
    test.setTimeout(420_000);
    const modulePath = await firstModulePath();
    const routes: Stop[] = [
      ...matrix(modulePath).map(([path, expectations, heading]): Stop => [
        path,
        expectations[viewer],
        heading,
      ]),
      ...MORE_PAGES.filter(([, v]) => v === viewer).map(([path, , heading]): Stop => [
        path,
        'page',
        heading,
      ]),
    ];
    const axe = new Set(AXE_ROUTES.filter(([, v]) => v === viewer).map(([path]) => path));
    if (viewer === 'anon') axe.add(modulePath);
    // Every page axe should see is on the walk.
    expect([...axe].filter((path) => !routes.some(([stop]) => stop === path))).toEqual([]);
    if (viewer !== 'anon') await login(page, demoAccount(ACCOUNTS[viewer]), HOME);
    else await page.goto('/');
    for (const [path, outcome, heading] of routes) {
      const step = `${path} → ${JSON.stringify(outcome)}${axe.has(path) ? ', axe' : ''}`;
      await test.step(step, async () => {
        await check(page, path, outcome, heading);
        if (axe.has(path)) await checkAxe(page, `${path} as ${viewer}`);
      });
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
