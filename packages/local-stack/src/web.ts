import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPdfRenderer, pdfSource } from './one-sheet-pdf.ts';
import { REFUSED_METHODS } from './gateway-requests.ts';
import type { FunctionsHandler } from './functions.ts';
import {
  nodeHeader,
  readBody,
  sendPlainResponse,
  sendWebResponse,
  toWebRequest,
  type WebHandler,
} from './http.ts';
import { compress, compressible, createCompressedFileCache, negotiate } from './web-compress.ts';
import {
  escapeHtml,
  htmlHeaders,
  injectMissingPage,
  injectPageConfig,
  injectPageMeta,
  prerenderedPageMeta,
  withoutRenderedDuplicates,
  type PageMetaTags,
  type PrerenderedPage,
} from './web-html.ts';

export {
  injectMissingPage,
  injectPageConfig,
  injectPageMeta,
  prerenderedPageMeta,
  type PageMetaTags,
} from './web-html.ts';

export interface WebServerOptions {
  /** Build output of the platform app (`apps/platform/dist`). */
  platformRoot: string;
  /** Build output of the one-sheets app (`apps/one-sheets/dist`). */
  oneSheetsRoot: string;
  apiUrl: string;
  anonKey: string;
  /**
   * The functions route: `/go/{code}` is answered by the `go` function, as the production CDN's
   * rewrite does (the client's address, user agent and referrer are passed on). GET and HEAD go
   * to its plain handler when it has one (`plain`), without web `Request`/`Response` objects.
   */
  functions?: () => (WebHandler & Partial<Pick<FunctionsHandler, 'plain'>>) | undefined;
  /** The local test checkout under `/local-checkout/` (when Stripe is not configured). */
  checkout?: () => WebHandler | undefined;
  /**
   * The site's origin (`http://localhost:3000`), for the canonical links and share images of the
   * prerendered pages, once the server listens. Without it, the origin the request names (Host).
   */
  siteUrl?: () => string | undefined;
  /**
   * The platform build's page renderer (`apps/platform/dist-server/entry-server.mjs`): a module
   * whose `renderPublicPage(html, path, view)` puts `/@{username}` or `/s/{slug}` into its HTML
   * with the page-meta function's data, for the browser to take over. Without it, when rendering
   * fails, or after a rebuild (see `pageRendererLoader`), the page is sent as its shell with the
   * data and the browser renders it.
   */
  pageRenderer?: string;
  /** Receives a line when a page could not be rendered. */
  log?: (line: string) => void;
}

/** What the platform build's page renderer exports. */
export type RenderPublicPage = (html: string, path: string, view: unknown) => Promise<string>;

/**
 * Loads `file`'s `renderPublicPage` on first use. Undefined while the file does not exist or does
 * not export one, and once the file has changed since it was loaded (a rebuild): a module cannot
 * be loaded twice (the renderer's chunks import it back by its plain URL), and the old renderer
 * would draw pages that the new build's code no longer matches, so those pages go to the browser
 * to render until the server restarts.
 */
export function pageRendererLoader(
  file: string | undefined,
  log?: (line: string) => void,
): () => Promise<RenderPublicPage | undefined> {
  let loaded: { mtimeMs: number; render: Promise<RenderPublicPage | undefined> } | undefined;
  let warned = false;
  return async () => {
    if (!file) return undefined;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    loaded ??= {
      mtimeMs: info.mtimeMs,
      render: import(pathToFileURL(file).href).then(
        (module: { renderPublicPage?: unknown }) =>
          typeof module.renderPublicPage === 'function'
            ? (module.renderPublicPage as RenderPublicPage)
            : undefined,
        (error: unknown) => {
          log?.(`[web] the page renderer did not load: ${(error as Error).message}`);
          return undefined;
        },
      ),
    };
    if (loaded.mtimeMs !== info.mtimeMs) {
      if (!warned) log?.('[web] the app was rebuilt: restart to render its public pages again');
      warned = true;
      return undefined;
    }
    return loaded.render;
  };
}

/**
 * What the platform build says about its pages (`routes.json`, written by
 * `apps/platform/prerender.ts`): the router's route patterns, and each prerendered page's title and
 * description with the site's share image, for their canonical link and Open Graph / Twitter tags.
 */
