import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHandler } from '../src/http.ts';
import { createWebServer, ONE_SHEET_PATHS, pageRendererLoader } from '../src/web.ts';

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
        return html.replace('<div id="root"></div>', '<div id="root" data-prerendered="' + path + '"><h1>' + view.page.title + '</h1></div>');
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
