import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Routes, createRoutesFromElements } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  PAGE_SHELLS,
  PRERENDERED_PAGES,
  SHARE_IMAGE,
  SIGNED_IN_SHELLS,
  appRoutePatterns,
  formsWaitForTheApp,
  htmlText,
  pageFile,
  pageHead,
  pageShell,
  routePatterns,
  routesChildren,
  shellHead,
  withHead,
  type BuiltChunk,
} from '../../prerender.ts';
import { pageDocument } from '../lib/page-document.ts';
import { AppRoutes } from '../router.tsx';
import { roleHome } from './navigation.ts';

const shell = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');

describe('prerendered pages', () => {
  it('puts the rendered page into the root element, marked with its path', () => {
    const html = pageDocument(shell, '/about', '<main><h1>About</h1></main>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/about"><main><h1>About</h1></main></div>',
    );
    expect(html).not.toContain('<div id="root"></div>');
  });

  it("moves the page's leading title and description into the head, ahead of the defaults", () => {
    const html = pageDocument(
      shell,
      '/about',
      '<title>About — Verdant</title><meta name="description" content="Who we are"/><h1>About</h1>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title data-prerendered>About — Verdant</title>');
    expect(head).toContain('<meta data-prerendered name="description" content="Who we are"/>');
    // The page's own title is the document's (the first one); the default stays for later pages.
    expect(head.indexOf('About — Verdant')).toBeLessThan(head.indexOf('<title>Verdant ·'));
    expect(html).toContain('data-prerendered="/about"><h1>About</h1></div>');
  });

  it("moves the page's leading image preloads into the head too", () => {
    const html = pageDocument(
      shell,
      '/s/picks',
      '<link rel="preload" as="image" href="/images/a.svg" fetchPriority="high"/><title>Picks</title><h1>Picks</h1>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link data-prerendered rel="preload" as="image" href="/images/a.svg" fetchPriority="high"/>',
    );
    expect(head).toContain('<title data-prerendered>Picks</title>');
    expect(html).toContain('data-prerendered="/s/picks"><h1>Picks</h1></div>');
  });

  it('leaves a title inside the page where it is', () => {
    const html = pageDocument(shell, '/x', '<h1>X</h1><title>Not leading</title>');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('Not leading');
  });

  it("escapes the page's path in its mark (a served page's path comes from the request)", () => {
    const html = pageDocument(shell, `/@a"b'<c>&d`, '<h1>A</h1>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/@a&#34;b&#39;&#60;c&#62;&#38;d"><h1>A</h1></div>',
    );
  });

  it('refuses a shell without an empty root element', () => {
    expect(() => pageDocument(shell.replace('<div id="root"></div>', ''), '/', '<h1/>')).toThrow(
      /root/,
    );
  });

  it('writes / as index.html and other pages as their folder', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/faq-crawlers')).toBe(join('faq-crawlers', 'index.html'));
    expect(PRERENDERED_PAGES).toContain('/');
    expect(PRERENDERED_PAGES).toContain('/about');
    // The login form is prerendered disabled (formsWaitForTheApp); the build refuses a live one.
    expect(PRERENDERED_PAGES).toContain('/login');
  });

  it('accepts a page whose forms keep every control disabled until the app runs', () => {
    expect(formsWaitForTheApp('<main><h1>About</h1></main>')).toBe(true);
    expect(
      formsWaitForTheApp(
        '<form aria-busy="true"><fieldset class="f" disabled=""><input name="email"/><button>Log in</button></fieldset></form>',
      ),
    ).toBe(true);
  });

  it('refuses a form that could be submitted before the app runs', () => {
    expect(formsWaitForTheApp('<form><input name="password"/></form>')).toBe(false);
    expect(formsWaitForTheApp('<form><fieldset><input/></fieldset></form>')).toBe(false);
    // A control outside the disabled fieldset is live.
    expect(
      formsWaitForTheApp('<form><fieldset disabled=""><input/></fieldset><input/></form>'),
    ).toBe(false);
    expect(formsWaitForTheApp('<form><fieldset disabled=""><input/>')).toBe(false);
  });
});