export interface SiteManifest {
  routes: string[];
  pages: Record<string, PrerenderedPage>;
  image?: string;
}

/** The build's manifest, in the platform build's root. */
export const SITE_MANIFEST = 'routes.json';

/**
 * Whether `pathname` (decoded) is a page of the app, by the build's route patterns: a literal
 * segment matches itself (case-insensitively, as the router does), `:name` any one segment,
 * `@:name` one segment of "@" and more, and a last `*` whatever follows, nothing included.
 */
export function isAppRoute(routes: readonly string[], pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return routes.some((route) => {
    const parts = route.split('/').filter(Boolean);
    for (const [index, part] of parts.entries()) {
      if (part === '*' && index === parts.length - 1) return true;
      const segment = segments[index];
      if (segment === undefined) return false;
      if (part.startsWith(':')) continue;
      if (part.startsWith('@:')) {
        if (segment.length < 2 || !segment.startsWith('@')) return false;
        continue;
      }
      if (part.toLowerCase() !== segment.toLowerCase()) return false;
    }
    return parts.length === segments.length;
  });
}

/**
 * Reads the build's `routes.json` once per version of the file. Undefined without one (an older
 * build, or one that is not the platform app's), or when it does not parse: then every path is
 * taken for a page, as before.
 */
function siteManifestLoader(file: string): () => Promise<SiteManifest | undefined> {
  let loaded: { mtimeMs: number; manifest: Promise<SiteManifest | undefined> } | undefined;
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (loaded?.mtimeMs !== info.mtimeMs)
      loaded = {
        mtimeMs: info.mtimeMs,
        manifest: readFile(file, 'utf8')
          .then((text) => {
            const manifest = JSON.parse(text) as Partial<SiteManifest>;
            return Array.isArray(manifest.routes)
              ? { routes: manifest.routes, pages: manifest.pages ?? {}, image: manifest.image }
              : undefined;
          })
          .catch(() => undefined),
      };
    return loaded.manifest;
  };
}

/** The site's origin as the request names it (its Host), for canonical links and share images. */
function requestOrigin(req: IncomingMessage): string {
  const fallback = `http://localhost:${req.socket.localPort ?? 80}`;
  const host = req.headers.host;
  if (!host) return fallback;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() ? url.origin : fallback;
  } catch {
    return fallback;
  }
}

/** Largest form body the local checkout accepts. */
const CHECKOUT_BODY_LIMIT = 16 * 1024;

/**
 * Paths the one-sheets app's HTML is sent for (each also with `/print`). Those that are none of
 * its pages (`ONE_SHEET_PAGES`), such as `/one-sheet/print`, are its not-found page: status 404.
 */
export const ONE_SHEET_PATHS = [
  '/vendor-one-sheet',
  '/affiliate-one-sheet',
  '/one-sheet',
  '/presentation',
  '/investors',
];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

/** The one-sheets app's pages, as its router has them: only the two sheets have print versions. */
export const ONE_SHEET_PAGES = [
  '/one-sheet',
  '/vendor-one-sheet',
  '/vendor-one-sheet/print',
  '/affiliate-one-sheet',
  '/affiliate-one-sheet/print',
  '/presentation',
  '/investors',
];

export function isOneSheetPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return ONE_SHEET_PATHS.some((base) => trimmed === base || trimmed === `${base}/print`);
}

