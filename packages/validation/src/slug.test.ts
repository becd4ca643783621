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

  it('leaves out markup tags, which the stored title loses, and keeps what only looks like one', () => {
    expect(slugFrom('<img src=x onerror=alert(1)> Test 🌿')).toBe('test');
    expect(slugFrom('<b>Bamboo</b> <i>brush</i>')).toBe('bamboo-brush');
    expect(slugFrom('Soap <3 bars')).toBe('soap-3-bars');
    expect(slugFrom('1 < 2 > 0 pack')).toBe('1-2-0-pack');
  });

  it('gives an empty slug for a title without letters or digits', () => {
    expect(slugFrom('—!?')).toBe('');
  });
});
