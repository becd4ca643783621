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

  it('keeps accented and non-Latin letters whole', () => {
    expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
    expect(initialsOf('élodie ørsted')).toBe('ÉØ');
    // A decomposed accent (e + U+0301) stays with its letter.
    expect(initialsOf('e\u0301mile zola')).toBe('ÉZ');
    expect(initialsOf('Мария Иванова')).toBe('МИ');
    expect(initialsOf('Ελένη Παππά')).toBe('ΕΠ');
    expect(initialsOf('山田 太郎')).toBe('山太');
    // A vowel sign stays with its consonant.
    expect(initialsOf('नमस्ते दुनिया')).toBe('नदु');
  });

  it('takes digits as initials', () => {
    expect(initialsOf('3M Company')).toBe('3C');
    // A keycap emoji gives its digit, without the emoji's marks.
    expect(initialsOf('1️⃣ Club')).toBe('1C');
  });

  it('skips emoji and symbols at either end', () => {
    expect(initialsOf('Sam Walker 🌲')).toBe('SW');
    expect(initialsOf('🌱 Garden')).toBe('G');
    expect(initialsOf('🌱 Garden Club ✨')).toBe('GC');
    expect(initialsOf('★ Refill Republic ★')).toBe('RR');
  });

  it('skips emoji in between, and emoji stuck to a word', () => {
    expect(initialsOf('Sam 🌲 Walker')).toBe('SW');
    expect(initialsOf('🌲Sam Walker🌲')).toBe('SW');
    expect(initialsOf('Ada 👩🏽‍💻 🚀')).toBe('A');
  });

  it('falls back to a question mark without a letter or digit', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
    expect(initialsOf(undefined)).toBe('?');
    expect(initialsOf('🌲')).toBe('?');
    expect(initialsOf('🌲 🌱 ✨')).toBe('?');
    expect(initialsOf('👩‍👩‍👧 ❤️')).toBe('?');
    expect(initialsOf('— ★ !')).toBe('?');
  });
});
