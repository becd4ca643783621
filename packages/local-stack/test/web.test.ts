import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHandler } from '../src/http.ts';
import {
  createWebServer,
  isAppRoute,
  ONE_SHEET_PAGES,
  ONE_SHEET_PATHS,
  pageRendererLoader,
  SITE_MANIFEST,
} from '../src/web.ts';

let dir: string;
const servers: Server[] = [];

async function serve(platformRoot: string, oneSheetsRoot: string): Promise<string> {
  const server = createWebServer({
    platformRoot,
    oneSheetsRoot,
    apiUrl: 'http://127.0.0.1:54999',
    anonKey: 'anon-key',
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'verdant-web-'));
  await mkdir(path.join(dir, 'platform', 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'one-sheets', 'sheets'), { recursive: true });
  await writeFile(
    path.join(dir, 'platform', 'index.html'),
    '<!doctype html><title>platform</title>',
  );
  await writeFile(path.join(dir, 'platform', 'assets', 'app-1a2b.js'), 'console.info("app")');
  await writeFile(
    path.join(dir, 'one-sheets', 'index.html'),
    '<!doctype html><title>one-sheets</title>',
  );
  await writeFile(path.join(dir, 'one-sheets', 'sheets', 'style.css'), 'body{}');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the web roots');
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web server with built apps', () => {
  let url: string;
  beforeAll(async () => {
    url = await serve(path.join(dir, 'platform'), path.join(dir, 'one-sheets'));
  });

  it('serves the platform app with SPA fallback and security headers', async () => {
    for (const route of ['/', '/dashboard/links', '/@maya', '/s/green-shop']) {
      const res = await fetch(`${url}${route}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>platform</title>');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain(
        "connect-src 'self' http://127.0.0.1:54999",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves the one-sheet paths and their print views from the one-sheets build', async () => {
    for (const base of ONE_SHEET_PATHS) {
      for (const route of [base, `${base}/print`]) {
        const res = await fetch(`${url}${route}`);
        expect(await res.text(), route).toContain('<title>one-sheets</title>');
      }
    }
    expect((await fetch(`${url}/sheets/style.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
  });

  it('answers 200 for the one-sheets pages and 404 with the app for its other paths', async () => {
    for (const page of ONE_SHEET_PAGES) {
      for (const route of [page, `${page}/`]) {
        const res = await fetch(`${url}${route}`);
        expect(res.status, route).toBe(200);
        expect(await res.text(), route).toContain('<title>one-sheets</title>');
      }
    }
    // Print versions exist only for the two sheets; the app draws its not-found page for the rest.
    for (const route of ['/one-sheet/print', '/presentation/print', '/investors/print/']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${url}${route}`, { method });
        expect(res.status, `${method} ${route}`).toBe(404);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        if (method === 'GET')
          expect(await res.text(), route).toContain('<title>one-sheets</title>');
      }
    }
  });

  it('serves static files with long caching for hashed assets, 404 for missing files', async () => {
    const asset = await fetch(`${url}/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${url}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the build directories', async () => {
    expect(await (await fetch(`${url}/..%2Fsecret.txt`)).text()).not.toContain('outside');
    expect(await (await fetch(`${url}/%2e%2e/secret.txt`)).text()).not.toContain('outside');
    expect((await fetch(`${url}/%E0%A4%A`)).status).toBe(400);
    expect((await fetch(`${url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('tells the apps where the API is', async () => {
    expect(await (await fetch(`${url}/verdant-config.json`)).json()).toEqual({
      apiUrl: 'http://127.0.0.1:54999',
      anonKey: 'anon-key',
    });
  });
});

describe('web server before any app is built', () => {
  it('shows which services run instead of pretending to be the product', async () => {
    const url = await serve(path.join(dir, 'none'), path.join(dir, 'none-either'));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('no app has been built yet');
    expect(html).toContain('http://127.0.0.1:54999/outbox');
    expect(html).toContain('npm run storybook');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${url}/dashboard`)).status).toBe(404);
  });
});

describe('public pages drawn by the build’s page renderer', () => {
  const SHELL =
    '<!doctype html><html><head><title>Verdant</title></head><body><div id="root"></div></body></html>';
  const VIEW = { page: { title: 'Maya' } };
  /** The page-meta function: Maya's page exists, every other one is unknown. */
  const functions: WebHandler = async (req) => {
    const page = new URL(req.url).searchParams.get('path');
    if (page !== '/@maya') return new Response('{}', { status: 404 });
    return Response.json({
      title: 'Maya — Verdant',
      canonical: 'http://localhost/@maya',
      tags: [],
      view: VIEW,
    });
  };
  let root: string;
  const logged: string[] = [];

  async function serveWith(renderer: string | undefined) {
    const server = createWebServer({
      platformRoot: root,
      oneSheetsRoot: path.join(dir, 'none'),
      apiUrl: 'http://127.0.0.1:54999',
      anonKey: 'anon-key',
      functions: () => functions,
      pageRenderer: renderer,
      log: (line) => logged.push(line),
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  beforeAll(async () => {
    root = path.join(dir, 'rendered');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'index.html'), SHELL);
    await writeFile(path.join(root, 'app.html'), SHELL);
    await writeFile(path.join(root, 'link-page.html'), SHELL);
    // The renderer gets the page's HTML (meta tags and data already in), its path and its data.
    await writeFile(
      path.join(dir, 'renderer.mjs'),
      `export async function renderPublicPage(html, path, view) {
        if (view.page.title !== 'Maya') throw new Error('wrong data');
        return html
          .replace('<title>', '<title data-prerendered>' + view.page.title + ' — Verdant</title><title>')
          .replace('<div id="root"></div>', '<div id="root" data-prerendered="' + path + '"><h1>' + view.page.title + '</h1></div>');
      }`,
    );
    await writeFile(
      path.join(dir, 'throwing-renderer.mjs'),
      `export function renderPublicPage() { throw new Error('thrown at once'); }`,
    );
    await writeFile(
      path.join(dir, 'failing-renderer.mjs'),
      `export async function renderPublicPage() { throw new Error('the page broke', { cause: new Error('no such component') }); }`,
    );
  });

  it('sends the page drawn, with its meta tags and data', async () => {
    const url = await serveWith(path.join(dir, 'renderer.mjs'));
    const res = await fetch(`${url}/@maya`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root" data-prerendered="/@maya"><h1>Maya</h1></div>');
    expect(html).toContain('<title>Maya — Verdant</title>');
    // The title React rendered with the page gives way to the preview's: one title.
    expect(html.match(/<title\b/g)).toHaveLength(1);
    expect(html).toContain('id="verdant-page-view"');
    // Unknown pages are still a real 404 with the empty shell.
    const missing = await fetch(`${url}/@nobody`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
  });

  it('sends the shell with the data when the renderer fails or is missing, and says why', async () => {
    for (const renderer of [
      path.join(dir, 'failing-renderer.mjs'),
      path.join(dir, 'throwing-renderer.mjs'),
      path.join(dir, 'absent.mjs'),
    ]) {
      const url = await serveWith(renderer);
      const res = await fetch(`${url}/@maya`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('id="verdant-page-view"');
    }
    expect(logged).toContain('[web] /@maya sent unrendered: the page broke (no such component)');
    expect(logged).toContain('[web] /@maya sent unrendered: thrown at once');
  });
});

describe('a build with its routes.json', () => {
  const SHELL = `<!doctype html><html><head>
    <title>Verdant · Sustainable Affiliate Marketing</title>
    <meta name="description" content="The generic app description." />
  </head><body><div id="root"></div></body></html>`;
  /** A prerendered page as the build writes it: its own title and description, one of each. */
  const ABOUT = SHELL.replace('Verdant · Sustainable Affiliate Marketing', 'About — Verdant')
    .replace('The generic app description.', 'Who we are &#38; why')
    .replace(
      '<div id="root"></div>',
      '<div id="root" data-prerendered="/about"><h1>About</h1></div>',
    );
  let url: string;

  beforeAll(async () => {
    const root = path.join(dir, 'routed');
    await mkdir(path.join(root, 'about'), { recursive: true });
    await writeFile(
      path.join(root, 'index.html'),
      SHELL.replace(
        '<div id="root"></div>',
        '<div id="root" data-prerendered="/"><h1>Home</h1></div>',
      ),
    );
    await writeFile(path.join(root, 'app.html'), SHELL);
    await writeFile(path.join(root, 'about', 'index.html'), ABOUT);
    await writeFile(
      path.join(root, SITE_MANIFEST),
      JSON.stringify({
        routes: [
          '/',
          '/about',
          '/dashboard',
          '/@:handle',
          '/s/:slug',
          '/education/courses/:courseId',
          '/vendor/*',
          '/admin/*',
          '/go/:code',
        ],
        pages: {
          '/': {
            title: 'Verdant · Sustainable Affiliate Marketing',
            description: 'The generic app description.',
          },
          '/about': { title: 'About — Verdant', description: 'Who we are & why' },
        },
        image: '/share.png',
      }),
    );
    url = await serve(root, path.join(dir, 'none'));
  });

  it('answers paths that are no page of the app with 404, still sending the app', async () => {
    for (const route of [
      '/nope',
      '/foo/bar',
      '/@',
      '/about/team',
      '/education/courses',
      '/s/a/b',
    ]) {
      const res = await fetch(`${url}${route}`);
      expect(res.status, route).toBe(404);
      expect(await res.text(), route).toContain('<div id="root"></div>');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    const head = await fetch(`${url}/nope`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it("answers the router's pages, parameterised ones included, with 200", async () => {
    for (const route of [
      '/dashboard',
      '/Dashboard/',
      '/education/courses/intro-to-affiliates',
      '/vendor',
      '/vendor/anything/deeper',
      '/admin/reports',
      '/@maya',
      '/s/green-shop',
      '/go/abc123',
    ]) {
      const res = await fetch(`${url}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain('<div id="root"></div>');
    }
  });

  it('sends a prerendered page with one title, its own description and an absolute canonical URL', async () => {
    const res = await fetch(`${url}/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<title\b/g)).toHaveLength(1);
    expect(html).toContain('<title>About — Verdant</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Who we are &#38; why">');
    expect(html).not.toContain('The generic app description.');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${url}/about">`);
    expect(html).toContain(`<meta property="og:url" content="${url}/about">`);
    expect(html).toContain('<meta property="og:title" content="About — Verdant">');
    expect(html).toContain('<meta property="og:description" content="Who we are &#38; why">');
    expect(html).toContain(`<meta property="og:image" content="${url}/share.png">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<h1>About</h1>');
    // The canonical URL has no trailing slash, whichever way the page was asked for.
    expect(await (await fetch(`${url}/about/`)).text()).toContain(
      `<link rel="canonical" href="${url}/about">`,
    );
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toContain(`<link rel="canonical" href="${url}/">`);
    expect(home.match(/<title\b/g)).toHaveLength(1);
  });

  it('names the site by the Host the request came to, and refuses a Host that is no host', async () => {
    const { request } = await import('node:http');
    const get = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${url}/about`, { headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get('verdant.example:8080')).toContain(
      '<link rel="canonical" href="http://verdant.example:8080/about">',
    );
    const odd = await get('a"b<c>');
    expect(odd).not.toContain('a"b');
    expect(odd).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/about">/);
  });
});

describe('isAppRoute', () => {
  const routes = ['/', '/pricing', '/@:handle', '/education/courses/:courseId', '/vendor/*'];
  it('matches literal, parameter, "@" and splat segments, and nothing else', () => {
    expect(isAppRoute(routes, '/')).toBe(true);
    expect(isAppRoute(routes, '/PRICING')).toBe(true);
    expect(isAppRoute(routes, '/@maya')).toBe(true);
    expect(isAppRoute(routes, '/education/courses/42')).toBe(true);
    expect(isAppRoute(routes, '/vendor')).toBe(true);
    expect(isAppRoute(routes, '/vendor/a/b')).toBe(true);
    expect(isAppRoute(routes, '/maya')).toBe(false);
    expect(isAppRoute(routes, '/@')).toBe(false);
    expect(isAppRoute(routes, '/pricing/more')).toBe(false);
    expect(isAppRoute(routes, '/education/courses')).toBe(false);
    expect(isAppRoute(routes, '/vendors')).toBe(false);
    expect(isAppRoute([], '/')).toBe(false);
  });
});

describe('pageRendererLoader', () => {
  it('loads the renderer once, and stops using it once the build has changed', async () => {
    const file = path.join(dir, 'rebuilt-renderer.mjs');
    await writeFile(file, 'export async function renderPublicPage() { return "drawn"; }');
    const logged: string[] = [];
    const load = pageRendererLoader(file, (line) => logged.push(line));
    const render = await load();
    expect(await render?.('', '/@maya', {})).toBe('drawn');
    expect(await load()).toBe(render);
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect(await load()).toBeUndefined();
    expect(logged).toEqual(['[web] the app was rebuilt: restart to render its public pages again']);
    expect(await pageRendererLoader(path.join(dir, 'absent.mjs'))()).toBeUndefined();
    expect(await pageRendererLoader(undefined)()).toBeUndefined();
  });
});
