/*
 * Usernames nobody may take: a profile's username is its public address (`/@{username}`) and the
 * name it is shown by, so names that read as the platform itself, its staff or one of its pages
 * are kept back. The database refuses the same names for new usernames
 * (`public.is_reserved_username`); keep the two lists the same.
 */

/** Names that would pass for the platform, its staff or its infrastructure. */
const STAFF_AND_SYSTEM_NAMES = [
  'admin',
  'administrator',
  'root',
  'verdant',
  'support',
  'help',
  'staff',
  'moderator',
  'mod',
  'security',
  'billing',
  'payments',
  'api',
  'www',
  'mail',
  'official',
  'team',
  'system',
  'null',
  'undefined',
] as const;

/**
 * The first path segments of the app's pages (apps/platform/src/router.tsx) and of the files it
 * serves: a username equal to one would be confused with that page.
 */
const ROUTE_NAMES = [
  'about',
  'add-product',
  'affiliate-hub',
  'affiliate-links',
  'affiliate-programs',
  'assets',
  'auth',
  'careers',
  'cart',
  'community',
  'contact',
  'cookies',
  'course-splash',
  'dashboard',
  'dashboard-affiliate',
  'dashboard-vendor',
  'demo',
  'demo-dashboard',
  'design-system',
  'earnings',
  'education',
  'faq-crawlers',
  'go',
  'images',
  'login',
  'my-links',
  'orders',
  'payment-canceled',
  'payment-success',
  'pricing',
  'privacy',
  'products',
  'profile',
  'recruit',
  'reset-password',
  'revenue-transparency',
  's',
  'shop',
  'signup',
  'storefronts',
  'technical-wiki',
  'terms',
  'vendor',
  'vendor-affiliates',
  'vendor-messages',
  'vendor-onboarding',
  'vendor-recruitment',
] as const;

/** Every reserved username, in lower case (names starting with "verdant" are reserved too). */
export const RESERVED_USERNAMES: readonly string[] = Object.freeze([
  ...new Set<string>([...STAFF_AND_SYSTEM_NAMES, ...ROUTE_NAMES]),
]);

/** Any username starting with this is reserved: it would pass for the platform's own account. */
export const RESERVED_USERNAME_PREFIX = 'verdant';

/** What to tell someone who chose a reserved username. */
export const RESERVED_USERNAME_MESSAGE = 'That username is reserved. Choose another.';

const RESERVED = new Set(RESERVED_USERNAMES);

/**
 * Whether `username` is kept back from users: one of `RESERVED_USERNAMES` or starting with
 * "verdant", compared in lower case and without surrounding spaces.
 */
export function isReservedUsername(username: string): boolean {
  const name = username.trim().toLowerCase();
  return RESERVED.has(name) || name.startsWith(RESERVED_USERNAME_PREFIX);
}

/**
 * What a username looks like, as the database's `profiles.username` check has it: 3 to 32
 * lower-case letters, digits, underscores or hyphens, starting and ending with a letter or digit.
 */
const USERNAME_FORMAT = /^[a-z0-9][a-z0-9_-]{1,30}[a-z0-9]$/;

/**
 * Whether `value` is a well-formed username (whether or not anybody has it, reserved or not), as
 * typed: no case folding or trimming here.
 */
export function isUsername(value: unknown): value is string {
  return typeof value === 'string' && USERNAME_FORMAT.test(value);
}
