// go: the link tracker behind /go/{code}. Answers 302 to the link's destination at once from an
// in-memory cache of links (refreshed in the background once an entry is a second old, so a
// disabled or changed link takes effect within about a second), then records the click after the
// response through a bounded buffer that is flushed in batches (by size or time) and on shutdown.
// HEAD requests are not recorded; bots and repeats within an hour are stored flagged and never
// counted (the database decides `is_unique`). The visitor is a salted SHA-256 of IP + user agent;
// the raw IP is never stored.
import { createClient } from '@supabase/supabase-js';
import { validateLinkDestination } from '@verdant/validation';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import {
  ATTRIBUTION_COOKIE,
  webHandler,
  type ClosableHandler,
  type FunctionEnv,
  type FunctionRuntime,
  type PlainHandler,
  type PlainRequest,
  type PlainResponse,
} from '../_shared/http.ts';

const CODE = /^[A-Za-z0-9_-]{4,32}$/;
const DEFAULT_COOKIE_DAYS = 30;

interface CachedLink {
  id: string;
  destination: string;
  /** The absolute redirect target when SITE_URL fixes it; otherwise resolved per request. */
  location: string | null;
  cookieDays: number;
  expiresAt: number | null;
}

interface CacheEntry {
  link: CachedLink | null;
  /** Until then the entry is answered without asking the database. */
  fresh: number;
  /** After `fresh`, the entry is still answered while a refresh runs, until then at most. */
  until: number;
}

interface PendingClick {
  publicId: string;
  linkId: string;
  at: string;
  ip: string;
  userAgent: string;
  referrer: string | null;
  country: string | null;
  bot: boolean;
}

interface ClickRow {
  public_id: string;
  link_id: string;
  clicked_at: string;
  visitor_hash: string;
  referrer: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'bot' | 'unknown';
  browser: string | null;
  country: string | null;
  is_bot: boolean;
}

