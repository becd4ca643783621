// page-meta: the share preview of a public page. For `?path=/@{username}`, `?path=/s/{slug}` or
// `?path=/education/certificates/{code}` it answers the page's title, description, canonical URL, image (the creator's avatar, the
// storefront's first product image, else the site's share image) and the Open Graph / Twitter tags
// that the web server (and the production rewrite) put into the HTML it sends for that path, and
// the page's data (`view`), which they send with it; unknown or unpublished pages get 404. It reads with the anon key, so row-level security decides
// what is public. Web-standard handler: hosted Supabase runs it through index.ts (Deno.serve),
// the local stack calls it directly.
import { createClient } from '@supabase/supabase-js';
import { shareMetaTags, type ShareMetaTag } from '@verdant/validation';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

/** One `<meta>` tag: `attribute="key" content="content"`. */
export type MetaTag = ShareMetaTag;

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  tags: MetaTag[];
  /**
   * Everything the page draws, as the `public_link_page` / `public_storefront` database functions
   * answer it (and `@verdant/api-client`'s `getPublicPage` returns it): the web server sends it with
   * the HTML, so the app renders the page without asking again.
   */
  view: unknown;
  /**
   * Images the page shows first (a storefront's first product images, a link page's avatar), as
   * the page's `<img>` sources: the HTML asks for them at once (`<link rel="preload">`).
   */
  preload: string[];
}

/** The fields of `public_link_page`'s answer that the preview reads. */
interface LinkPageView {
  page: { title: string; bio: string | null; avatar_url: string | null };
  profile: { bio: string | null; profile_image: string | null };
}

/** The fields of `public_storefront`'s answer that the preview reads. */
interface StorefrontView {
  storefront: { title: string; description: string | null; banner_url: string | null };
  owner: { name: string } | null;
  products: { images: string[] }[];
}

/** The row `verify_certificate` answers for a certificate code. */
interface CertificateRow {
  holder_name: string;
  course_title: string;
  issued_at: string;
}

/**
 * The site-wide share image the platform app ships (`apps/platform/public/share.png`, 1200×630):
 * the preview's image when the page has none of its own.
 */
export const SHARE_IMAGE = '/share.png';

/** How many product cards a storefront shows in its first row (their images load first). */
const FIRST_PRODUCTS = 2;

/** The sources among `urls` that are site paths or web URLs (anything else is never preloaded). */
function preloadable(urls: (string | null | undefined)[]): string[] {
  return urls.filter(
    (url): url is string => !!url && (/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url)),
  );
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
};

