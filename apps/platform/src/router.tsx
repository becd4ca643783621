import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { GUARDS, GuardedOutlet } from './app/guards';
import { AppLayout, BareLayout } from './app/layout';
import { RouteErrorPage } from './app/error-page';
import { Root } from './app/root';

/**
 * The route table. Every page is a lazy module in `src/routes/` exporting `Component` (and
 * optionally `loader` / `ErrorBoundary`). Guarded pages sit under a `GuardedOutlet` with their
 * rule from `GUARDS`; add new routes to the group with the right layout and guard.
 */
const page = (load: () => Promise<object>) => ({ lazy: load }) as Pick<RouteObject, 'lazy'>;

/** Pages inside the app shell, open to everybody. */
const publicPages: RouteObject[] = [
  { index: true, ...page(() => import('./routes/home')) },
  { path: 'login', ...page(() => import('./routes/login')) },
  { path: 'signup', ...page(() => import('./routes/signup')) },
  { path: 'signup/affiliate', ...page(() => import('./routes/signup-affiliate')) },
  { path: 'signup/vendor', ...page(() => import('./routes/signup-vendor')) },
  { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
  { path: 'auth/callback', ...page(() => import('./routes/auth-callback')) },
  { path: 'go/:code', ...page(() => import('./routes/go')) },
  { path: 'shop', ...page(() => import('./routes/shop')) },
  { path: 'products', ...page(() => import('./routes/shop')) },
  { path: 'shop/:slug', ...page(() => import('./routes/product')) },
  { path: 'products/:slug', ...page(() => import('./routes/product')) },
  { path: 'cart', ...page(() => import('./routes/shop-cart')) },
  { path: 'pricing', ...page(() => import('./routes/pricing')) },
  { path: 'payment-success', ...page(() => import('./routes/payment-success')) },
  { path: 'payment-canceled', ...page(() => import('./routes/payment-canceled')) },
  // /@{username}: a segment cannot start with a static "@", so the page parses the handle itself.
  { path: ':handle', ...page(() => import('./routes/link-page')) },
  { path: 's/:slug', ...page(() => import('./routes/storefront')) },
];

/** Pages inside the app shell behind a guard (spec §2, §6). */
const guardedPages: RouteObject[] = [
  {
    element: <GuardedOutlet rule={GUARDS.member} />,
    children: [{ path: 'profile', ...page(() => import('./routes/profile')) }],
  },
];

/** The affiliate's area (spec §2: /dashboard sends others to /dashboard-vendor). */
const affiliatePages: RouteObject[] = [
  {
    element: <GuardedOutlet rule={GUARDS.affiliateHome} />,
    children: [{ path: 'dashboard', ...page(() => import('./routes/affiliate-dashboard')) }],
  },
  {
    // Spec §2: /dashboard-affiliate sends everybody but affiliates to /login.
    element: <GuardedOutlet rule={{ ...GUARDS.affiliate, deniedRedirectTo: '/login' }} />,
    children: [
      { path: 'dashboard-affiliate', ...page(() => import('./routes/affiliate-dashboard')) },
    ],
  },
  {
    element: <GuardedOutlet rule={GUARDS.affiliate} />,
    children: [
      { path: 'affiliate-programs', ...page(() => import('./routes/affiliate-programs')) },
      { path: 'affiliate-links', ...page(() => import('./routes/affiliate-links')) },
      { path: 'affiliate-hub', ...page(() => import('./routes/affiliate-hub')) },
      { path: 'recruit', ...page(() => import('./routes/recruit')) },
      { path: 'my-links', ...page(() => import('./routes/my-links')) },
      { path: 'storefronts/manage', ...page(() => import('./routes/storefronts-manage')) },
    ],
  },
];

/** Content and information pages, open to everybody. */
const contentPages: RouteObject[] = [
  { path: 'about', ...page(() => import('./routes/content/about')) },
  { path: 'careers', ...page(() => import('./routes/content/careers')) },
  { path: 'technical-wiki', ...page(() => import('./routes/content/technical-wiki')) },
  { path: 'faq-crawlers', ...page(() => import('./routes/content/faq-crawlers')) },
  { path: 'privacy', ...page(() => import('./routes/content/privacy')) },
  { path: 'terms', ...page(() => import('./routes/content/terms')) },
  { path: 'cookies', ...page(() => import('./routes/content/cookies')) },
  { path: 'contact', ...page(() => import('./routes/content/contact')) },
  { path: 'help', ...page(() => import('./routes/content/help')) },
  { path: 'revenue-transparency', ...page(() => import('./routes/content/revenue-transparency')) },
  { path: 'vendor-recruitment', ...page(() => import('./routes/vendor-recruitment')) },
  { path: 'course-splash', ...page(() => import('./routes/course-splash')) },
  { path: 'design-system', ...page(() => import('./routes/design-system')) },
  { path: 'education', ...page(() => import('./routes/education')) },
  { path: 'education/courses/:courseId', ...page(() => import('./routes/education-course')) },
  {
    path: 'education/courses/:courseId/modules/:moduleId',
    ...page(() => import('./routes/education-module')),
  },
  { path: 'community', ...page(() => import('./routes/community')) },
  { path: 'demo', ...page(() => import('./routes/demo')) },
  { path: 'demo-dashboard', ...page(() => import('./routes/demo-dashboard')) },
];

/** The merchant's area: merchants only (also /vendor/*, which the spec leaves unguarded). */
const merchantPages: RouteObject[] = [
  {
    // Spec §2: /dashboard-vendor sends everybody but merchants to /login.
    element: <GuardedOutlet rule={{ ...GUARDS.merchant, deniedRedirectTo: '/login' }} />,
    children: [{ path: 'dashboard-vendor', ...page(() => import('./routes/vendor-dashboard')) }],
  },
  {
    element: <GuardedOutlet rule={GUARDS.merchant} />,
    children: [
      { path: 'vendor', ...page(() => import('./routes/vendor-dashboard')) },
      { path: 'vendor/settings', ...page(() => import('./routes/vendor-program-settings')) },
      { path: 'vendor/products', ...page(() => import('./routes/vendor-products')) },
      { path: 'vendor/products/:slug', ...page(() => import('./routes/vendor-product-edit')) },
      { path: 'vendor/*', ...page(() => import('./routes/vendor-dashboard')) },
      { path: 'add-product', ...page(() => import('./routes/vendor-product-edit')) },
      { path: 'vendor-affiliates', ...page(() => import('./routes/vendor-affiliates')) },
      { path: 'vendor-messages', ...page(() => import('./routes/vendor-messages')) },
      { path: 'vendor-onboarding', ...page(() => import('./routes/vendor-onboarding')) },
    ],
  },
];

/** Administration (/admin/*): administrators only, as the database's policies also require. */
const adminPages: RouteObject[] = [
  {
    element: <GuardedOutlet rule={GUARDS.admin} />,
    children: [
      { path: 'admin', ...page(() => import('./routes/admin/index')) },
      { path: 'admin/metrics', ...page(() => import('./routes/admin/metrics')) },
      { path: 'admin/users', ...page(() => import('./routes/admin/users')) },
      { path: 'admin/approvals', ...page(() => import('./routes/admin/approvals')) },
      { path: 'admin/moderation', ...page(() => import('./routes/admin/moderation')) },
      { path: 'admin/payouts', ...page(() => import('./routes/admin/payouts')) },
      { path: 'admin/*', ...page(() => import('./routes/admin/index')) },
    ],
  },
];

/** Printable pages without the app chrome. */
const printPages: RouteObject[] = [
  {
    path: 'education/certificates/:code',
    ...page(() => import('./routes/education-certificate')),
  },
];

/** Public pages without the app chrome. */
const barePages: RouteObject[] = [];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    // Eager, so it shows even when a page's module fails to load.
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        element: <AppLayout />,
        children: [
          ...publicPages,
          ...contentPages,
          ...guardedPages,
          ...affiliatePages,
          ...merchantPages,
          ...adminPages,
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
      { element: <BareLayout />, children: [...barePages, ...printPages] },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
