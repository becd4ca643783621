import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deobfuscate, obfuscate } from '../../src/obfuscation.ts';

const origin = 'https://verdant.test';

describe('XOR + base64 obfuscation keyed on the origin', () => {
  it('round-trips any text, including non-ASCII', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom('https://verdant.app', 'http://localhost:3000', ''),
        (text, key) => {
          expect(deobfuscate(obfuscate(text, key), key)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stores base64 that does not show the plain text', () => {
    const stored = obfuscate('{"access_token":"secret-token"}', origin);
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain('access_token');
    expect(atob(stored)).not.toContain('secret-token');
  });

  it('depends on the origin', () => {
    const text = '{"user":"ada@example.com"}';
    const stored = obfuscate(text, origin);
    expect(stored).not.toBe(obfuscate(text, 'https://other.test'));
    expect(deobfuscate(stored, 'https://other.test')).not.toBe(text);
  });

  it('returns null, never throws, for values that are not base64 or not UTF-8', () => {
    expect(deobfuscate('%%% not base64 %%%', origin)).toBeNull();
    expect(
      deobfuscate(btoa(String.fromCharCode(0xff ^ 'h'.charCodeAt(0), 0xfe)), origin),
    ).toBeNull();
  });
});