/** The files a page shell preloads, in order. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('page shells', () => {
  const built = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;
  const chunks: BuiltChunk[] = [
    {
      fileName: 'assets/index-1.js',
      facadeModuleId: '/app/src/main.tsx',
      imports: ['assets/react-1.js'],
    },
    { fileName: 'assets/react-1.js', facadeModuleId: null, imports: [] },
    {
      fileName: 'assets/link-page-1.js',
      facadeModuleId: '/app/src/routes/link-page.tsx',
      imports: ['assets/blocks-1.js', 'assets/react-1.js'],
    },
    {
      fileName: 'assets/blocks-1.js',
      facadeModuleId: null,
      imports: ['assets/query-1.js', 'assets/index-1.js'],
      viteMetadata: { importedCss: new Set(['assets/blocks-1.css', 'assets/index-1.css']) },
    },
    { fileName: 'assets/query-1.js', facadeModuleId: null, imports: [] },
    { fileName: 'assets/shop-1.js', facadeModuleId: '/app/src/routes/shop.tsx', imports: [] },
  ];

  it("preloads the page's chunk and its static imports that the shell does not load yet", () => {
    const html = pageShell(built, chunks, '/app/src/routes/link-page.tsx');
    expect(preloads(html)).toEqual([
      '/assets/react-1.js',
      '/assets/link-page-1.js',
      '/assets/blocks-1.js',
      '/assets/query-1.js',
    ]);
    expect(html).not.toContain('shop-1.js');
    // The CSS those chunks import comes as a stylesheet, unless the shell has it already.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/blocks-1.css">');
    expect(html.match(/index-1\.css/g)).toHaveLength(1);
    // Everything else is the shell as built, the preloads inside its head.
    expect(html.indexOf('/assets/query-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(
      html.replace(
        /\s*<link rel="(?:modulepreload|stylesheet)" crossorigin href="\/assets\/(link-page|blocks|query)-1\.(?:js|css)">/g,
        '',
      ),
    ).toBe(built);
  });

  it('uses the build base and refuses a module the build does not have', () => {
    expect(pageShell(built, chunks, '/app/src/routes/shop.tsx', '/app/')).toContain(
      '<link rel="modulepreload" crossorigin href="/app/assets/shop-1.js">',
    );
    expect(() => pageShell(built, chunks, '/app/src/routes/nope.tsx')).toThrow(/nope\.tsx/);
  });

  it('names a route module that exists for every shell', () => {
    for (const moduleId of Object.values(PAGE_SHELLS))
      expect(readFileSync(join(__dirname, '..', '..', moduleId), 'utf8')).toContain(
        'export function Component',
      );
  });

  it('preloads several modules at once, finding one inside a shared chunk, each chunk once', () => {
    const shared: BuiltChunk[] = [
      ...chunks,
      {
        fileName: 'assets/api-1.js',
        facadeModuleId: null,
        moduleIds: ['/app/src/lib/api.ts', '/app/node_modules/supabase.js'],
        imports: ['assets/query-1.js'],
      },
    ];
    const html = pageShell(built, shared, ['/app/src/routes/link-page.tsx', '/app/src/lib/api.ts']);
    expect(preloads(html)).toEqual([
      '/assets/react-1.js',
      '/assets/link-page-1.js',
      '/assets/blocks-1.js',
      '/assets/query-1.js',
      '/assets/api-1.js',
    ]);
    expect(() => pageShell(built, shared, ['/app/src/lib/api.ts', '/app/src/lib/nope.ts'])).toThrow(
      /nope\.ts/,
    );
  });
});

describe('signed-in home shells', () => {
  it('cover where each signed-in role lands after logging in, as pages of their own', () => {
    for (const role of ['affiliate', 'merchant', 'admin'] as const)
      expect(Object.keys(SIGNED_IN_SHELLS)).toContain(roleHome(role));
    expect(Object.keys(SIGNED_IN_SHELLS).sort()).toEqual([
      '/admin',
      '/dashboard',
      '/dashboard-affiliate',
      '/dashboard-vendor',
    ]);
    for (const page of Object.keys(SIGNED_IN_SHELLS)) {
      expect(PRERENDERED_PAGES as readonly string[]).not.toContain(page);
      expect(pageFile(page)).toBe(join(page.slice(1), 'index.html'));
    }
  });

  it('name modules that exist: the page and the session engine', () => {
    for (const modules of Object.values(SIGNED_IN_SHELLS)) {
      expect(modules).toContain('src/lib/api.ts');
      for (const moduleId of modules)
        expect(readFileSync(join(__dirname, '..', '..', moduleId), 'utf8')).toMatch(
          /export (function Component|const api)/,
        );
    }
  });
});

describe("a prerendered page's head", () => {
  it('has one title and one description: the page’s own', () => {
    const rendered =
      '<title>Pricing — Verdant</title><link rel="preload" as="image" href="/a.png"/><main><header data-slot="page-header"><h1>Pricing</h1><p class="rt-Text" data-slot="page-header-description">Monthly plans, <b>billed</b> by card &amp; cancel at any time.</p></header></main>';
    const head = pageHead(rendered);
    expect(head.title).toBe('Pricing — Verdant');
    expect(head.description).toBe('Monthly plans, billed by card & cancel at any time.');
    // The preload stays with the page (pageDocument moves it into the head); the title does not.
    expect(head.rendered.startsWith('<link rel="preload"')).toBe(true);
    expect(head.rendered).not.toContain('<title>');
    const html = pageDocument(
      withHead(shell, { title: head.title!, description: head.description! }),
      '/pricing',
      head.rendered,
    );
    const top = html.slice(0, html.indexOf('</head>'));
    expect(top.match(/<title\b/g)).toHaveLength(1);
    expect(top).toContain('<title>Pricing — Verdant</title>');
    expect(top.match(/<meta\s+name="description"/g)).toHaveLength(1);
    expect(top).toContain(
      '<meta name="description" content="Monthly plans, billed by card &#38; cancel at any time." />',
    );
    expect(top).not.toContain(shellHead(shell).description);
  });

  it("prefers the description the page renders, and keeps the shell's where it states none", () => {
    expect(
      pageHead(
        '<title>FAQ</title><meta name="description" content="Answers &amp; more"/><p data-slot="page-header-description">Other</p>',
      ),
    ).toMatchObject({
      title: 'FAQ',
      description: 'Answers & more',
      rendered: '<p data-slot="page-header-description">Other</p>',
    });
    expect(pageHead('<main><h1>Home</h1></main>')).toEqual({
      rendered: '<main><h1>Home</h1></main>',
      title: undefined,
      description: undefined,
    });
    expect(shellHead(shell)).toEqual({
      title: 'Verdant · Sustainable Affiliate Marketing',
      description: expect.stringContaining('Verdant: affiliates promote'),
    });
    expect(htmlText('Jordan&#x27;s &quot;picks&quot; &lt;3')).toBe('Jordan\'s "picks" <3');
  });

  it('ships a 1200×630 PNG as the share image', () => {
    const file = join(__dirname, '..', '..', 'public', SHARE_IMAGE);
    expect(existsSync(file)).toBe(true);
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe('route patterns', () => {
  it("are the router's, flattened through layouts and guards", () => {
    const children = routesChildren(AppRoutes(), Routes);
    expect(children).toBeDefined();
    const patterns = appRoutePatterns(routePatterns(createRoutesFromElements(children)));
    for (const route of [
      '/',
      '/pricing',
      '/about',
      '/dashboard',
      '/education/courses/:courseId',
      '/education/courses/:courseId/modules/:moduleId',
      '/vendor/*',
      '/admin/*',
      '/s/:slug',
      '/go/:code',
      '/education/certificates/:code',
    ])
      expect(patterns).toContain(route);
    // The link page is the "@" paths only, and the not-found page is no route.
    expect(patterns).toContain('/@:handle');
    expect(patterns).not.toContain('/:handle');
    expect(patterns).not.toContain('/*');
    for (const page of PRERENDERED_PAGES) expect(patterns).toContain(page);
  });

  it('join nested paths, and refuse a route that would match every one-segment path', () => {
    expect(
      routePatterns([
        {
          children: [
            { index: true },
            { path: 'a', children: [{ path: 'b/:id' }, { index: true }] },
          ],
        },
        { path: '/x/*' },
      ]),
    ).toEqual(['/', '/a', '/a/b/:id', '/x/*']);
    expect(() => appRoutePatterns(['/:anything'])).toThrow(/every one-segment path/);
    expect(appRoutePatterns(['/*', '/:handle', '/a'])).toEqual(['/@:handle', '/a']);
  });
});
