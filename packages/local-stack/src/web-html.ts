// The HTML side of the local web server: the security headers of every page and the serve-time
// edits of a built page (the running stack's configuration, a public page's share preview).

import { shareMetaTags, type ShareMetaTag } from '@verdant/validation';

/** Security headers for every HTML response. */
export function htmlHeaders(apiUrl: string): Record<string, string> {
  const api = new URL(apiUrl);
  const ws = `ws://${api.host}`;
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self' https://js.stripe.com",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: https: ${api.origin}`,
      "font-src 'self' data:",
      `connect-src 'self' ${api.origin} ${ws} https://api.stripe.com`,
      'frame-src https://js.stripe.com https://checkout.stripe.com https://hooks.stripe.com',
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self' https://checkout.stripe.com",
      "object-src 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cache-control': 'no-cache',
  };
}

/** Text safe in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Serve-time configuration of a built app page: the running stack's API URL and anon key go into
 * the page's `verdant-supabase-url` / `verdant-supabase-anon-key` meta tags (no inline script, so
 * the CSP stays strict), and its CSP meta tag gets this server's policy (without frame-ancestors,
 * which browsers ignore in a meta tag). One build thus serves any stack. A page that reads the API
 * URL also gets a preconnect hint to the API's origin (one marked `data-verdant-api` replaces any
 * the build put there), so the browser opens that connection while the page's scripts load.
 */
export function injectPageConfig(
  html: string,
  opts: { apiUrl: string; anonKey: string },
  csp: string,
): string {
  const setMeta = (source: string, attribute: string, name: string, value: string) =>
    source.replace(
      new RegExp(`(<meta\\s+${attribute}="${name}"\\s+content=")[^"]*(")`, 'i'),
      (_match, start: string, end: string) => `${start}${escapeHtml(value)}${end}`,
    );
  const metaCsp = csp
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  let out = setMeta(html, 'name', 'verdant-supabase-url', opts.apiUrl);
  if (/<meta\s+name="verdant-supabase-url"/i.test(html)) {
    out = out
      .replace(/<link\s[^>]*\bdata-verdant-api\b[^>]*>\s*/gi, '')
      .replace(
        /(<meta\s+name="verdant-supabase-url"[^>]*>)/i,
        (tag: string) => `${tag}\n    ${preconnect(opts.apiUrl)}`,
      );
  }
  out = setMeta(out, 'name', 'verdant-supabase-anon-key', opts.anonKey);
  return setMeta(out, 'http-equiv', 'Content-Security-Policy', metaCsp);
}

/**
 * A preconnect hint to the API's origin. `crossorigin` because the app's API requests are CORS
 * requests: a hint without it would open a connection those requests cannot use.
 */
export function preconnect(apiUrl: string): string {
  return `<link rel="preconnect" href="${escapeHtml(new URL(apiUrl).origin)}" crossorigin data-verdant-api>`;
}

/** What the page-meta function answers for a public page's share preview. */
export interface PageMetaTags {
  title: string;
  canonical: string;
  tags: ShareMetaTag[];
  /** The page's data, sent with the HTML so the app draws the page without asking for it again. */
  view?: unknown;
  /** Images the page shows first (site paths or web URLs), requested at once by the HTML. */
  preload?: string[];
}

/** A prerendered page's entry in the build's `routes.json` (see `SiteManifest`). */
export interface PrerenderedPage {
  title: string;
  description: string;
}

/**
 * The share preview of a page the build prerendered, as the page-meta function describes
 * `/@{username}` and `/s/{slug}`: its title and description from the build, and the canonical URL,
 * `og:url` and the site's share image at `origin` (known only when the page is served).
 */
export function prerenderedPageMeta(
  origin: string,
  pagePath: string,
  page: PrerenderedPage,
  image: string | undefined,
): PageMetaTags {
  const canonical = new URL(pagePath, origin).href;
  const tags = shareMetaTags({
    canonical,
    title: page.title,
    description: page.description,
    image: image ? new URL(image, origin).href : null,
  });
  return { title: page.title, canonical, tags };
}

/**
 * A page drawn after its share preview went in (`renderPublicPage`) also has the title and
 * description React rendered, marked `data-prerendered` ahead of the preview's: where the head has
 * the preview's own, React's copy goes, so the page has one title and one description.
 */
export function withoutRenderedDuplicates(html: string): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  let head = html.slice(0, end);
  if (/<title>/i.test(head)) head = head.replace(/<title data-prerendered>[^<]*<\/title>\s*/gi, '');
  if (/<meta name="description"/i.test(head))
    head = head.replace(/<meta data-prerendered name="description"[^>]*>\s*/gi, '');
  return head + html.slice(end);
}

/** The id of the JSON script that carries a public page's data (`data-path`: the page's path). */
export const PAGE_VIEW_ID = 'verdant-page-view';

/**
 * Puts a page's title, canonical link, meta tags and image preloads into the app's HTML (escaped;
 * only site paths and web URLs are preloaded), and its data as a JSON script (`type="application/json"`: never run, so the CSP is untouched). In the JSON every
 * `<` is written `\u003c`, so no value can close the script element.
 */
export function injectPageMeta(html: string, meta: PageMetaTags): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    ...meta.tags
      .filter((tag) => tag.attribute === 'name' || tag.attribute === 'property')
      .map(
        (tag) =>
          `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`,
      ),
  ];
  for (const image of meta.preload ?? [])
    if (/^\/(?!\/)/.test(image) || /^https?:\/\//i.test(image))
      tags.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`);
  const pagePath = URL.canParse(meta.canonical) ? new URL(meta.canonical).pathname : null;
  if (meta.view != null && pagePath) {
    const json = JSON.stringify(meta.view).replace(/</g, '\\u003c');
    tags.push(
      `<script type="application/json" id="${PAGE_VIEW_ID}" data-path="${escapeHtml(pagePath)}">${json}</script>`,
    );
  }
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(meta.title)}</title>`)
    : html.replace(/<\/head>/i, () => `<title>${escapeHtml(meta.title)}</title>\n</head>`);
  // The app's own generic description gives way to the page's.
  const withoutDescription = titled.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return withoutDescription.replace(/<\/head>/i, () => `${tags.join('\n')}\n</head>`);
}

/** The title of a public page that does not exist, as the app's not-found page names itself. */
export const MISSING_PAGE_TITLE = 'Page not found — Verdant';

/**
 * The app's HTML for a public page the page-meta function does not know (an unknown username or
 * storefront, sent with status 404): titled as the not-found page, kept out of search indexes, and
 * marked with an empty data script (`data-missing`), so the app shows its not-found page at once
 * instead of asking the API first.
 */
export function injectMissingPage(html: string, pagePath: string): string {
  const marker = `<script type="application/json" id="${PAGE_VIEW_ID}" data-path="${escapeHtml(pagePath)}" data-missing>null</script>`;
  const titled = /<title>[^<]*<\/title>/i.test(html)
    ? html.replace(
        /<title>[^<]*<\/title>/i,
        () => `<title>${escapeHtml(MISSING_PAGE_TITLE)}</title>`,
      )
    : html.replace(/<\/head>/i, () => `<title>${escapeHtml(MISSING_PAGE_TITLE)}</title>\n</head>`);
  return titled.replace(
    /<\/head>/i,
    () => `<meta name="robots" content="noindex">\n${marker}\n</head>`,
  );
}
