import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReactNode } from 'react';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { pageDocument } from './src/lib/page-document.ts';

/**
 * Public first pages written as HTML at build time: what a signed-out visitor first sees on them
 * needs no data from the backend (figures and plans fill in once the app runs). Pages whose first
 * render depends on the backend, the session or the query string stay client-rendered. A page
 * with a form is prerendered only when its form keeps its controls disabled until the app has
 * taken over (`useHydrated`): submitted before that, it would go to the server as a GET with its
 * fields (a password, say) in the URL.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/login',
  '/pricing',
  '/about',
  '/careers',
  '/technical-wiki',
  '/faq-crawlers',
  '/privacy',
  '/terms',
  '/cookies',
  '/vendor-recruitment',
] as const;

/**
 * Whether every form in a rendered page keeps its controls disabled (inside a disabled fieldset)
 * until the app has taken the page over, so none can be submitted as a plain GET before that.
 */
export function formsWaitForTheApp(html: string): boolean {
  const forms = html.match(/<form[\s>][\s\S]*?<\/form>/gi) ?? [];
  if (forms.length !== (html.match(/<form[\s>]/gi) ?? []).length) return false;
  return forms.every((form) => {
    const opening = /^<form[^>]*>\s*<fieldset\b([^>]*)>/i.exec(form);
    return (
      !!opening &&
      /\sdisabled(?:=""|\s|$)/.test(opening[1]!) &&
      /<\/fieldset>\s*<\/form>$/i.test(form)
    );
  });
}

/** Where a page's HTML goes in the build: `/` is index.html, `/about` is about/index.html. */
export function pageFile(page: string): string {
  return page === '/' ? 'index.html' : path.join(page.slice(1), 'index.html');
}

/**
 * Public first pages whose paths the web server (and the production rewrite) recognise:
 * `/@{username}` and `/s/{slug}`, sent with their data (see `lib/page-view.ts`) and, when the
 * server has the build's page renderer, drawn with it (`renderPublicPage` in entry-server.tsx). Each
 * gets a copy of the shell that also preloads its page's code, so the browser fetches the page
 * module beside the entry instead of after the entry has run. File → route module.
 */
export const PAGE_SHELLS = {
  'link-page.html': 'src/routes/link-page.tsx',
  'storefront.html': 'src/routes/storefront.tsx',
} as const;

/** The API client and the session engine (`src/lib/api.ts`), which every signed-in page waits for. */
const SESSION_MODULE = 'src/lib/api.ts';

/**
 * Where each role lands after logging in, written as `{path}/index.html` like the prerendered
 * pages: the empty app shell that also preloads the page's code and the API client with the
 * session engine. These pages render only once the session is back, so a returning user's browser
 * fetches all of it beside the entry instead of after the entry has run. Any static host serves
 * them as it serves the prerendered pages. Path → modules.
 */
export const SIGNED_IN_SHELLS = {
  '/dashboard': ['src/routes/affiliate-dashboard.tsx', SESSION_MODULE],
  '/dashboard-affiliate': ['src/routes/affiliate-dashboard.tsx', SESSION_MODULE],
  '/dashboard-vendor': ['src/routes/vendor-dashboard.tsx', SESSION_MODULE],
  '/admin': ['src/routes/admin/index.tsx', SESSION_MODULE],
} as const;

/** What `pageShell` reads of the build's output: its JavaScript chunks and the CSS they import. */
export type BuiltChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'facadeModuleId' | 'imports'> & {
  /** The modules in the chunk: how a module that is no chunk's entry (a shared one) is found. */
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
};

/**
 * The shell with `<link rel="modulepreload">` for the chunk of each of `moduleIds` (absolute paths)
 * and every chunk they import statically, and `<link rel="stylesheet">` for the CSS those chunks
 * import, leaving out what the shell already loads.
 */
export function pageShell(
  shell: string,
  chunks: readonly BuiltChunk[],
  moduleIds: string | readonly string[],
  base = '/',
): string {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (files.includes(fileName) || shell.includes(`"${base}${fileName}"`)) return;
    files.push(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const moduleId of typeof moduleIds === 'string' ? [moduleIds] : moduleIds) {
    const chunk =
      chunks.find((candidate) => candidate.facadeModuleId === moduleId) ??
      chunks.find((candidate) => candidate.moduleIds?.includes(moduleId));
    if (!chunk) throw new Error(`no chunk of ${moduleId} in the build`);
    visit(chunk.fileName);
  }
  const styles = [
    ...new Set(
      files.flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]),
    ),
  ].filter((fileName) => !shell.includes(`"${base}${fileName}"`));
  const links = [
    ...styles.map((fileName) => `<link rel="stylesheet" crossorigin href="${base}${fileName}">`),
    ...files.map((fileName) => `<link rel="modulepreload" crossorigin href="${base}${fileName}">`),
  ].join('\n    ');
  if (!/<\/head>/i.test(shell)) throw new Error('index.html needs a </head>');
  return shell.replace(
    /(\s*)<\/head>/i,
    (_match, space: string) => `\n    ${links}${space}</head>`,
  );
}

