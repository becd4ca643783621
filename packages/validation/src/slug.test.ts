import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './identifiers.ts';
import { slugFrom } from './slug.ts';

describe('slugFrom', () => {
  it.each([
    ['Crème brûlée Café Picks', 'creme-brulee-cafe-picks'],
    ['Ñandú & Søren’s Zero-Waste Kit!', 'nandu-sorens-zero-waste-kit'],
    ['Straße Œuvre Łódź', 'strasse-oeuvre-lodz'],
    ['  --Spring   Picks--  ', 'spring-picks'],
    ['Ｆｕｌｌ ｗｉｄｔｈ', 'full-width'],
  ])('%j → %j', (title, slug) => {
    expect(slugFrom(title)).toBe(slug);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });

  it('cuts at the limit without leaving a hyphen at the end', () => {
    const slug = slugFrom('abcd efgh ijkl', 5);
    expect(slug).toBe('abcd');
    expect(slugFrom('a'.repeat(100))).toHaveLength(64);
  });

  it('gives an empty slug for a title without letters or digits', () => {
    expect(slugFrom('—!?')).toBe('');
  });
});
