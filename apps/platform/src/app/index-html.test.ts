import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdantMeta } from '../../vite.config.ts';

const appRoot = join(__dirname, '..', '..');
const html = readFileSync(join(appRoot, 'index.html'), 'utf8');

describe('index.html', () => {
  // A missing file is a 404 logged in the console on every first visit (Lighthouse best practices).
  it('links only files that public/ ships (besides the entry script)', () => {
    const links = [...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)]
      .map((m) => m[1]!)
      .filter((path) => path !== '/src/main.tsx');
    expect(links).toContain('/favicon.svg');
    for (const path of links) {
      expect(existsSync(join(appRoot, 'public', path)), `${path} is not in public/`).toBe(true);
    }
  });

  it('carries the description, the language and the viewport that SEO audits read', () => {
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{50,160}"/);
    expect(html).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    );
  });
});

describe('the build-time page configuration (static hosting)', () => {
  const fill = (env: Record<string, string>) =>
    (verdantMeta(env).transformIndexHtml as (html: string) => string)(html);

  it('fills the API meta tags and hints a connection to the API origin', () => {
    const out = fill({
      VITE_SUPABASE_URL: 'https://abc.supabase.co/',
      VITE_SUPABASE_ANON_KEY: 'anon-key',
    });
    expect(out).toContain(
      '<meta name="verdant-supabase-url" content="https://abc.supabase.co/" />',
    );
    expect(out).toContain('<meta name="verdant-supabase-anon-key" content="anon-key" />');
    // CORS requests use the anonymous connection pool: the hint must say crossorigin.
    expect(out).toContain(
      '<link rel="preconnect" href="https://abc.supabase.co" crossorigin data-verdant-api />',
    );
    expect(out).not.toContain('__VERDANT_');
  });

  it('leaves the hint out when the build does not know the API (the local server adds it)', () => {
    const out = fill({});
    expect(out).toContain('<meta name="verdant-supabase-url" content="" />');
    expect(out).not.toContain('rel="preconnect"');
  });
});
