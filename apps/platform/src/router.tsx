import { lazyWithPreload, type LazyWithPreload } from '@verdant/ui';
import type { ComponentType } from 'react';
import { Route, Routes, matchRoutes, type RouteObject } from 'react-router';
import { GUARDS, GuardedOutlet, type GuardRule } from './app/guards.tsx';
import { AppLayout, BareLayout, CreatorPageLayout } from './app/layout.tsx';
import { RouteErrorBoundary } from './app/error-page.tsx';
import { Root } from './app/root.tsx';
import { loadApi } from './lib/backend.ts';

/**
 * The route table. Every page is a lazy module in `src/routes/` exporting `Component`; the router
 * renders it inside its layout's Suspense boundary, so the shell paints before the page's code has
 * loaded, and a navigation keeps the current page until the next one is ready (the router wraps
 * location changes in a transition). Guarded pages sit in a group with their rule from `GUARDS`;
 * add new routes to the group with the right layout and guard.
 */
interface PageRoute {
  /** The path, relative to the root; absent for the index route. */
  path?: string;
  Page: LazyPage;
}

/** A page: its code loads on first render, or before it with `preload()` (see `preloadPage`). */
type LazyPage = LazyWithPreload<object>;

/** Route modules, by module, so two paths showing one page share one lazy component. */
const modules = new Map<() => Promise<{ Component: ComponentType }>, LazyPage>();
function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let Page = modules.get(load);
  if (!Page) {
    Page = lazyWithPreload(() => load().then((module) => module.Component));
    modules.set(load, Page);
  }
  return Page;
}

const page = (path: string | undefined, load: () => Promise<{ Component: ComponentType }>) => ({
  path,
  Page: lazyPage(load),
});

/**
 * For a page whose first render reads through the API client: the client loads beside the page's
 * module instead of after it has rendered, one round trip less before its data can be asked for.
 * A failed client load is left to the page's own query, which shows its error. (`/@{username}` and
 * `/s/{slug}` need no client for their first render: their data comes with the HTML.)
 */
const withApi =
  (load: () => Promise<{ Component: ComponentType }>) =>
  (): Promise<{ Component: ComponentType }> =>
    Promise.all([load(), loadApi().catch(() => undefined)]).then(([module]) => module);

const loadShop = withApi(() => import('./routes/shop.tsx'));
const loadProduct = withApi(() => import('./routes/product.tsx'));
const loadAffiliateDashboard = () => import('./routes/affiliate-dashboard.tsx');
const loadVendorDashboard = () => import('./routes/vendor-dashboard.tsx');
const loadProductEditor = () => import('./routes/vendor-product-edit.tsx');
const loadAdminHome = () => import('./routes/admin/index.tsx');

/** Pages inside the app shell, open to everybody. */
const publicPages: PageRoute[] = [
  page(undefined, () => import('./routes/home.tsx')),
  page('login', () => import('./routes/login.tsx')),
  page('signup', () => import('./routes/signup.tsx')),
  page('signup/affiliate', () => import('./routes/signup-affiliate.tsx')),
  page('signup/vendor', () => import('./routes/signup-vendor.tsx')),
  page('reset-password', () => import('./routes/reset-password.tsx')),
  page('auth/callback', () => import('./routes/auth-callback.tsx')),
  page('go/:code', () => import('./routes/go.tsx')),
  page('shop', loadShop),
  page('products', loadShop),
  page('shop/:slug', loadProduct),
  page('products/:slug', loadProduct),
  page('cart', () => import('./routes/shop-cart.tsx')),
  page('pricing', () => import('./routes/pricing.tsx')),
  page('payment-success', () => import('./routes/payment-success.tsx')),
  page('payment-canceled', () => import('./routes/payment-canceled.tsx')),
];

/** A creator's public pages, open to everybody, standing on their own without the app's sidebar. */
const creatorPages: PageRoute[] = [
  // /@{username}: a segment cannot start with a static "@", so the page parses the handle itself.
  page(':handle', () => import('./routes/link-page.tsx')),
  page('s/:slug', () => import('./routes/storefront.tsx')),
];

/** Content and information pages, open to everybody. */
const contentPages: PageRoute[] = [
  page('about', () => import('./routes/content/about.tsx')),
  page('careers', () => import('./routes/content/careers.tsx')),
  page('technical-wiki', () => import('./routes/content/technical-wiki.tsx')),
  page('faq-crawlers', () => import('./routes/content/faq-crawlers.tsx')),
  page('privacy', () => import('./routes/content/privacy.tsx')),
  page('terms', () => import('./routes/content/terms.tsx')),
  page('cookies', () => import('./routes/content/cookies.tsx')),
  page('contact', () => import('./routes/content/contact.tsx')),
  page('help', () => import('./routes/content/help.tsx')),
  page('revenue-transparency', () => import('./routes/content/revenue-transparency.tsx')),
  page('vendor-recruitment', () => import('./routes/vendor-recruitment.tsx')),
  page('course-splash', () => import('./routes/course-splash.tsx')),
  page('design-system', () => import('./routes/design-system.tsx')),
  page('education', () => import('./routes/education.tsx')),
  page('education/courses/:courseId', () => import('./routes/education-course.tsx')),
  page(
    'education/courses/:courseId/modules/:moduleId',
    () => import('./routes/education-module.tsx'),
  ),
  page('community', () => import('./routes/community.tsx')),
  page('demo', () => import('./routes/demo.tsx')),
  page('demo-dashboard', () => import('./routes/demo-dashboard.tsx')),
];