/** The columns of a click row, in `ClickRow`'s order. */
const CLICK_COLUMNS = [
  'public_id',
  'link_id',
  'clicked_at',
  'visitor_hash',
  'referrer',
  'device',
  'browser',
  'country',
  'is_bot',
] as const satisfies readonly (keyof ClickRow)[];
// And every field of a row is listed: PostgREST would drop one that is not.
const everyColumnListed: [Exclude<keyof ClickRow, (typeof CLICK_COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void everyColumnListed;

function numberEnv(env: FunctionEnv, name: string, fallback: number): number {
  const value = Number(env.get(name));
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function notFoundPage(home: string): PlainResponse {
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link not found · Verdant</title>
<style>
html { color-scheme: dark; background: #111113; }
body { font: 16px/1.5 system-ui, sans-serif; color: #edeef0; margin: 0; min-height: 100vh; display: grid; place-items: center; }
main { max-width: 28rem; padding: 2rem; text-align: center; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
p { color: #b0b4ba; }
header { position: fixed; top: 0; left: 0; right: 0; padding: 1rem 1.5rem; border-bottom: 1px solid #2b2d31; }
.brand { font-weight: 700; font-size: 1.25rem; color: #56d4c8; text-decoration: none; }
.home { display: inline-block; margin-top: 1rem; padding: 0.6rem 1.2rem; border-radius: 8px; background: linear-gradient(135deg, #34d399 0%, #56d4c8 50%, #3b8ff6 100%); color: #04130d; font-weight: 500; text-decoration: none; }
a:focus-visible { outline: 2px solid #56d4c8; outline-offset: 2px; }
</style>
</head>
<body>
<header><a class="brand" href="${escapeHtml(home)}">Verdant</a></header>
<main>
<h1>This link isn't available</h1>
<p>The link you followed doesn't exist, has been turned off or has expired.</p>
<a class="home" href="${escapeHtml(home)}">Go to Verdant</a>
</main>
</body>
</html>
`;
  return {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
    body,
  };
}

function referrerDomain(value: string | null): string | null {
  if (!value) return null;
  try {
    const host = new URL(value).hostname.toLowerCase();
    return host && host.length <= 253 ? host : null;
  } catch {
    return null;
  }
}

function deviceOf(bot: boolean, type: string | undefined): ClickRow['device'] {
  if (bot) return 'bot';
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined) return 'desktop';
  return 'unknown';
}

function base64Url(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function sha256(text: string): Promise<string> {
  return base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

function isLocalHost(host: string): boolean {
  return (
    host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')
  );
}

/**
 * Creates the tracker as a plain handler (the local stack's web server calls it without building
 * web `Request`/`Response` objects; `createHandler` wraps the same code for `Deno.serve`).
 * Environment: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (required);
 * SITE_URL (where site-relative destinations and the 404 page's home link point);
 * VISITOR_HASH_SALT (default: derived from the service role key); TRUSTED_COUNTRY_HEADER (e.g.
 * `cf-ipcountry`, only when the platform in front sets it); GO_LINK_REFRESH_MS (1 000: how old a
 * cached link may be before a request refreshes it in the background), GO_LINK_CACHE_TTL_MS
 * (30 000: how long a cached link is still answered while the database cannot be reached),
 * GO_FLUSH_INTERVAL_MS (250), GO_BATCH_SIZE (500), GO_BUFFER_LIMIT (50 000).
 */
export function createPlainHandler(env: FunctionEnv, runtime: FunctionRuntime = {}): PlainHandler {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error('go needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const siteUrl = env.get('SITE_URL');
  // The click batches go to PostgREST as they are: supabase-js's insert gathers the column names
  // of a batch in quadratic time and serialises it with a replacer called for every value, which
  // cost the tracker more than writing the batch itself.
  // The column list tells PostgREST what each row holds, so it need not parse the batch to learn it.
  const clicksUrl = `${url.replace(/\/+$/, '')}/rest/v1/link_clicks?columns=${CLICK_COLUMNS.join(',')}`;
  const clicksHeaders = {
    apikey: serviceRoleKey,
    authorization: `Bearer ${serviceRoleKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  };
  /** Inserts a batch; resolves with PostgREST's error (code and message), or null when written. */
  const insertClicks = async (
    rows: ClickRow[],
  ): Promise<{ code?: string; message: string } | null> => {
    const response = await fetch(clicksUrl, {
      method: 'POST',
      headers: clicksHeaders,
      body: JSON.stringify(rows),
    });
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    const text = await response.text();
    try {
      const error = JSON.parse(text) as { code?: string; message?: string };
      return { code: error.code, message: error.message ?? text };
    } catch {
      return { message: `${response.status} ${text}`.trim() };
    }
  };
  const countryHeader = env.get('TRUSTED_COUNTRY_HEADER')?.toLowerCase();
  const cacheTtl = numberEnv(env, 'GO_LINK_CACHE_TTL_MS', 30_000);
  const refreshAfter = Math.min(cacheTtl, numberEnv(env, 'GO_LINK_REFRESH_MS', 1_000));
  const flushInterval = numberEnv(env, 'GO_FLUSH_INTERVAL_MS', 250);
  const batchSize = Math.max(1, numberEnv(env, 'GO_BATCH_SIZE', 500));
  const bufferLimit = Math.max(batchSize, numberEnv(env, 'GO_BUFFER_LIMIT', 50_000));
  const salt = env.get('VISITOR_HASH_SALT');
  const saltPromise = salt
    ? Promise.resolve(salt)
    : sha256(`verdant-visitor-salt:${serviceRoleKey}`);

  // Link cache ----------------------------------------------------------------------------------
  const cache = new Map<string, CacheEntry>();
  const loading = new Map<string, Promise<CachedLink | null>>();
  const CACHE_LIMIT = 10_000;

  const fetchLink = async (code: string): Promise<CachedLink | null> => {
    const { data, error } = await admin
      .from('affiliate_links')
      .select(
        'id, destination_url, is_active, expires_at, affiliate_programs(cookie_window_days, status)',
      )
      .eq('code', code)
      .maybeSingle()
      // A visitor may be waiting: fail at once (503 with Retry-After, or the cached answer while
      // refreshing) instead of the client's retries with 1 s, 2 s and 4 s back-off.
      .retry(false);
    if (error) throw new Error(`link lookup failed: ${error.message}`);
    if (!data || !data.is_active) return null;
    const program = data.affiliate_programs as unknown as {
      cookie_window_days: number;
      status: string;
    } | null;
    if (program && program.status === 'closed') return null;
    const checked = validateLinkDestination(data.destination_url);
    if (!checked.ok) return null;
    return {
      id: data.id as string,
      destination: checked.destination,
      location: siteUrl ? new URL(checked.destination, siteUrl).toString() : null,
      cookieDays: program?.cookie_window_days ?? DEFAULT_COOKIE_DAYS,
      expiresAt: data.expires_at ? Date.parse(data.expires_at as string) : null,
    };
  };

  const load = (code: string): Promise<CachedLink | null> => {
    const pending = loading.get(code);
    if (pending) return pending;
    const promise = fetchLink(code)
      .then((link) => {
        if (!cache.has(code) && cache.size >= CACHE_LIMIT) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        const now = Date.now();
        cache.set(code, { link, fresh: now + refreshAfter, until: now + cacheTtl });
        return link;
      })
      .finally(() => loading.delete(code));
    loading.set(code, promise);
    return promise;
  };

  // A fresh entry answers at once; an older one answers at once too and is refreshed in the
  // background (while the database cannot be reached, for up to the cache TTL); a missing or
  // expired one waits for the database.
  const lookup = (code: string): Promise<CachedLink | null> | CachedLink | null => {
    const now = Date.now();
    const hit = cache.get(code);
    if (hit && hit.fresh > now) return hit.link;
    if (hit && hit.until > now) {
      load(code).catch((error: unknown) => {
        // Ask again a refresh interval later, not on every request meanwhile.
        hit.fresh = Date.now() + refreshAfter;
        console.error(`[go] ${String(error)}`);
      });
      return hit.link;
    }
    return load(code);
  };

  // Click buffer --------------------------------------------------------------------------------
  let buffer: PendingClick[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDone: (() => void) | undefined;
  let dropped = 0;

  // Parsed user agents and visitor hashes repeat a lot (the same browsers, the same visitors);
  // small bounded caches keep the flush cheap.
  const agents = new Map<string, { device: string | undefined; browser: string | null }>();
  const visitors = new Map<string, Promise<string>>();
  const bots = new Map<string, boolean>();
  const remember = <V>(map: Map<string, V>, key: string, make: () => V, limit: number): V => {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    if (map.size >= limit) map.clear();
    const value = make();
    map.set(key, value);
    return value;
  };
  const parseAgent = (agent: string): { device: string | undefined; browser: string | null } => {
    const result = new UAParser(agent).getResult();
    return {
      device: result.device.type,
      browser: result.browser.name ? String(result.browser.name).slice(0, 64) : null,
    };
  };

  const toRows = async (clicks: PendingClick[]): Promise<ClickRow[]> => {
    const pepper = await saltPromise;
    return Promise.all(
      clicks.map(async (click) => {
        const ua = remember(agents, click.userAgent, () => parseAgent(click.userAgent), 2_000);
        const visitor = `${click.ip}\n${click.userAgent}`;
        return {
          public_id: click.publicId,
          link_id: click.linkId,
          clicked_at: click.at,
          visitor_hash: await remember(
            visitors,
            visitor,
            () => sha256(`${pepper}\n${visitor}`),
            10_000,
          ),
          referrer: click.referrer,
          device: click.userAgent ? deviceOf(click.bot, ua.device) : click.bot ? 'bot' : 'unknown',
          browser: ua.browser,
          country: click.country,
          is_bot: click.bot,
        };
      }),
    );
  };

  /** Writes everything buffered, one batch after another (in click order, so the database sees repeats). */
  const drain = async (): Promise<void> => {
    while (buffer.length) {
      const batch = buffer.slice(0, batchSize);
      const rows = await toRows(batch);
      const error = await insertClicks(rows);
      if (error?.code === '23503') {
        // A link deleted meanwhile is the only row error: its clicks can never be written. Drop
        // those, keep the rest of the batch in order, and write it again.
        const { data: links, error: lookup } = await admin
          .from('affiliate_links')
          .select('id')
          .in('id', [...new Set(batch.map((click) => click.linkId))]);
        if (lookup) throw new Error(`click flush failed: ${lookup.message}`);
        const alive = new Set((links ?? []).map((link) => String(link.id)));
        const kept = batch.filter((click) => alive.has(click.linkId));
        if (kept.length === batch.length) throw new Error(`click flush failed: ${error.message}`);
        buffer = [...kept, ...buffer.slice(batch.length)];
        continue;
      }
      // Otherwise keep the clicks for the next attempt.
      if (error) throw new Error(`click flush failed: ${error.message}`);
      buffer = buffer.slice(batch.length);
    }
  };

  // One drain at a time; the running drain also writes the clicks that arrive meanwhile.
  let running: Promise<void> | undefined;
  let closed = false;
  const flush = (): Promise<void> => {
    const waiting = timerDone;
    timerDone = undefined;
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    running ??= drain()
      .catch((error: unknown) => {
        console.error(`[go] ${String(error)}`);
      })
      .finally(() => {
        running = undefined;
        if (buffer.length && !closed) schedule();
      });
    // A timer that was waiting (kept alive with waitUntil) is done when this flush is.
    if (waiting) void running.then(waiting);
    return running;
  };

  const schedule = () => {
    if (timer !== undefined || closed) return;
    const done = new Promise<void>((resolve) => {
      timerDone = resolve;
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, flushInterval);
    });
    runtime.waitUntil?.(done);
  };

  const record = (click: PendingClick) => {
    if (buffer.length >= bufferLimit) {
      // Bounded: while the database is unreachable for long, new clicks beyond the limit are
      // not kept (the visitor is still redirected).
      dropped += 1;
      if (dropped % 1000 === 1) console.error(`[go] click buffer full; ${dropped} clicks dropped`);
      return;
    }
    buffer.push(click);
    if (buffer.length >= batchSize) {
      const written = flush();
      runtime.waitUntil?.(written);
    } else schedule();
  };

  // Requests ------------------------------------------------------------------------------------
  // The 404 page's text is the same every time: built once.
  const notFound = notFoundPage(siteUrl ?? '/');

  const respond = (req: PlainRequest, requestUrl: URL, link: CachedLink | null): PlainResponse => {
    if (!link || (link.expiresAt !== null && link.expiresAt <= Date.now())) return notFound;
    const headers: Record<string, string> = {
      Location: link.location ?? new URL(link.destination, requestUrl.origin).toString(),
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    if (req.method === 'HEAD') return { status: 302, headers, body: null };

    const userAgent = req.header('user-agent') ?? '';
    const bot = !userAgent || remember(bots, userAgent, () => isbot(userAgent), 2_000);
    const publicId = crypto.randomUUID();
    const country = countryHeader ? (req.header(countryHeader)?.toUpperCase() ?? null) : null;
    record({
      publicId,
      linkId: link.id,
      at: new Date().toISOString(),
      ip: (req.header('x-forwarded-for') ?? '').split(',')[0]?.trim() ?? '',
      userAgent: userAgent.slice(0, 1024),
      referrer: referrerDomain(req.header('referer')),
      country: country && /^[A-Z]{2}$/.test(country) ? country : null,
      bot,
    });
    if (!bot) {
      const secure = isLocalHost(requestUrl.hostname) ? '' : '; Secure';
      headers['Set-Cookie'] =
        `${ATTRIBUTION_COOKIE}=${publicId}; Path=/; Max-Age=${link.cookieDays * 86_400}; HttpOnly; SameSite=Lax${secure}`;
    }
    return { status: 302, headers, body: null };
  };

  const unavailable = (error: unknown): PlainResponse => {
    console.error(`[go] ${String(error)}`);
    return {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' },
      body: 'The link service is temporarily unavailable; please try again.',
    };
  };

  // Answers at once when the link is in the cache; waits only for a lookup.
  const handler: PlainHandler = (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
        body: 'Method not allowed',
      };
    }
    const requestUrl = new URL(req.url);
    const code = requestUrl.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
    if (!CODE.test(code)) return notFound;
    const found = lookup(code);
    if (!(found instanceof Promise)) return respond(req, requestUrl, found);
    return found.then((link) => respond(req, requestUrl, link), unavailable);
  };
  handler.close = async () => {
    closed = true;
    await flush();
    if (buffer.length) await flush();
    if (timer !== undefined) clearTimeout(timer);
  };
  return handler;
}

/** The tracker as a web-standard handler (`Deno.serve` on hosted Supabase). */
export function createHandler(env: FunctionEnv, runtime: FunctionRuntime = {}): ClosableHandler {
  return webHandler(createPlainHandler(env, runtime));
}
