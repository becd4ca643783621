import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
