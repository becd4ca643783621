import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-path.ts';

/** Rebuilds the module grid from the path, to check it draws exactly the encoded modules. */
function rasterise(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-?\d+z/g)) {
    const [x, y, run] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let i = 0; i < run; i += 1) grid[y]![x + i] = true;
  }
  return grid;
}

describe('qrMatrix', () => {
  it('draws exactly the dark modules of the encoded matrix, including the quiet zone', () => {
    const value = 'https://verdant.example/go/SPRING24';
    const { size, path } = qrMatrix(value);
    const expected = encode(value, { ecc: 'M', border: 4 });
    expect(size).toBe(expected.size);
    expect(rasterise(path, size)).toEqual(expected.data);
  });

  it('keeps a four-module quiet zone', () => {
    const { size, path } = qrMatrix('hello');
    const grid = rasterise(path, size);
    for (let i = 0; i < size; i += 1) {
      for (const edge of [0, 1, 2, 3, size - 4, size - 3, size - 2, size - 1]) {
        expect(grid[edge]![i]).toBe(false);
        expect(grid[i]![edge]).toBe(false);
      }
    }
  });

  it('grows with more data and higher error correction', () => {
    const short = qrMatrix('a');
    const long = qrMatrix('https://verdant.example/'.repeat(8));
    expect(long.size).toBeGreaterThan(short.size);
    expect(qrMatrix('same text', { ecc: 'H' }).size).toBeGreaterThanOrEqual(
      qrMatrix('same text', { ecc: 'L' }).size,
    );
  });
});
