import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
 * After the build: keeps the empty shell as `app.html` (the fallback for every path that is not a
 * file or a prerendered page), writes the `PAGE_SHELLS` and `SIGNED_IN_SHELLS`, and writes each of
 * `PRERENDERED_PAGES`
 * with its HTML, rendered by `src/entry-server.tsx` through Vite's SSR loader from the same sources
 * as the bundle.
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
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/entry-server.tsx')) as {
          renderPage: (url: string) => Promise<string>;
        };
        for (const page of PRERENDERED_PAGES) {
          const file = path.join(dir, pageFile(page));
          await mkdir(path.dirname(file), { recursive: true });
          const rendered = await renderPage(page);
          if (!formsWaitForTheApp(rendered))
            throw new Error(
              `${page} has a form whose controls are not disabled until the app runs (see PRERENDERED_PAGES)`,
            );
          await writeFile(file, pageDocument(shell, page, rendered));
        }
      } finally {
        await server.close();
      }
    },
  };
}