const USERNAME = /^[a-z0-9](?:[a-z0-9_-]{1,28}[a-z0-9])?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A certificate code as certificates print it (the app and the API client read it upper-cased). */
const CERTIFICATE_CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const ISSUED_ON = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const DESCRIPTION_MAX = 200;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...CORS_HEADERS,
      'Content-Type': 'application/json',
      'Cache-Control': status === 200 ? 'public, max-age=60' : 'no-store',
    },
  });
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** An absolute URL for a site path or a web URL; null for anything else. */
function absolute(site: string, url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, site);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * The first of `urls` that can be a share image, as an absolute URL, else the site's share image.
 * Crawlers show raster images only, so an SVG (the seed's product artwork) is passed over.
 */
function shareImage(site: string, urls: (string | null | undefined)[]): string {
  for (const url of urls) {
    const resolved = absolute(site, url);
    if (resolved && !/\.svg$/i.test(new URL(resolved).pathname)) return resolved;
  }
  return new URL(SHARE_IMAGE, site).href;
}

function build(
  site: string,
  path: string,
  page: { title: string; description: string; image: string | null; type: string },
): Omit<PageMeta, 'view' | 'preload'> {
  const canonical = new URL(path, site).href;
  const tags = shareMetaTags({ canonical, ...page });
  return { title: page.title, description: page.description, canonical, image: page.image, tags };
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const anonKey = env.get('SUPABASE_ANON_KEY');
  if (!url || !anonKey) throw new Error('page-meta needs SUPABASE_URL and SUPABASE_ANON_KEY');
  const configuredSite = env.get('SITE_URL');
  const db = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  const linkPage = async (site: string, path: string, username: string) => {
    const { data, error } = await db.rpc('public_link_page', { page_username: username });
    if (error) throw error;
    const view = data as LinkPageView | null;
    if (!view) return null;
    const { page, profile } = view;
    return {
      ...build(site, path, {
        title: `${page.title} (@${username}) — Verdant`,
        description: shorten(
          page.bio || profile.bio || `${page.title}'s sustainable picks and links on Verdant.`,
        ),
        image: shareImage(site, [page.avatar_url ?? profile.profile_image]),
        type: 'profile',
      }),
      view,
      preload: preloadable([page.avatar_url ?? profile.profile_image]),
    };
  };

  const storefront = async (site: string, path: string, slug: string) => {
    const { data, error } = await db.rpc('public_storefront', { storefront_slug: slug });
    if (error) throw error;
    const view = data as StorefrontView | null;
    if (!view) return null;
    const { storefront: shop, owner } = view;
    const by = owner?.name ? ` by ${owner.name}` : '';
    return {
      ...build(site, path, {
        // The title the page itself shows in the tab (routes/storefront.tsx).
        title: `${shop.title} — Verdant`,
        description: shorten(
          shop.description || `A storefront of sustainable products${by} on Verdant.`,
        ),
        image: shareImage(site, [...view.products.map((p) => p.images?.[0]), shop.banner_url]),
        type: 'website',
      }),
      view,
      preload: preloadable(view.products.slice(0, FIRST_PRODUCTS).map((p) => p.images[0])),
    };
  };

  // A certificate's page describes the certificate, never draws from `view`: the page checks the
  // code itself (routes/education-certificate.tsx), and only its holder's public name, the course
  // and the date are public.
  const certificate = async (site: string, path: string, code: string) => {
    const { data, error } = await db.rpc('verify_certificate', { certificate_code: code });
    if (error) throw error;
    const row = (data as CertificateRow[] | null)?.[0];
    if (!row) return null;
    return {
      ...build(site, path, {
        // The title the page itself shows in the tab.
        title: `Certificate ${code} — Verdant Education`,
        description: shorten(
          `${row.holder_name} completed the course “${row.course_title}” on Verdant Education, certified on ${ISSUED_ON.format(new Date(row.issued_at))}.`,
        ),
        image: shareImage(site, []),
        type: 'website',
      }),
      view: null,
      preload: [],
    };
  };

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(405, { error: 'Method not allowed; use GET' });
    const requestUrl = new URL(req.url);
    const path = requestUrl.searchParams.get('path') ?? '';
    const site = configuredSite ?? requestUrl.origin;
    const profile = /^\/@([^/]+)\/?$/.exec(path);
    const shop = /^\/s\/([^/]+)\/?$/.exec(path);
    const proof = /^\/education\/certificates\/([^/]+)\/?$/.exec(path);
    if (!profile && !shop && !proof)
      return json(400, {
        error: 'path must be /@{username}, /s/{slug} or /education/certificates/{code}',
      });
    let key = '';
    try {
      key = decodeURIComponent((profile ?? shop ?? proof)![1] ?? '');
    } catch {
      return json(400, { error: 'path is not a valid URL path' });
    }
    try {
      if (proof) {
        // Read as the page reads its address.
        const code = key.trim().toUpperCase();
        const meta = CERTIFICATE_CODE.test(code)
          ? await certificate(site, `/education/certificates/${code}`, code)
          : null;
        return meta ? json(200, meta) : json(404, { error: 'No such certificate' });
      }
      key = key.toLowerCase();
      const meta = profile
        ? USERNAME.test(key)
          ? await linkPage(site, `/@${key}`, key)
          : null
        : SLUG.test(key) && key.length <= 80
          ? await storefront(site, `/s/${key}`, key)
          : null;
      if (!meta) return json(404, { error: profile ? 'No such page' : 'No such storefront' });
      return json(200, meta);
    } catch {
      return json(502, { error: 'The page could not be read; try again' });
    }
  };
}
