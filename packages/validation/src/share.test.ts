import { describe, expect, it } from 'vitest';
import { shareMetaTags } from './share.ts';

const page = {
  canonical: 'https://verdant.example/pricing',
  title: 'Pricing — Verdant',
  description: 'Monthly plans.',
};
const content = (tags: ReturnType<typeof shareMetaTags>, key: string) =>
  tags.filter((tag) => tag.key === key).map((tag) => tag.content);

describe('shareMetaTags', () => {
  it('describes the page for search results, Open Graph and Twitter', () => {
    const tags = shareMetaTags(page);
    expect(content(tags, 'description')).toEqual(['Monthly plans.']);
    expect(content(tags, 'og:type')).toEqual(['website']);
    expect(content(tags, 'og:title')).toEqual(['Pricing — Verdant']);
    expect(content(tags, 'og:url')).toEqual(['https://verdant.example/pricing']);
    expect(content(tags, 'twitter:card')).toEqual(['summary']);
    expect(content(tags, 'og:image')).toEqual([]);
  });

  it('makes a large card with an image, and takes the page type', () => {
    const tags = shareMetaTags({
      ...page,
      type: 'profile',
      image: 'https://verdant.example/a.png',
    });
    expect(content(tags, 'og:type')).toEqual(['profile']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'og:image')).toEqual(['https://verdant.example/a.png']);
    expect(content(tags, 'twitter:image')).toEqual(['https://verdant.example/a.png']);
    expect(tags.find((tag) => tag.key === 'og:image')?.attribute).toBe('property');
    expect(tags.find((tag) => tag.key === 'twitter:image')?.attribute).toBe('name');
  });
});