/** Pages behind one guard (spec §2, §6). */
interface GuardedGroup {
  rule: GuardRule;
  pages: PageRoute[];
}

const guardedGroups: GuardedGroup[] = [
  {
    rule: GUARDS.member,
    pages: [
      page('profile', () => import('./routes/profile.tsx')),
      page('orders', () => import('./routes/my-orders.tsx')),
    ],
  },
  // The affiliate's area (spec §2: /dashboard sends others to /dashboard-vendor).
  { rule: GUARDS.affiliateHome, pages: [page('dashboard', loadAffiliateDashboard)] },
  {
    // Spec §2: /dashboard-affiliate sends everybody but affiliates to /login.
    rule: { ...GUARDS.affiliate, deniedRedirectTo: '/login' },
    pages: [page('dashboard-affiliate', loadAffiliateDashboard)],
  },
  {
    rule: GUARDS.affiliate,
    pages: [
      page('affiliate-programs', () => import('./routes/affiliate-programs.tsx')),
      page('affiliate-links', () => import('./routes/affiliate-links.tsx')),
      page('affiliate-hub', () => import('./routes/affiliate-hub.tsx')),
      page('earnings', () => import('./routes/affiliate-earnings.tsx')),
      page('recruit', () => import('./routes/recruit.tsx')),
      page('my-links', () => import('./routes/my-links.tsx')),
      page('storefronts/manage', () => import('./routes/storefronts-manage.tsx')),
    ],
  },
  // The merchant's area: merchants only (also /vendor/*, which the spec leaves unguarded).
  {
    // Spec §2: /dashboard-vendor sends everybody but merchants to /login.
    rule: { ...GUARDS.merchant, deniedRedirectTo: '/login' },
    pages: [page('dashboard-vendor', loadVendorDashboard)],
  },
  {
    rule: GUARDS.merchant,
    pages: [
      page('vendor', loadVendorDashboard),
      page('vendor/settings', () => import('./routes/vendor-program-settings.tsx')),
      page('vendor/products', () => import('./routes/vendor-products.tsx')),
      page('vendor/products/:slug', loadProductEditor),
      page('vendor/orders', () => import('./routes/vendor-orders.tsx')),
      page('vendor/*', loadVendorDashboard),
      page('add-product', loadProductEditor),
      page('vendor-affiliates', () => import('./routes/vendor-affiliates.tsx')),
      page('vendor-messages', () => import('./routes/vendor-messages.tsx')),
      page('vendor-onboarding', () => import('./routes/vendor-onboarding.tsx')),
    ],
  },
  // Administration (/admin/*): administrators only, as the database's policies also require.
  {
    rule: GUARDS.admin,
    pages: [
      page('admin', loadAdminHome),
      page('admin/metrics', () => import('./routes/admin/metrics.tsx')),
      page('admin/users', () => import('./routes/admin/users.tsx')),
      page('admin/approvals', () => import('./routes/admin/approvals.tsx')),
      page('admin/moderation', () => import('./routes/admin/moderation.tsx')),
      page('admin/payouts', () => import('./routes/admin/payouts.tsx')),
      page('admin/*', loadAdminHome),
    ],
  },
];

/** Printable pages without the app chrome. */
const printPages: PageRoute[] = [
  page('education/certificates/:code', () => import('./routes/education-certificate.tsx')),
];

const notFound = page('*', () => import('./routes/not-found.tsx'));

/**
 * Every page by path, for `preloadPage`, each marked with whether it is open to everybody. The
 * whole table is matched, so a guarded path is never taken for an open pattern (`/vendor` is not
 * a `/:handle` link page).
 */
const pagesByPath: RouteObject[] = [
  {
    path: '/',
    children: [
      ...[...publicPages, ...creatorPages, ...contentPages, ...printPages, notFound].map(
        (route) => ({
          route,
          open: true,
        }),
      ),
      ...guardedGroups.flatMap((group) => group.pages.map((route) => ({ route, open: false }))),
    ].map(({ route: { path, Page }, open }) => {
      const handle = open ? Page : undefined;
      return path === undefined ? { index: true, handle } : { path, handle };
    }),
  },
];

/**
 * Loads the code of the open page at `pathname` (nothing for a guarded page: its guard decides
 * first whether it is shown at all). The first render waits for it, so it draws the page in one
 * commit instead of a fallback that React then holds for its reveal delay.
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = matchRoutes(pagesByPath, pathname)?.at(-1)?.route.handle as LazyPage | undefined;
  return page ? page.preload() : Promise.resolve();
}

function pageRoutes(pages: PageRoute[]) {
  return pages.map(({ path, Page }) =>
    path === undefined ? (
      <Route key="index" index element={<Page />} />
    ) : (
      <Route key={path} path={path} element={<Page />} />
    ),
  );
}

/** Every route of the app, inside a `<BrowserRouter>` (or a `<StaticRouter>` when prerendering). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<Root />}>
          <Route element={<AppLayout />}>
            {pageRoutes(publicPages)}
            {pageRoutes(contentPages)}
            {guardedGroups.map((group, index) => (
              <Route key={index} element={<GuardedOutlet rule={group.rule} />}>
                {pageRoutes(group.pages)}
              </Route>
            ))}
            {pageRoutes([notFound])}
          </Route>
          <Route element={<CreatorPageLayout />}>{pageRoutes(creatorPages)}</Route>
          <Route element={<BareLayout />}>{pageRoutes(printPages)}</Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