/**
 * The site-wide share image the app ships (`public/share.png`, 1200×630 PNG): the Open Graph /
 * Twitter image of the prerendered pages, and of `/@{username}` and `/s/{slug}` when they have no
 * image of their own (the page-meta function names the same path).
 */
export const SHARE_IMAGE = '/share.png';

/** Where the build writes its `SiteManifest`, in the build's root. */
export const SITE_MANIFEST = 'routes.json';

/**
 * What the build tells the web server (and the production host) about its pages, written as
 * `routes.json` beside `index.html`.
 */
export interface SiteManifest {
  /**
   * Every path the app's router answers with a page, as patterns derived from its route table
   * (`src/router.tsx`): a literal segment matches itself (case-insensitively), `:name` any one
   * segment, `@:name` one segment starting with "@", and a last `*` whatever follows (also
   * nothing). Any other path is the app's not-found page, to be served with status 404.
   */
  routes: string[];
  /**
   * Each prerendered page's own title and description (text, not HTML), for its canonical link and
   * Open Graph / Twitter tags, which need the site's origin and so are added when it is served.
   */
  pages: Record<string, { title: string; description: string }>;
  /** The site-wide share image (`SHARE_IMAGE`). */
  image: string;
}

/** A route as react-router's `createRoutesFromElements` answers it (the parts read here). */
export interface RouteLike {
  path?: string;
  index?: boolean;
  children?: readonly RouteLike[];
}

/**
 * The full path pattern of every page in a react-router route table: a pathless (layout) route
 * passes its parent's path on to its children, an index route is its parent's path.
 */
export function routePatterns(routes: readonly RouteLike[], parent = '/'): string[] {
  const patterns = new Set<string>();
  for (const route of routes) {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/+$/, '')}/${route.path}`;
    if (route.index || route.path !== undefined) patterns.add(own);
    for (const pattern of routePatterns(route.children ?? [], own)) patterns.add(pattern);
  }
  return [...patterns];
}

/**
 * The link page's route. The router cannot match "@" at the start of a segment, so `/:handle` takes
 * every one-segment path, and the page shows the not-found page unless the segment is "@" and a
 * username (`routes/link-page.tsx`).
 */
const LINK_PAGE_ROUTE = '/:handle';

/**
 * The app's routes as `SiteManifest.routes`: the catch-all not-found page (`/*`) is left out, and
 * the link page's `/:handle` is written `/@:handle`, the paths it shows a page for. Any other route
 * that is one bare parameter would make every one-segment path a page: refused.
 */
export function appRoutePatterns(patterns: readonly string[]): string[] {
  return patterns.flatMap((pattern) => {
    if (pattern === '/*') return [];
    if (/^\/:[^/]+$/.test(pattern)) {
      if (pattern !== LINK_PAGE_ROUTE)
        throw new Error(
          `the route ${pattern} matches every one-segment path: say in prerender.ts which it shows a page for`,
        );
      return [`/@${pattern.slice(1)}`];
    }
    return [pattern];
  });
}

/** The children of the first element of type `Routes` in a React element tree. */
export function routesChildren(node: ReactNode, Routes: unknown): ReactNode | undefined {
  if (Array.isArray(node)) {
    for (const child of node as ReactNode[]) {
      const found = routesChildren(child, Routes);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null || !('props' in node)) return undefined;
  const { type, props } = node as { type: unknown; props: { children?: ReactNode } };
  if (type === Routes) return props.children ?? [];
  return routesChildren(props.children, Routes);
}

/** A module of the prerendering server: the app's routes with react-router's own reader. */
const ROUTER_MODULE = 'virtual:verdant-router';

/**
 * Serves `ROUTER_MODULE`. Its imports resolve as the app's do, so its `Routes` is the component
 * `AppRoutes` renders (a `react-router` loaded on its own can be another copy of the module).
 */
function routerModule(): Plugin {
  const id = `\0${ROUTER_MODULE}`;
  return {
    name: 'verdant-router-module',
    resolveId: (source) => (source === ROUTER_MODULE ? id : undefined),
    load: (source) =>
      source === id
        ? `export { AppRoutes } from '/src/router.tsx';\nexport { Routes, createRoutesFromElements } from 'react-router';\n`
        : undefined,
  };
}

/** HTML text (as React writes it) as plain text. */
export function htmlText(html: string): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
  };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi,
      (entity, dec?: string, hex?: string, name?: string) =>
        dec
          ? String.fromCodePoint(Number(dec))
          : hex
            ? String.fromCodePoint(parseInt(hex, 16))
            : (named[name!.toLowerCase()] ?? entity),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text safe inside a double-quoted attribute or an element's text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A rendered page's own title and description, and the page without them. React writes the
 * `<title>` and `<meta name="description">` a page renders first (with its image preloads, which
 * stay); a page that renders no description but states one under its heading (`PageHeader`'s
 * description) has that one.
 */
