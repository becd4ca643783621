import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range.ts';

describe('paginationRange', () => {
  it('lists every page when they all fit', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('is empty without pages', () => {
    expect(paginationRange(1, 0)).toEqual([]);
  });

  it('collapses the far end near the start', () => {
    expect(paginationRange(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(paginationRange(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
  });

  it('collapses both ends in the middle', () => {
    expect(paginationRange(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
  });

  it('collapses the start near the end', () => {
    expect(paginationRange(10, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(paginationRange(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('honours the sibling count', () => {
    expect(paginationRange(10, 20, 2)).toEqual([
      1,
      'ellipsis-start',
      8,
      9,
      10,
      11,
      12,
      'ellipsis-end',
      20,
    ]);
  });

  it('clamps an out-of-range page', () => {
    expect(paginationRange(99, 10)).toEqual(paginationRange(10, 10));
    expect(paginationRange(-3, 10)).toEqual(paginationRange(1, 10));
  });

  it('keeps a constant length and always shows first, current and last', () => {
    for (let count = 8; count <= 30; count += 1) {
      for (let page = 1; page <= count; page += 1) {
        const items = paginationRange(page, count);
        expect(items).toHaveLength(7);
        expect(items[0]).toBe(1);
        expect(items[items.length - 1]).toBe(count);
        expect(items).toContain(page);
      }
    }
  });
});
