import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/** How long one on-demand render may take (Chromium start and print) on a busy machine. */
const RENDER_MS = 75_000;

/** Page sizes in PDF points. */
const SIZES = { a4: [595, 842], letter: [612, 792] } as const;

const PDFS = [
  {
    file: 'vendor-one-sheet.pdf',
    paper: 'a4',
    headline: 'Sell more sustainable products through creators who believe in them',
    signup: '/signup/vendor',
  },
  {
    file: 'vendor-one-sheet-letter.pdf',
    paper: 'letter',
    headline: 'Sell more sustainable products through creators who believe in them',
    signup: '/signup/vendor',
  },
  {
    file: 'affiliate-one-sheet.pdf',
    paper: 'a4',
    headline: 'Earn from the sustainable products you already recommend',
    signup: '/signup/affiliate',
  },
  {
    file: 'affiliate-one-sheet-letter.pdf',
    paper: 'letter',
    headline: 'Earn from the sustainable products you already recommend',
    signup: '/signup/affiliate',
  },
] as const;

async function inspect(data: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
    .join('')
    .replace(/\s+/g, ' ');
  const [, , width, height] = page.view;
  return { pages: doc.numPages, width: Math.round(width!), height: Math.round(height!), text };
}

test.describe('PDFs served at /one-sheet/pdf/{name}.pdf', () => {
  test.describe.configure({ mode: 'serial' });
  for (const pdf of PDFS) {
    test(`${pdf.file}: one ${pdf.paper} page with the headline and the sign-up URL`, async ({
      request,
      baseURL,
    }) => {
      // The first request starts Chromium and prints the page: allow for a loaded machine.
      const response = await request.get(`/one-sheet/pdf/${pdf.file}`, { timeout: RENDER_MS });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const info = await inspect(new Uint8Array(await response.body()));
      expect(info.pages).toBe(1);
      expect([info.width, info.height]).toEqual(SIZES[pdf.paper]);
      expect(info.text).toContain(pdf.headline);
      expect(info.text).toContain(`${baseURL}${pdf.signup}`);
      expect(info.text).toContain('Affiliate disclosure');
    });
  }

  test('a second request is served from the cache; unknown names are 404', async ({ request }) => {
    const again = await request.get('/one-sheet/pdf/vendor-one-sheet.pdf');
    expect(again.status()).toBe(200);
    expect(again.headers()['x-verdant-pdf-cache']).toBe('hit');
    expect((await request.get('/one-sheet/pdf/investors.pdf')).status()).toBe(404);
    expect((await request.get('/one-sheet/pdf/../package.json')).status()).toBe(404);
  });
});

test('npm run one-sheets:pdf writes every PDF into dist/pdf', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const appDir = fileURLToPath(new URL('..', import.meta.url));
  const out = await mkdtemp(path.join(tmpdir(), 'one-sheets-pdf-'));
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(appDir, 'scripts/pdf.ts'), '--url', baseURL!, '--out', out],
      { cwd: appDir, stdio: 'pipe' },
    );
    for (const pdf of PDFS) {
      const info = await inspect(new Uint8Array(await readFile(path.join(out, pdf.file))));
      expect(info.pages).toBe(1);
      expect([info.width, info.height]).toEqual(SIZES[pdf.paper]);
      expect(info.text).toContain(pdf.headline);
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
