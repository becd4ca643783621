import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_CATEGORIES } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORY_LABELS, productCategoryLabel } from './product-categories.ts';

const images = join(import.meta.dirname, '../../public/images/products');

describe('product category labels', () => {
  it('names every category of the vocabulary once', () => {
    // In the vocabulary's order: the shop's category filter lists them from here.
    expect(Object.keys(PRODUCT_CATEGORY_LABELS)).toEqual([...PRODUCT_CATEGORIES]);
    const labels = Object.values(PRODUCT_CATEGORY_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(productCategoryLabel('food')).toBe('Food & drink');
    expect(productCategoryLabel('personal-care')).toBe('Personal care');
    expect(productCategoryLabel('toString')).toBe('toString');
  });

  it('is the label the product images carry', () => {
    const files = readdirSync(images).filter((name) => name.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    const known = new Set<string>(Object.values(PRODUCT_CATEGORY_LABELS));
    for (const file of files) {
      const svg = readFileSync(join(images, file), 'utf8');
      // The category is the image's last text, under the illustration.
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
        (m[1] ?? '').replaceAll('&amp;', '&'),
      );
      expect(known, `${file}: ${texts.at(-1)}`).toContain(texts.at(-1));
    }
  });
});
