import type { Role } from '@verdant/auth';

/** One entry of the sidebar. */
export interface NavEntry {
  to: string;
  label: string;
  /** Who sees it; absent: everybody. `guest` means signed out. */
  audience?: readonly (Role | 'guest')[];
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
      { to: '/', label: 'Home' },
      { to: '/dashboard', label: 'Dashboard', audience: ['affiliate'] },
      { to: '/shop', label: 'Shop' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Earn',
    items: [
      { to: '/affiliate-programs', label: 'Programs', audience: ['affiliate'] },
      { to: '/affiliate-links', label: 'Links', audience: ['affiliate'] },
      { to: '/my-links', label: 'Link-in-bio page', audience: ['affiliate'] },
      { to: '/storefronts/manage', label: 'Storefronts', audience: ['affiliate'] },
      { to: '/affiliate-hub', label: 'Affiliate hub', audience: ['affiliate'] },
      { to: '/recruit', label: 'Invite creators', audience: ['affiliate'] },
    ],
  },
  {
    title: 'Sell',
    items: [
      { to: '/dashboard-vendor', label: 'Dashboard', audience: ['merchant'] },
      { to: '/vendor/products', label: 'Products', audience: ['merchant'] },
      { to: '/vendor/settings', label: 'Program settings', audience: ['merchant'] },
      { to: '/vendor-affiliates', label: 'Affiliates', audience: ['merchant'] },
      { to: '/vendor-messages', label: 'Messages', audience: ['merchant'] },
      { to: '/vendor-onboarding', label: 'Onboarding', audience: ['merchant'] },
      { to: '/vendor-recruitment', label: 'Sell with Verdant', audience: ['guest'] },
    ],
  },
  {
    title: 'Administration',
    items: [
      { to: '/admin/metrics', label: 'Metrics', audience: ['admin'] },
      { to: '/admin/users', label: 'Users', audience: ['admin'] },
      { to: '/admin/approvals', label: 'Approvals', audience: ['admin'] },
      { to: '/admin/moderation', label: 'Moderation', audience: ['admin'] },
      { to: '/admin/payouts', label: 'Payouts', audience: ['admin'] },
    ],
  },
  {
    title: 'Learn',
    items: [
      { to: '/education', label: 'Courses' },
      { to: '/community', label: 'Community' },
      { to: '/technical-wiki', label: 'How Verdant works' },
      { to: '/help', label: 'Help' },
    ],
  },
  {
    title: 'Account',
    items: [
      { to: '/profile', label: 'Profile', audience: ['admin', 'affiliate', 'merchant'] },
      { to: '/login', label: 'Log in', audience: ['guest'] },
      { to: '/signup', label: 'Sign up', audience: ['guest'] },
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

/** Whether a nav entry is the current page (a section's pages count for its entry). */
export function isActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
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
