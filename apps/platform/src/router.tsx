import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { GUARDS, GuardedOutlet, type GuardRule } from './app/guards';
import { AppLayout, BareLayout } from './app/layout';
import { RouteErrorBoundary } from './app/error-page';
import { Root } from './app/root';

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
  Page: LazyExoticComponent<ComponentType>;
}

/** Route modules, by module, so two paths showing one page share one lazy component. */
const modules = new Map<() => Promise<{ Component: ComponentType }>, PageRoute['Page']>();
function lazyPage(load: () => Promise<{ Component: ComponentType }>): PageRoute['Page'] {
  let Page = modules.get(load);
  if (!Page) {
    Page = lazy(() => load().then((module) => ({ default: module.Component })));
    modules.set(load, Page);
  }
  return Page;
}

const page = (path: string | undefined, load: () => Promise<{ Component: ComponentType }>) => ({
  path,
  Page: lazyPage(load),
});

const loadShop = () => import('./routes/shop');
const loadProduct = () => import('./routes/product');
const loadAffiliateDashboard = () => import('./routes/affiliate-dashboard');
const loadVendorDashboard = () => import('./routes/vendor-dashboard');
const loadProductEditor = () => import('./routes/vendor-product-edit');
const loadAdminHome = () => import('./routes/admin/index');

/** Pages inside the app shell, open to everybody. */
const publicPages: PageRoute[] = [
  page(undefined, () => import('./routes/home')),
  page('login', () => import('./routes/login')),
  page('signup', () => import('./routes/signup')),
  page('signup/affiliate', () => import('./routes/signup-affiliate')),
  page('signup/vendor', () => import('./routes/signup-vendor')),
  page('reset-password', () => import('./routes/reset-password')),
  page('auth/callback', () => import('./routes/auth-callback')),
  page('go/:code', () => import('./routes/go')),
  page('shop', loadShop),
  page('products', loadShop),
  page('shop/:slug', loadProduct),
  page('products/:slug', loadProduct),
  page('cart', () => import('./routes/shop-cart')),
  page('pricing', () => import('./routes/pricing')),
  page('payment-success', () => import('./routes/payment-success')),
  page('payment-canceled', () => import('./routes/payment-canceled')),
  // /@{username}: a segment cannot start with a static "@", so the page parses the handle itself.
  page(':handle', () => import('./routes/link-page')),
  page('s/:slug', () => import('./routes/storefront')),
];

/** Content and information pages, open to everybody. */
const contentPages: PageRoute[] = [
  page('about', () => import('./routes/content/about')),
  page('careers', () => import('./routes/content/careers')),
  page('technical-wiki', () => import('./routes/content/technical-wiki')),
  page('faq-crawlers', () => import('./routes/content/faq-crawlers')),
  page('privacy', () => import('./routes/content/privacy')),
  page('terms', () => import('./routes/content/terms')),
  page('cookies', () => import('./routes/content/cookies')),
  page('contact', () => import('./routes/content/contact')),
  page('help', () => import('./routes/content/help')),
  page('revenue-transparency', () => import('./routes/content/revenue-transparency')),
  page('vendor-recruitment', () => import('./routes/vendor-recruitment')),
  page('course-splash', () => import('./routes/course-splash')),
  page('design-system', () => import('./routes/design-system')),
  page('education', () => import('./routes/education')),
  page('education/courses/:courseId', () => import('./routes/education-course')),
  page('education/courses/:courseId/modules/:moduleId', () => import('./routes/education-module')),
  page('community', () => import('./routes/community')),
  page('demo', () => import('./routes/demo')),
  page('demo-dashboard', () => import('./routes/demo-dashboard')),
];

/** Pages behind one guard (spec §2, §6). */
interface GuardedGroup {
  rule: GuardRule;
  pages: PageRoute[];
}

const guardedGroups: GuardedGroup[] = [
  { rule: GUARDS.member, pages: [page('profile', () => import('./routes/profile'))] },
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
      page('affiliate-programs', () => import('./routes/affiliate-programs')),
      page('affiliate-links', () => import('./routes/affiliate-links')),
      page('affiliate-hub', () => import('./routes/affiliate-hub')),
      page('recruit', () => import('./routes/recruit')),
      page('my-links', () => import('./routes/my-links')),
      page('storefronts/manage', () => import('./routes/storefronts-manage')),
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
      page('vendor/settings', () => import('./routes/vendor-program-settings')),
      page('vendor/products', () => import('./routes/vendor-products')),
      page('vendor/products/:slug', loadProductEditor),
      page('vendor/*', loadVendorDashboard),
      page('add-product', loadProductEditor),
      page('vendor-affiliates', () => import('./routes/vendor-affiliates')),
      page('vendor-messages', () => import('./routes/vendor-messages')),
      page('vendor-onboarding', () => import('./routes/vendor-onboarding')),
    ],
  },
  // Administration (/admin/*): administrators only, as the database's policies also require.
  {
    rule: GUARDS.admin,
    pages: [
      page('admin', loadAdminHome),
      page('admin/metrics', () => import('./routes/admin/metrics')),
      page('admin/users', () => import('./routes/admin/users')),
      page('admin/approvals', () => import('./routes/admin/approvals')),
      page('admin/moderation', () => import('./routes/admin/moderation')),
      page('admin/payouts', () => import('./routes/admin/payouts')),
      page('admin/*', loadAdminHome),
    ],
  },
];

/** Printable pages without the app chrome. */
const printPages: PageRoute[] = [
  page('education/certificates/:code', () => import('./routes/education-certificate')),
];

const notFound = page('*', () => import('./routes/not-found'));

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
          <Route element={<BareLayout />}>{pageRoutes(printPages)}</Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
