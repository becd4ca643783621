import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebServer, injectPageConfig } from '../src/web.ts';

const PAGE = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'" />
<meta name="verdant-supabase-url" content="" />
<meta name="verdant-supabase-anon-key" content="https://built.example" />
<title>platform</title></head><body></body></html>`;

describe('serve-time configuration of the built app', () => {
  let dir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'verdant-web-config-'));
    await mkdir(path.join(dir, 'platform'), { recursive: true });
    await writeFile(path.join(dir, 'platform', 'index.html'), PAGE);
    await mkdir(path.join(dir, 'platform', 'faq-crawlers'), { recursive: true });
    await writeFile(
      path.join(dir, 'platform', 'faq-crawlers', 'index.html'),
      PAGE.replace('<body></body>', '<body><h1>Prerendered questions</h1></body>'),
    );
    server = createWebServer({
      platformRoot: path.join(dir, 'platform'),
      oneSheetsRoot: path.join(dir, 'none'),
      apiUrl: 'http://127.0.0.1:54888',
      anonKey: 'served"anon<key',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the running stack's URL and anon key into the page's meta tags, escaped", async () => {
    for (const route of ['/', '/dashboard', '/index.html']) {
      const res = await fetch(`${url}${route}`);
      const html = await res.text();
      expect(html, route).toContain(
        '<meta name="verdant-supabase-url" content="http://127.0.0.1:54888" />',
      );
      expect(html, route).toContain(
        '<meta name="verdant-supabase-anon-key" content="served&#34;anon&#60;key" />',
      );
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
      expect(html).not.toContain('<script>');
    }
  });

  it('serves a page prerendered at build time for its path, configured like the app', async () => {
    for (const route of ['/faq-crawlers', '/faq-crawlers/']) {
      const res = await fetch(`${url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-security-policy'), route).toContain("default-src 'self'");
      const html = await res.text();
      expect(html, route).toContain('<h1>Prerendered questions</h1>');
      expect(html, route).toContain(
        '<meta name="verdant-supabase-url" content="http://127.0.0.1:54888" />',
      );
    }
    // Other paths still get the app, and the prerendered file is not reachable outside the build.
    expect(await (await fetch(`${url}/faq`)).text()).not.toContain('Prerendered questions');
    expect((await fetch(`${url}/faq-crawlers/..%2f..%2f`)).status).not.toBe(500);
  });

  it('serves a prerendered home page at / and the empty shell (app.html) everywhere else', async () => {
    const home = PAGE.replace('<body></body>', '<body><h1>Prerendered home</h1></body>');
    await writeFile(path.join(dir, 'platform', 'index.html'), home);
    await writeFile(path.join(dir, 'platform', 'app.html'), PAGE);
    try {
      const root = await (await fetch(`${url}/`)).text();
      expect(root).toContain('<h1>Prerendered home</h1>');
      expect(root).toContain(
        '<meta name="verdant-supabase-url" content="http://127.0.0.1:54888" />',
      );
      for (const route of ['/dashboard', '/shop/some-product', '/admin/users']) {
        const res = await fetch(`${url}${route}`);
        expect(res.status, route).toBe(200);
        const html = await res.text();
        expect(html, route).not.toContain('Prerendered home');
        expect(html, route).toContain('<title>platform</title>');
      }
    } finally {
      await writeFile(path.join(dir, 'platform', 'index.html'), PAGE);
      await rm(path.join(dir, 'platform', 'app.html'));
    }
  });

  it("puts the server's policy into the CSP meta tag, without frame-ancestors", async () => {
    const res = await fetch(url);
    const html = await res.text();
    const header = res.headers.get('content-security-policy') ?? '';
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).toContain('https://js.stripe.com');
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(meta).toContain(
      'connect-src &#39;self&#39; http://127.0.0.1:54888 ws://127.0.0.1:54888',
    );
    expect(meta).not.toContain('frame-ancestors');
  });

  it('hints a connection to the API origin, once, replacing one the build put there', async () => {
    const html = await (await fetch(`${url}/dashboard`)).text();
    expect(html).toContain(
      '<link rel="preconnect" href="http://127.0.0.1:54888" crossorigin data-verdant-api>',
    );
    expect(html.match(/rel="preconnect"/g)).toHaveLength(1);
    const built = PAGE.replace(
      '<meta name="verdant-supabase-url" content="" />',
      '<meta name="verdant-supabase-url" content="https://built.example" />\n<link rel="preconnect" href="https://built.example" crossorigin data-verdant-api />',
    );
    const served = injectPageConfig(
      built,
      { apiUrl: 'http://127.0.0.1:54888/', anonKey: 'k' },
      "default-src 'self'",
    );
    expect(served).not.toContain('built.example');
    expect(served.match(/rel="preconnect"/g)).toHaveLength(1);
    expect(served).toContain('href="http://127.0.0.1:54888" crossorigin data-verdant-api');
  });

  it('leaves pages without the tags unchanged', () => {
    const plain = '<!doctype html><title>x</title>';
    expect(
      injectPageConfig(plain, { apiUrl: 'http://a', anonKey: 'k' }, "default-src 'self'"),
    ).toBe(plain);
  });
});
