// Web addresses people type into a form (a link-in-bio item, a website, a picture's address).
// Browsers "repair" what they parse: Chromium's URL parser turns `https://ex ample.com` into
// `https://ex%20ample.com/`, a link that leads nowhere. So the typed text is checked before it is
// parsed, and the parsed host must be a real host name.

/** Longest web address accepted (the database allows the same). */
export const WEB_URL_MAX_LENGTH = 2048;

/**
 * Why an address was refused, worded to follow the field's name ("URL is too long (at most 2048
 * characters)"), as the API client's input checks are told.
 */
export const WEB_URL_REASONS = {
  tooLong: `is too long (at most ${WEB_URL_MAX_LENGTH} characters)`,
  whitespace: 'must not contain spaces, line breaks or other invisible characters',
  noScheme: 'must start with https://',
  scheme: 'must be an http(s) URL',
  host: 'must name a valid host, such as www.example.com',
  invalid: 'is not a valid web address',
} as const;

export type WebUrlResult =
  | { ok: true; url: string }
  | {
      ok: false;
      /** One of {@link WEB_URL_REASONS}, or `noScheme` with the address to use instead. */
      reason: string;
      /** For an address typed without `https://` (`www.example.com`): the address with it. */
      suggestion?: string;
    };

export interface WebUrlOptions {
  /** Also accept a path on the site itself, such as `/images/a.svg` (never `//host`). */
  allowSitePath?: boolean;
}

/**
 * Whitespace (any Unicode space, line and paragraph separators), control characters, and the
 * invisible format characters that hide inside an address: soft hyphen, zero-width characters,
 * bidirectional controls and the byte-order mark. The database check
 * (`public.is_web_or_site_url`) refuses the same set.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /[\s\u0000-\u001f\u007f-\u009f\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u;

/** `www.example.com`, `shop.example.co.uk/p/1`, `example.com:8080?q=1`: a host without a scheme. */
const BARE_HOST =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{1,5})?(?:[/?#]|$)/i;

/** The host part of a typed `http(s)://[user@]host[:port]/…`. */
const TYPED_HOST = /^https?:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/i;

/** One label of a host name: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether a parsed URL's `hostname` (already lower case, international names in punycode, IPv4
 * normalised) names a host: an IPv6 address in brackets, `localhost`, or a name of at least two
 * labels (an IPv4 address is one of those).
 */
export function isWebHostname(hostname: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/.test(hostname)) return true;
  if (hostname === 'localhost') return true;
  // A fully qualified name may end in a dot (`example.com.`).
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  return name.length <= 253 && labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

/**
 * Checks a typed web address: an absolute http(s) URL with a valid host name, or (with
 * `allowSitePath`) a path on the site. Surrounding whitespace is ignored; whitespace, control or
 * invisible characters anywhere inside are refused, as is anything over
 * {@link WEB_URL_MAX_LENGTH} characters. The accepted address is returned as the URL parser
 * writes it (`https://Example.com` → `https://example.com/`). An address without a scheme that
 * looks like a host (`www.example.com`) is refused with the address to use instead.
 */
export function validateWebUrl(value: unknown, options: WebUrlOptions = {}): WebUrlResult {
  if (typeof value !== 'string') return { ok: false, reason: WEB_URL_REASONS.scheme };
  const typed = value.trim();
  if (typed.length > WEB_URL_MAX_LENGTH) return { ok: false, reason: WEB_URL_REASONS.tooLong };
  if (INVISIBLE.test(typed)) return { ok: false, reason: WEB_URL_REASONS.whitespace };
  if (options.allowSitePath && /^\/[^/]/.test(typed)) {
    // A backslash would make `/\host` a link to another site in a browser.
    if (typed.includes('\\')) return { ok: false, reason: WEB_URL_REASONS.invalid };
    return { ok: true, url: typed };
  }
  if (BARE_HOST.test(typed)) {
    const suggestion = `https://${typed}`;
    return { ok: false, reason: `${WEB_URL_REASONS.noScheme} (${suggestion})`, suggestion };
  }
  if (!/^https?:\/\//i.test(typed)) return { ok: false, reason: WEB_URL_REASONS.scheme };
  // The host as typed, before a parser encodes (Chromium: `ex%20ample.com`) or refuses (Node) what
  // cannot be in one, so every runtime gives the same answer.
  const host = TYPED_HOST.exec(typed)?.[1] ?? '';
  if (!host.startsWith('[') && !/^[\p{L}\p{M}\p{N}.-]+$/u.test(host))
    return { ok: false, reason: WEB_URL_REASONS.host };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, reason: WEB_URL_REASONS.invalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: WEB_URL_REASONS.scheme };
  if (!isWebHostname(url.hostname)) return { ok: false, reason: WEB_URL_REASONS.host };
  // Percent-encoding (of a path in another script, say) can make the address longer.
  if (url.href.length > WEB_URL_MAX_LENGTH) return { ok: false, reason: WEB_URL_REASONS.tooLong };
  return { ok: true, url: url.href };
}