export function pageHead(rendered: string): {
  rendered: string;
  title?: string;
  description?: string;
} {
  let rest = rendered;
  let kept = '';
  let title: string | undefined;
  let description: string | undefined;
  for (;;) {
    const tag =
      /^(?:<title>([^<]*)<\/title>|<meta name="description" content="([^"]*)"\/>|<link rel="preload" [^<>]*\/>)/.exec(
        rest,
      );
    if (!tag) break;
    if (tag[1] !== undefined) title ??= htmlText(tag[1]);
    else if (tag[2] !== undefined) description ??= htmlText(tag[2]);
    else kept += tag[0];
    rest = rest.slice(tag[0].length);
  }
  const stated = /<p\b[^>]*\bdata-slot="page-header-description"[^>]*>([\s\S]*?)<\/p>/.exec(rest);
  description ??= stated ? htmlText(stated[1]!) || undefined : undefined;
  return { rendered: kept + rest, title: title || undefined, description };
}

/** The shell's `<title>` and `<meta name="description">` text. */
export function shellHead(shell: string): { title: string; description: string } {
  const title = /<title>([^<]*)<\/title>/i.exec(shell);
  const description = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i.exec(shell);
  if (!title || !description)
    throw new Error('index.html needs a <title> and a <meta name="description">');
  return { title: htmlText(title[1]!), description: htmlText(description[1]!) };
}

/** The shell with `head`'s title and description in place of its own (one of each). */
export function withHead(shell: string, head: { title: string; description: string }): string {
  return shell
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/i,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
}

/**
 * After the build: keeps the empty shell as `app.html` (the fallback for every path that is not a
 * file or a prerendered page), writes the `PAGE_SHELLS` and `SIGNED_IN_SHELLS`, writes each of
 * `PRERENDERED_PAGES` with its HTML (its own title and description in the head), rendered by
 * `src/entry-server.tsx` through Vite's SSR loader from the same sources as the bundle, and writes
 * the `SiteManifest` (`routes.json`): the router's route patterns and the prerendered pages' titles
 * and descriptions.
 */
export function prerenderPages(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let configFile: string | undefined;
  let base = '/';
  return {
    name: 'verdant-prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = config.build.outDir;
      configFile = config.configFile;
    },
    async writeBundle(_options, bundle) {
      const dir = path.resolve(root, outDir);
      const shell = await readFile(path.join(dir, 'index.html'), 'utf8');
      await writeFile(path.join(dir, 'app.html'), shell);
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      for (const [file, moduleId] of Object.entries(PAGE_SHELLS))
        await writeFile(
          path.join(dir, file),
          pageShell(shell, chunks, path.resolve(root, moduleId), base),
        );
      for (const [page, moduleIds] of Object.entries(SIGNED_IN_SHELLS)) {
        const file = path.join(dir, pageFile(page));
        await mkdir(path.dirname(file), { recursive: true });
        const modules = moduleIds.map((moduleId) => path.resolve(root, moduleId));
        await writeFile(file, pageShell(shell, chunks, modules, base));
      }
      const server = await createServer({
        root,
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        plugins: [routerModule()],
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/entry-server.tsx')) as {
          renderPage: (url: string) => Promise<string>;
        };
        const defaults = shellHead(shell);
        const pages: SiteManifest['pages'] = {};
        for (const page of PRERENDERED_PAGES) {
          const file = path.join(dir, pageFile(page));
          await mkdir(path.dirname(file), { recursive: true });
          const rendered = await renderPage(page);
          if (!formsWaitForTheApp(rendered))
            throw new Error(
              `${page} has a form whose controls are not disabled until the app runs (see PRERENDERED_PAGES)`,
            );
          // One title and one description, the page's own where it has them.
          const head = pageHead(rendered);
          pages[page] = {
            title: head.title ?? defaults.title,
            description: head.description ?? defaults.description,
          };
          await writeFile(file, pageDocument(withHead(shell, pages[page]), page, head.rendered));
        }
        // The route table as react-router reads it, through the same module instances as the app.
        const router = (await server.ssrLoadModule(ROUTER_MODULE)) as {
          AppRoutes: () => ReactNode;
          Routes: unknown;
          createRoutesFromElements: (children: ReactNode) => RouteLike[];
        };
        const children = routesChildren(router.AppRoutes(), router.Routes);
        if (children === undefined) throw new Error('AppRoutes (src/router.tsx) has no <Routes>');
        const routes = appRoutePatterns(routePatterns(router.createRoutesFromElements(children)));
        const image = await stat(path.join(dir, SHARE_IMAGE)).catch(() => undefined);
        if (!image?.isFile())
          throw new Error(`the build has no share image (public${SHARE_IMAGE})`);
        const manifest: SiteManifest = { routes, pages, image: SHARE_IMAGE };
        await writeFile(path.join(dir, SITE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
