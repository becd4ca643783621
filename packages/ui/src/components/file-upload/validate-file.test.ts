import { describe, expect, it } from 'vitest';
import { describeAccept, formatBytes, validateFile } from './validate-file.ts';

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

describe('validateFile', () => {
  const rules = { accept: ['image/png', 'image/jpeg'], maxSizeBytes: 1024 * 1024 };

  it('accepts a file of an accepted type within the limit', () => {
    expect(validateFile(file('a.png', 'image/png', 2000), rules)).toBeNull();
  });

  it('refuses another type and names the accepted ones', () => {
    expect(validateFile(file('notes.pdf', 'application/pdf', 10), rules)).toBe(
      'notes.pdf is not a supported file type. Use PNG or JPEG.',
    );
  });

  it('refuses a file over the limit with both sizes', () => {
    expect(validateFile(file('big.jpg', 'image/jpeg', 1024 * 1024 * 2 + 300_000), rules)).toBe(
      'big.jpg is 2.3 MB, larger than the 1 MB limit.',
    );
  });

  it('refuses an empty file', () => {
    expect(validateFile(file('empty.png', 'image/png', 0), rules)).toBe('empty.png is empty.');
  });

  it('matches wildcards and extensions', () => {
    expect(validateFile(file('a.webp', 'image/webp', 5), { accept: ['image/*'] })).toBeNull();
    expect(validateFile(file('A.PDF', '', 5), { accept: ['.pdf'] })).toBeNull();
    expect(validateFile(file('a.txt', 'text/plain', 5), { accept: ['image/*', '.pdf'] })).toMatch(
      /Use any image or PDF\.$/,
    );
  });
});

describe('formatBytes', () => {
  it('chooses a unit', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('describeAccept', () => {
  it('reads like a sentence', () => {
    expect(describeAccept(['image/png'])).toBe('PNG');
    expect(describeAccept(['image/png', 'image/jpeg', 'image/svg+xml'])).toBe('PNG, JPEG or SVG');
  });
});
