import type { Role } from '@verdant/auth';
import type { NavIconName } from './nav-icons.tsx';

/** One entry of the sidebar. */
export interface NavEntry {
  to: string;
  label: string;
  /** Its icon, the only thing the collapsed sidebar shows of it. */
  icon: NavIconName;
  /** Who sees it; absent: everybody. `guest` means signed out. */
  audience?: readonly (Role | 'guest')[];
  /**
   * Current on its own page only, not on the pages under it: a section's overview (`/admin`)
   * whose pages (`/admin/users`) have entries of their own.
   */
  exact?: boolean;
}

export interface NavSectionData {
  title?: string;
  items: readonly NavEntry[];
}

/**
 * The sidebar's sections. Part of the app adds its areas here (vendor, admin, education, …):
 * one entry per route, shown to the roles that can use it.
 */
export const NAV_SECTIONS: NavSectionData[] = [
  {
    items: [
      { to: '/', label: 'Home', icon: 'home' },
      { to: '/dashboard', label: 'Dashboard', icon: 'dashboard', audience: ['affiliate'] },
      { to: '/demo-dashboard', label: 'Demo dashboard', icon: 'dashboard', audience: ['demo'] },
      { to: '/shop', label: 'Shop', icon: 'shop' },
      { to: '/pricing', label: 'Pricing', icon: 'pricing' },
    ],
  },
  {
    title: 'Earn',
    items: [
      { to: '/affiliate-programs', label: 'Programs', icon: 'programs', audience: ['affiliate'] },
      { to: '/affiliate-links', label: 'Links', icon: 'links', audience: ['affiliate'] },
      { to: '/earnings', label: 'Earnings', icon: 'payouts', audience: ['affiliate'] },
      { to: '/my-links', label: 'Link-in-bio page', icon: 'linkPage', audience: ['affiliate'] },
      {
        to: '/storefronts/manage',
        label: 'Storefronts',
        icon: 'storefronts',
        audience: ['affiliate'],
      },
      { to: '/affiliate-hub', label: 'Affiliate hub', icon: 'hub', audience: ['affiliate'] },
      { to: '/recruit', label: 'Invite creators', icon: 'invite', audience: ['affiliate'] },
    ],
  },
  {
    title: 'Sell',
    items: [
      { to: '/dashboard-vendor', label: 'Dashboard', icon: 'dashboard', audience: ['merchant'] },
      { to: '/vendor/products', label: 'Products', icon: 'products', audience: ['merchant'] },
      { to: '/vendor/orders', label: 'Orders', icon: 'orders', audience: ['merchant'] },
      {
        to: '/vendor/settings',
        label: 'Program settings',
        icon: 'settings',
        audience: ['merchant'],
      },
      { to: '/vendor-affiliates', label: 'Affiliates', icon: 'affiliates', audience: ['merchant'] },
      { to: '/vendor-messages', label: 'Messages', icon: 'messages', audience: ['merchant'] },
      { to: '/vendor-onboarding', label: 'Onboarding', icon: 'onboarding', audience: ['merchant'] },
      { to: '/vendor-recruitment', label: 'Sell with Verdant', icon: 'sell', audience: ['guest'] },
    ],
  },
  {
    title: 'Administration',
    items: [
      { to: '/admin', label: 'Overview', icon: 'dashboard', audience: ['admin'], exact: true },
      { to: '/admin/metrics', label: 'Metrics', icon: 'metrics', audience: ['admin'] },
      { to: '/admin/users', label: 'Users', icon: 'users', audience: ['admin'] },
      { to: '/admin/approvals', label: 'Approvals', icon: 'approvals', audience: ['admin'] },
      { to: '/admin/moderation', label: 'Moderation', icon: 'moderation', audience: ['admin'] },
      { to: '/admin/payouts', label: 'Payouts', icon: 'payouts', audience: ['admin'] },
    ],
  },
  {
    title: 'Learn',
    items: [
      { to: '/education', label: 'Courses', icon: 'courses' },
      { to: '/community', label: 'Community', icon: 'community' },
      { to: '/technical-wiki', label: 'How Verdant works', icon: 'wiki' },
      { to: '/help', label: 'Help', icon: 'help' },
    ],
  },
  {
    title: 'Account',
    items: [
      {
        to: '/profile',
        label: 'Profile',
        icon: 'profile',
        audience: ['admin', 'affiliate', 'merchant'],
      },
      { to: '/login', label: 'Log in', icon: 'login', audience: ['guest'] },
      { to: '/signup', label: 'Sign up', icon: 'signup', audience: ['guest'] },
    ],
  },
];

/** The sections as the given viewer sees them (empty sections dropped). */
export function visibleSections(
  sections: readonly NavSectionData[],
  role: Role | 'guest',
): NavSectionData[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.audience || item.audience.includes(role)),
    }))
    .filter((section) => section.items.length > 0);
}

/** The entries that are current on their own page only (home and the sections' overviews). */
const EXACT_PATHS: ReadonlySet<string> = new Set([
  '/',
  ...NAV_SECTIONS.flatMap((section) => section.items)
    .filter((item) => item.exact === true)
    .map((item) => item.to),
]);

/** Whether a nav entry is the current page (a section's pages count for its entry). */
export function isActive(to: string, pathname: string): boolean {
  if (EXACT_PATHS.has(to)) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Where each role lands after signing in. */
export function roleHome(role: Role): string {
  switch (role) {
    case 'merchant':
      return '/dashboard-vendor';
    case 'admin':
      return '/admin';
    case 'demo':
      return '/demo-dashboard';
    default:
      return '/dashboard';
  }
}

/** A same-site path from `?next=`, or null (never an open redirect). */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  return next;
}

/** One group of the site footer's links. */
export interface FooterGroup {
  title: string;
  links: readonly { to: string; label: string }[];
}

/**
 * The site footer under every page of the app: the company, help and legal pages, which the
 * sidebar does not list.
 */
export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'Verdant',
    links: [
      { to: '/about', label: 'About' },
      { to: '/technical-wiki', label: 'How Verdant works' },
      { to: '/revenue-transparency', label: 'Revenue transparency' },
      { to: '/careers', label: 'Careers' },
    ],
  },
  {
    // Not "Help" over a link named Help.
    title: 'Support',
    links: [
      { to: '/help', label: 'Help' },
      { to: '/faq-crawlers', label: 'Frequently asked questions' },
      { to: '/contact', label: 'Contact us' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/cookies', label: 'Cookies' },
    ],
  },
];
