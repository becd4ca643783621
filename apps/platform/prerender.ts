import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FAQ, FAQ_PAGE, faqStructuredData } from './src/routes/content/faq.ts';

/** Text safe in HTML text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The served HTML of /faq-crawlers from the built index.html: its title and description, the
 * FAQPage structured data in the head (JSON-LD is data, not script, so the CSP allows it), and the
 * whole FAQ as HTML in the root element, which the app replaces with the same content once it runs.
 */
export function faqDocument(indexHtml: string): string {
  const body = [
    '<main id="main">',
    `<h1>${escapeHtml(FAQ_PAGE.heading)}</h1>`,
    `<p>${escapeHtml(FAQ_PAGE.intro)}</p>`,
    '<dl>',
    ...FAQ.map(
      (item) =>
        `<div><dt><strong>${escapeHtml(item.question)}</strong></dt><dd>${escapeHtml(item.answer)}</dd></div>`,
    ),
    '</dl>',
    '</main>',
  ].join('\n');
  const head = [
    `<title>${escapeHtml(FAQ_PAGE.title)}</title>`,
    `<meta name="description" content="${escapeHtml(FAQ_PAGE.description)}" />`,
    `<script type="application/ld+json" data-prerendered="faq">${faqStructuredData()}</script>`,
  ].join('\n    ');
  const replaced = indexHtml
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, () => `    ${head}\n  </head>`)
    .replace(/<div id="root"><\/div>/i, () => `<div id="root">${body}</div>`);
  if (!replaced.includes(body) || !replaced.includes('application/ld+json'))
    throw new Error('index.html has no </head> or empty <div id="root"></div> for the FAQ');
  return replaced;
}

/**
 * Writes dist/faq-crawlers/index.html after the build, so static hosts and the local web server
 * send /faq-crawlers complete, for crawlers and without JavaScript.
 */
export function prerenderFaq(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'verdant-prerender-faq',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const dir = path.resolve(root, outDir);
      const index = await readFile(path.join(dir, 'index.html'), 'utf8');
      await mkdir(path.join(dir, 'faq-crawlers'), { recursive: true });
      await writeFile(path.join(dir, 'faq-crawlers', 'index.html'), faqDocument(index));
    },
  };
}
