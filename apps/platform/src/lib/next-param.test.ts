import { describe, expect, it } from 'vitest';
import { withNext } from './next-param.ts';

describe('withNext', () => {
  it('carries a path on, encoded', () => {
    expect(withNext('/signup/affiliate', '/pricing')).toBe('/signup/affiliate?next=%2Fpricing');
    expect(withNext('/login', '/shop?q=soap bar')).toBe('/login?next=%2Fshop%3Fq%3Dsoap%20bar');
  });

  it('leaves the path alone without one', () => {
    expect(withNext('/login', null)).toBe('/login');
  });
});
