import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const appRoot = join(__dirname, '..');
const publicDir = join(appRoot, 'public');
const seed = readFileSync(join(appRoot, '..', '..', 'supabase', 'seed.sql'), 'utf8');

/** Every image path the seed stores: literal paths plus the per-product template over its slugs. */
function seededImagePaths(): string[] {
  const literal = [...seed.matchAll(/'(\/images\/[a-z0-9/-]+\.svg)'/g)].map((m) => m[1]!);
  const template = /array\['\/images\/products\/' \|\| p\.slug \|\| '\.svg'\]/;
  expect(seed, 'seed builds product images from their slugs').toMatch(template);
  const block = seed.split('insert into seed_products values')[1]?.split(';')[0] ?? '';
  const slugs = [...block.matchAll(/\(\d+, 'm\d', '([a-z0-9-]+)'/g)].map((m) => m[1]!);
  expect(slugs).toHaveLength(30);
  return [...new Set([...literal, ...slugs.map((slug) => `/images/products/${slug}.svg`)])];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('seed artwork', () => {
  const paths = seededImagePaths();

  it('covers 30 products, 3 merchant logos and 3 course covers', () => {
    expect(paths.filter((p) => p.startsWith('/images/products/'))).toHaveLength(30);
    expect(paths.filter((p) => p.startsWith('/images/merchants/'))).toHaveLength(3);
    expect(paths.filter((p) => p.startsWith('/images/courses/'))).toHaveLength(3);
  });

  it.each(paths)('%s exists in public/, is well-formed, titled and under 4 KB', (path) => {
    const file = join(publicDir, path);
    expect(existsSync(file), `${path} is missing from apps/platform/public`).toBe(true);
    expect(statSync(file).size).toBeLessThan(4096);
    const doc = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.tagName).toBe('svg');
    expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(doc.querySelector('svg > title')?.textContent?.trim()).toBeTruthy();
  });

  it('ships no image the seed does not use', () => {
    const shipped = filesUnder(join(publicDir, 'images')).map(
      (file) => '/' + file.slice(publicDir.length + 1).replaceAll('\\', '/'),
    );
    expect(shipped.sort()).toEqual([...paths].sort());
  });
});
