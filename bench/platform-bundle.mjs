// What a visitor downloads before the first page of apps/platform renders: builds the app with
// Vite (production) into a temporary directory and reports, gzipped, the initial JavaScript (the
// entry plus its static imports) and CSS, then each route's own lazy chunk on top of it.
//   baseline  the same build's React + react-dom + react-router chunk share is not separable, so the
//             baseline is a minimal React + react-dom app built in the same run
// Targets (issue 11): initial JavaScript ≤ 130 KB gzipped and CSS ≤ 70 KB gzipped for every route.
// Run: node bench/platform-bundle.mjs
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildPlatform } from './platform-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;
const gz = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The first pages a visitor meets (issue 11) and the public content pages (issue 13). */
const ROUTES = [
  ['/', 'home'],
  ['/login', 'login'],
  ['/@{username}', 'link-page'],
  ['/s/{slug}', 'storefront'],
  ['/shop', 'shop'],
  ['/products/{slug}', 'product'],
  ['/dashboard', 'affiliate-dashboard'],
  ['/about', 'content/about'],
  ['/faq-crawlers', 'content/faq-crawlers'],
];

async function measurePlatform(outDir) {
  const result = await buildPlatform(outDir);
  const output = (Array.isArray(result) ? result[0] : result).output;
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  const sizes = new Map();
  const size = async (f) => {
    if (!sizes.has(f)) sizes.set(f, gz(await readFile(join(outDir, f), 'utf8')));
    return sizes.get(f);
  };
  /** A chunk with everything it imports statically: what must load before its code runs. */
  const closure = (fileName, seen = new Set()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const i of chunks.get(fileName)?.imports ?? []) closure(i, seen);
    return seen;
  };
  const initialFiles = new Set();
  for (const f of files) {
    if (f.endsWith('.js')) for (const c of closure(f)) initialFiles.add(c);
    else initialFiles.add(f);
  }
  const sum = async (set, ext) => {
    let total = 0;
    for (const f of set) if (f.endsWith(ext)) total += await size(f);
    return total;
  };
  const js = await sum(initialFiles, '.js');
  const css = await sum(initialFiles, '.css');
  // Per route: the initial files plus the route's lazy chunk and its static imports (the router
  // renders the page once that module has loaded), and any stylesheet those chunks import.
  const routes = [];
  for (const [path, module] of ROUTES) {
    const chunk = [...chunks.values()].find((c) =>
      c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/src/routes/${module}.tsx`),
    );
    if (!chunk) throw new Error(`no lazy chunk for ${path} (src/routes/${module}.tsx)`);
    const all = new Set(initialFiles);
    for (const c of closure(chunk.fileName)) {
      all.add(c);
      for (const cssFile of chunks.get(c)?.viteMetadata?.importedCss ?? []) all.add(cssFile);
    }
    routes.push({ path, js: await sum(all, '.js'), css: await sum(all, '.css') });
  }
  const lazy = [];
  for (const f of await readdir(join(outDir, 'assets'))) {
    if (!f.endsWith('.js') || initialFiles.has(`assets/${f}`)) continue;
    lazy.push({ chunk: f.replace(/-[\w-]{8}\.js$/, ''), js: await size(`assets/${f}`) });
  }
  return { js, css, routes, lazy: lazy.sort((a, b) => b.js - a.js) };
}

async function buildBaseline(dir) {
  await writeFile(
    join(dir, 'index.html'),
    '<div id="r"></div><script type="module" src="/main.jsx"></script>',
  );
  await writeFile(
    join(dir, 'main.jsx'),
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('r')).render(<p>Hello</p>);\n`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: {
      alias: {
        react: join(root, 'node_modules/react'),
        'react-dom': join(root, 'node_modules/react-dom'),
      },
    },
    build: { outDir: join(dir, 'dist') },
  });
  const assets = join(dir, 'dist', 'assets');
  let js = 0;
  for (const f of await readdir(assets))
    if (f.endsWith('.js')) js += gz(await readFile(join(assets, f), 'utf8'));
  return js;
}

const work = await mkdtemp(join(tmpdir(), 'verdant-platform-bundle-'));
try {
  const baseline = await buildBaseline(work);
  const platform = await measurePlatform(join(work, 'platform'));
  console.info(`baseline (React + react-dom only): JS ${kb(baseline)}`);
  console.info(
    `platform initial: JS ${kb(platform.js)} (target ≤ 130 KB, ${(platform.js / baseline).toFixed(2)}× baseline), CSS ${kb(platform.css)} (target ≤ 70 KB)`,
  );
  console.info('per route (initial files + the route module and its static imports):');
  for (const r of platform.routes) {
    const ok = r.js <= 130 * KB && r.css <= 70 * KB ? 'within' : 'OVER';
    console.info(
      `  ${r.path.padEnd(16)} JS ${kb(r.js).padStart(9)}  CSS ${kb(r.css).padStart(8)}  ${ok}`,
    );
  }
  console.info('largest lazy chunks (loaded on top of the initial JS when their route opens):');
  for (const r of platform.lazy.slice(0, 12)) console.info(`  ${r.chunk.padEnd(32)} ${kb(r.js)}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
