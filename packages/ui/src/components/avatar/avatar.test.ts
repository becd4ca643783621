import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Maria de la Cruz')).toBe('MC');
  });

  it('uses one letter for one word', () => {
    expect(initialsOf('verdant')).toBe('V');
  });

  it('splits usernames on separators', () => {
    expect(initialsOf('green_shop.eu')).toBe('GE');
  });

  it('keeps non-Latin letters and emoji whole', () => {
    expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
    expect(initialsOf('🌱 Garden')).toBe('🌱G');
  });

  it('falls back to a question mark', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
