import { isWebHostname } from './web-url.ts';

// Destinations of tracked links (/go/{code}). The tracker redirects only to what passes here, so
// it can never be used as an open redirect to a script URL, a data URL or a URL with credentials.

/** Longest destination accepted (the database allows the same). */
export const LINK_DESTINATION_MAX_LENGTH = 2048;

export const LINK_DESTINATION_MESSAGES = {
  required: 'Enter a destination URL',
  tooLong: `The destination URL is too long (at most ${LINK_DESTINATION_MAX_LENGTH} characters)`,
  scheme: 'The destination must be an http:// or https:// address, or a path on this site',
  credentials: 'The destination URL must not contain a user name or password',
  invalid: 'The destination URL is not a valid address',
} as const;

export type LinkDestinationResult =
  { ok: true; destination: string } | { ok: false; error: string };

// Whitespace, control characters and backslashes (which browsers read as '/').
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARACTERS = /[\s\\\u0000-\u001f\u007f]/;

/**
 * Accepts an absolute http(s) URL with a host and without credentials, or a path on the site
 * itself (`/shop?x=1`, but not the protocol-relative `//host`). Everything else — `javascript:`,
 * `data:`, `mailto:`, `user:pass@host` — is refused.
 */
export function validateLinkDestination(value: unknown): LinkDestinationResult {
  if (typeof value !== 'string' || value.trim() === '')
    return { ok: false, error: LINK_DESTINATION_MESSAGES.required };
  const destination = value.trim();
  if (destination.length > LINK_DESTINATION_MAX_LENGTH)
    return { ok: false, error: LINK_DESTINATION_MESSAGES.tooLong };
  if (UNSAFE_CHARACTERS.test(destination))
    return { ok: false, error: LINK_DESTINATION_MESSAGES.invalid };
  if (destination.startsWith('/')) {
    if (destination.startsWith('//')) return { ok: false, error: LINK_DESTINATION_MESSAGES.scheme };
    return { ok: true, destination };
  }
  if (!/^https?:\/\//i.test(destination))
    return { ok: false, error: LINK_DESTINATION_MESSAGES.scheme };
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return { ok: false, error: LINK_DESTINATION_MESSAGES.invalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: LINK_DESTINATION_MESSAGES.scheme };
  if (url.username || url.password || /^https?:\/\/[^/?#]*@/i.test(destination))
    return { ok: false, error: LINK_DESTINATION_MESSAGES.credentials };
  // A host the browser "repaired" (`ex%20ample.com`, `a..b.com`) is a link that leads nowhere.
  if (!isWebHostname(url.hostname)) return { ok: false, error: LINK_DESTINATION_MESSAGES.invalid };
  return { ok: true, destination };
}

/** The longest slug part of a link code. */
const CODE_SLUG_MAX = 16;

/**
 * A short, readable, unguessable code for a new tracked link (`/go/{code}`): the label as a slug
 * of whole words (at most 16 characters; a first word longer than that is cut; "link" when nothing
 * is left) and six random base-36 characters, e.g. `bamboo-k3x9qa` for "Bamboo Toothbrush Set", so
 * a shared address never ends in half a word. `random` supplies the randomness (four bytes; by
 * default from the platform's cryptographic generator).
 */
export function newLinkCode(
  label: string,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(4)),
): string {
  const words = label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let clean = words[0]?.slice(0, CODE_SLUG_MAX) ?? '';
  for (const word of words.slice(1)) {
    if (clean.length + 1 + word.length > CODE_SLUG_MAX) break;
    clean += `-${word}`;
  }
  const suffix = Array.from(random.slice(0, 4), (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 6);
  return `${clean || 'link'}-${suffix}`;
}
