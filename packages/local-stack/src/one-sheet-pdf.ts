import type * as Playwright from 'playwright';

/** The one-sheets the web server renders to PDF: `/one-sheet/pdf/{sheet}[-letter].pdf`. */
export const PDF_SHEETS = ['vendor-one-sheet', 'affiliate-one-sheet'] as const;

const PDF_NAME = /^\/one-sheet\/pdf\/([a-z-]+?)(-letter)?\.pdf$/;

/** The print page behind a PDF path, or undefined when the path names no PDF. */
export function pdfSource(pathname: string): { name: string; page: string } | undefined {
  const match = PDF_NAME.exec(pathname);
  const sheet = match?.[1];
  if (!match || !sheet || !(PDF_SHEETS as readonly string[]).includes(sheet)) return undefined;
  const letter = Boolean(match[2]);
  return {
    name: `${sheet}${letter ? '-letter' : ''}`,
    page: `/${sheet}/print${letter ? '?paper=letter' : ''}`,
  };
}

export interface PdfRendererOptions {
  /** How long a rendered PDF is served from memory (default 10 minutes: the figures are live). */
  ttlMs?: number;
  /** Chromium to drive; default `CHROMIUM_PATH` or `/usr/bin/chromium`. Never downloaded. */
  executablePath?: string;
  /** Longest wait for a page to be ready (default 30 s). */
  timeoutMs?: number;
}

export interface PdfRenderer {
  /** The PDF of `page` (a path on `origin`), rendered on first use and cached for the TTL. */
  render(origin: string, name: string, page: string): Promise<{ body: Buffer; cached: boolean }>;
  close(): Promise<void>;
}

const PLAYWRIGHT = 'playwright';

/** The same switches as the repository's config/chromium.mjs: a headless, quiet Chromium. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Renders the one-sheets' print pages to PDF with Playwright and Chromium, honouring the page's
 * own `@page` size (A4 or US Letter), and keeps each result in memory for `ttlMs`. Concurrent
 * requests for one PDF share one rendering.
 */
export function createPdfRenderer(opts: PdfRendererOptions = {}): PdfRenderer {
  const ttlMs = opts.ttlMs ?? 10 * 60_000;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const cache = new Map<string, { at: number; pdf: Promise<Buffer> }>();
  let browser: Promise<Playwright.Browser> | undefined;

  const launch = () => {
    // Loaded only when a PDF is asked for, and kept out of the package bundle: Playwright is a
    // development tool of the repository, not a dependency of the stack.
    browser ??= (import(PLAYWRIGHT) as Promise<typeof Playwright>).then(({ chromium }) =>
      chromium.launch({
        executablePath: opts.executablePath ?? (process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
        args: CHROMIUM_ARGS,
      }),
    );
    browser.catch(() => {
      browser = undefined;
    });
    return browser;
  };

  const renderNow = async (url: string): Promise<Buffer> => {
    const context = await (await launch()).newContext();
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
      await page.waitForSelector('html[data-page-ready]', { timeout: timeoutMs });
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } finally {
      await context.close();
    }
  };

  return {
    render(origin, name, page) {
      const key = `${origin} ${name}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttlMs)
        return hit.pdf.then((body) => ({ body, cached: true }));
      const pdf = renderNow(new URL(page, origin).href);
      cache.set(key, { at: Date.now(), pdf });
      pdf.catch(() => cache.delete(key));
      return pdf.then((body) => ({ body, cached: false }));
    },
    async close() {
      const open = browser;
      browser = undefined;
      cache.clear();
      if (open) await (await open.catch(() => undefined))?.close();
    },
  };
}