/** Whether `pathname` (a one-sheet path, see `isOneSheetPath`) is one of the app's pages. */
export function isOneSheetPage(pathname: string): boolean {
  return ONE_SHEET_PAGES.includes(pathname.replace(/\/+$/, '') || '/');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** `root` + URL path, or undefined when the path would leave `root`. */
function inside(root: string, pathname: string): string | undefined {
  const file = path.join(root, pathname);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

function statusPage(opts: WebServerOptions): string {
  const api = escapeHtml(opts.apiUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verdant local stack</title>
<style>
html { color-scheme: dark; background: #111113; }
body { font: 16px/1.5 system-ui, sans-serif; max-width: 42rem; margin: 3rem auto; padding: 0 1rem; color: #edeef0; }
a { color: #58d5ba; }
code { background: #1e2a26; padding: 0.1rem 0.3rem; border-radius: 4px; }
li { margin: 0.4rem 0; }
</style>
</head>
<body>
<h1>Verdant local stack</h1>
<p>The backend is running, but no app has been built yet, so there is nothing to show here.
When <code>apps/platform</code> (and <code>apps/one-sheets</code>) have builds, this server serves them.</p>
<h2>Running services</h2>
<ul>
<li>API (Supabase-compatible: <code>/auth/v1</code>, <code>/rest/v1</code>, <code>/storage/v1</code>, <code>/functions/v1</code>): <code>${api}</code></li>
<li>Health: <a href="${api}/health">${api}/health</a></li>
<li>Mail outbox (confirmation and recovery mails): <a href="${api}/outbox">${api}/outbox</a></li>
</ul>
<h2>Components</h2>
<p>Run <code>npm run storybook</code> in the repository and open <code>http://localhost:6006</code> to browse the UI components.</p>
</body>
</html>
`;
}

/**
 * The web server: serves the built apps with SPA fallback (the one-sheet paths from the
 * one-sheets build, everything else from the platform build), security headers on HTML, and
 * `/verdant-config.json` with the API URL and anon key for the apps. Without any build it shows
 * a page listing the running services.
 */
export function createWebServer(opts: WebServerOptions): http.Server {
  const platformRoot = path.resolve(opts.platformRoot);
  const oneSheetsRoot = path.resolve(opts.oneSheetsRoot);
  const security = htmlHeaders(opts.apiUrl);
  const compressedFiles = createCompressedFileCache();
  const pageRenderer = pageRendererLoader(opts.pageRenderer, opts.log);
  const siteManifest = siteManifestLoader(path.join(platformRoot, SITE_MANIFEST));

  const sendFile = async (
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    status = 200,
    meta?: PageMetaTags,
    render?: (html: string) => Promise<string>,
  ) => {
    const ext = path.extname(file).toLowerCase();
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    if (ext === '.html') {
      let html = injectPageConfig(
        await readFile(file, 'utf8'),
        opts,
        security['content-security-policy'] ?? '',
      );
      if (meta) html = injectPageMeta(html, meta);
      if (render) html = withoutRenderedDuplicates(await render(html));
      const page = Buffer.from(html);
      const encoding = compressible(type, page.length)
        ? negotiate(req.headers['accept-encoding'])
        : undefined;
      const body = encoding ? await compress(page, encoding, false) : page;
      res.writeHead(status, {
        ...security,
        'content-type': type,
        'content-length': body.length,
        vary: 'Accept-Encoding',
        ...(encoding && { 'content-encoding': encoding }),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const info = await stat(file);
    const headers: Record<string, string | number> = {
      'content-type': type,
      'content-length': info.size,
    };
    if (/\/assets\//.test(file)) headers['cache-control'] = 'public, max-age=31536000, immutable';
    else headers['cache-control'] = 'public, max-age=300';
    headers['x-content-type-options'] = 'nosniff';
    const encoding = compressible(type, info.size)
      ? negotiate(req.headers['accept-encoding'])
      : undefined;
    if (encoding) {
      const body = await compressedFiles.get(
        { file, size: info.size, mtimeMs: info.mtimeMs },
        encoding,
        () => readFile(file),
      );
      res.writeHead(status, {
        ...headers,
        'content-length': body.length,
        'content-encoding': encoding,
        vary: 'Accept-Encoding',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (compressible(type, info.size)) headers.vary = 'Accept-Encoding';
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  /** Hands the request to a web-standard handler (the go function, the local checkout). */
  const forward = async (
    req: IncomingMessage,
    res: ServerResponse,
    handler: WebHandler,
    handlerPath: string,
  ) => {
    // The web Request parses the URL itself; parsing it here too would be wasted on the hot /go path.
    const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
    let body: Buffer = Buffer.alloc(0);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      try {
        body = await readBody(req, CHECKOUT_BODY_LIMIT);
      } catch {
        const text = JSON.stringify({
          error: {
            code: 'payload_too_large',
            message: `The body may be at most ${CHECKOUT_BODY_LIMIT} bytes`,
          },
        });
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end(text);
        return;
      }
    }
    const response = await handler(toWebRequest(req, url, body), {
      path: handlerPath,
      ip: req.socket.remoteAddress ?? '',
    });
    await sendWebResponse(res, response);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Methods no route of the site answers (and that web Requests cannot carry): 405, as the
    // gateway answers them, before anything is forwarded.
    if (REFUSED_METHODS.has(req.method ?? '')) {
      res.writeHead(405, {
        allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ message: `Method ${req.method} is not allowed` }));
      return;
    }
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const go = /^\/go\/([^/]*)\/?$/.exec(rawPath);
    const functions = opts.functions?.();
    if (go && functions) {
      const handlerPath = `/go/${go[1] ?? ''}`;
      if (functions.plain && (req.method === 'GET' || req.method === 'HEAD')) {
        const pending = functions.plain(
          {
            method: req.method,
            url: `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`,
            header: (name) => nodeHeader(req, name),
          },
          { path: handlerPath, ip: req.socket.remoteAddress ?? '' },
        );
        // Answered at once when the function is loaded and the link cached (the usual case).
        const answer = pending instanceof Promise ? await pending : pending;
        if (answer) return sendPlainResponse(res, answer);
      }
      return forward(req, res, functions, handlerPath);
    }
    // Checkout on the site's own origin, so the first-party verdant_ref cookie comes along.
    if (rawPath === '/api/checkout' && functions)
      return forward(req, res, functions, '/create-checkout');
    const checkout = opts.checkout?.();
    if (checkout && rawPath.startsWith('/local-checkout/'))
      return forward(req, res, checkout, rawPath.slice('/local-checkout'.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    let pathname: string;
    /** The path as the browser has it (`location.pathname`), still percent-encoded. */
    let requestPath: string;
    try {
      requestPath = new URL(req.url ?? '/', 'http://web.local').pathname;
      pathname = decodeURIComponent(requestPath);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Malformed URL');
      return;
    }
    if (pathname.includes('\0')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Malformed URL');
      return;
    }
    if (pathname === '/verdant-config.json') {
      const body = JSON.stringify({ apiUrl: opts.apiUrl, anonKey: opts.anonKey });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    const platformIndex = path.join(platformRoot, 'index.html');
    const oneSheetsIndex = path.join(oneSheetsRoot, 'index.html');
    // The platform's empty shell: app.html when the build prerendered its home page into
    // index.html, else index.html itself.
    const platformShell = path.join(platformRoot, 'app.html');
    const [hasPlatform, hasOneSheets, hasShell] = await Promise.all([
      isFile(platformIndex),
      isFile(oneSheetsIndex),
      isFile(platformShell),
    ]);
    const platformApp = hasShell ? platformShell : platformIndex;

    // One-sheet PDFs, rendered on demand from the print pages and cached.
    if (pathname.startsWith('/one-sheet/pdf/')) {
      const pdf = pdfSource(pathname);
      const text = (status: number, message: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : message);
      };
      if (!pdf) return text(404, 'No such one-sheet PDF');
      if (!hasOneSheets) return text(503, 'The one-sheets app has not been built');
      let body: Buffer;
      let cached: boolean;
      try {
        // The server's own address under the name it advertises (webUrl uses localhost).
        ({ body, cached } = await pdfs.render(
          `http://localhost:${req.socket.localPort}`,
          pdf.name,
          pdf.page,
        ));
      } catch (error) {
        return text(503, `The PDF could not be rendered: ${(error as Error).message}`);
      }
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': body.length,
        'content-disposition': `inline; filename="${pdf.name}.pdf"`,
        'cache-control': 'public, max-age=600',
        'x-content-type-options': 'nosniff',
        'x-verdant-pdf-cache': cached ? 'hit' : 'miss',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    // A one-sheet path that is none of the app's pages is its not-found page, as the platform's
    // unknown paths are: a real 404, still with the app, which draws that page.
    if (isOneSheetPath(pathname) && hasOneSheets)
      return sendFile(req, res, oneSheetsIndex, isOneSheetPage(pathname) ? 200 : 404);

    // Static files: the platform build first, then the one-sheets build.
    if (pathname !== '/') {
      for (const root of [platformRoot, oneSheetsRoot]) {
        const file = inside(root, pathname);
        if (file && (await isFile(file))) return sendFile(req, res, file);
      }
    }

    // Pages prerendered at build time (/ is index.html, /about is about/index.html): complete
    // without JavaScript.
    // Those the build lists get their canonical link and share-preview tags for this origin.
    if (hasPlatform && !path.extname(pathname)) {
      const page = inside(platformRoot, path.join(pathname, 'index.html'));
      if (page && (await isFile(page))) {
        const pagePath = pathname.replace(/\/+$/, '') || '/';
        const manifest = await siteManifest();
        const listed = manifest && Object.hasOwn(manifest.pages, pagePath);
        const meta = listed
          ? prerenderedPageMeta(
              opts.siteUrl?.() ?? requestOrigin(req),
              pagePath,
              manifest.pages[pagePath]!,
              manifest.image,
            )
          : undefined;
        return sendFile(req, res, page, 200, meta);
      }
    }

    // Share previews: /@{username}, /s/{slug} and /education/certificates/{code} carry their own
    // title, canonical URL and Open Graph/Twitter tags (and a link page's or storefront's data)
    // from the page-meta function; unknown ones are a real 404. The build's shell for the page
    // (link-page.html, storefront.html: the app shell that also preloads the page's code) is sent
    // when it has one.
    const publicPage = /^\/(?:(@)[^/]+|(s)\/[^/]+|education\/certificates\/[^/]+)\/?$/.exec(
      pathname,
    );
    if (hasPlatform && functions && publicPage) {
      const shellName = publicPage[1] ? 'link-page.html' : publicPage[2] ? 'storefront.html' : null;
      const pageShell = shellName && path.join(platformRoot, shellName);
      const shell = pageShell && (await isFile(pageShell)) ? pageShell : platformApp;
      const host = req.headers.host ?? '127.0.0.1';
      const url = new URL('/page-meta', `http://${host}`);
      url.searchParams.set('path', pathname);
      const answer = await functions(new Request(url), { path: '/page-meta', ip: '' });
      // An unknown certificate's page says so itself ("Certificate not verified"), drawn by the
      // app; an unknown link page or storefront is marked missing, so the app shows its
      // not-found page at once.
      if (answer.status === 404)
        return shellName
          ? sendFile(req, res, shell, 404, undefined, (html) =>
              Promise.resolve(injectMissingPage(html, pathname)),
            )
          : sendFile(req, res, shell, 404);
      if (answer.ok) {
        const meta = (await answer.json()) as PageMetaTags;
        // With the build's renderer the page arrives drawn (the browser takes it over); without
        // it, or when it fails, the browser draws it from the data sent along.
        const renderer = meta.view != null ? await pageRenderer() : undefined;
        const render =
          renderer &&
          ((html: string) =>
            // Inside a promise, so a renderer that throws at once is caught like one that rejects.
            Promise.resolve()
              .then(() => renderer(html, requestPath, meta.view))
              .catch((error: unknown) => {
                const cause = (error as Error).cause as Error | undefined;
                opts.log?.(
                  `[web] ${pathname} sent unrendered: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`,
                );
                return html;
              }));
        return sendFile(req, res, shell, 200, meta, render);
      }
    }

    if (hasPlatform) {
      // A missing file with an extension is a 404, not the app (keeps broken asset links visible).
      if (path.extname(pathname) && pathname !== '/index.html') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
        return;
      }
      // A path none of the app's routes matches is its not-found page: a real 404, still with the
      // app, which draws that page.
      const manifest = await siteManifest();
      const known = !manifest || isAppRoute(manifest.routes, pathname);
      return sendFile(req, res, platformApp, known ? 200 : 404);
    }
    if (hasOneSheets && pathname === '/') return sendFile(req, res, oneSheetsIndex);

    const page = statusPage(opts);
    res.writeHead(pathname === '/' ? 200 : 404, {
      ...security,
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(page),
    });
    res.end(req.method === 'HEAD' ? undefined : page);
  };

  const pdfs = createPdfRenderer();
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      } else res.destroy();
    });
  });
  server.on('close', () => void pdfs.close());
  return server;
}
