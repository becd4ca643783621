import { describe, expect, it } from 'vitest';
import {
  compareSortValues,
  filterRows,
  nextSort,
  pageCountFor,
  pageRows,
  sortRows,
} from './data-table-model.ts';

describe('sortRows', () => {
  const rows = [
    { id: 'a', name: 'item 10', clicks: 5, at: new Date('2026-01-03') },
    { id: 'b', name: 'Item 2', clicks: 50, at: new Date('2026-01-01') },
    { id: 'c', name: 'item 1', clicks: null, at: new Date('2026-01-02') },
    { id: 'd', name: 'Äpfel', clicks: 5, at: new Date('2026-01-04') },
  ];

  it('orders numbers and keeps empty values last in both directions', () => {
    expect(sortRows(rows, (r) => r.clicks, 'ascending').map((r) => r.id)).toEqual([
      'a',
      'd',
      'b',
      'c',
    ]);
    expect(sortRows(rows, (r) => r.clicks, 'descending').map((r) => r.id)).toEqual([
      'b',
      'a',
      'd',
      'c',
    ]);
  });

  it('is stable for equal values', () => {
    expect(
      sortRows(rows, (r) => r.clicks, 'descending')
        .slice(1, 3)
        .map((r) => r.id),
    ).toEqual(['a', 'd']);
  });

  it('orders strings naturally and case-insensitively', () => {
    expect(sortRows(rows, (r) => r.name, 'ascending').map((r) => r.name)).toEqual([
      'Äpfel',
      'item 1',
      'Item 2',
      'item 10',
    ]);
  });

  it('orders dates', () => {
    expect(sortRows(rows, (r) => r.at, 'ascending').map((r) => r.id)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.clicks, 'descending');
    expect(rows).toEqual(copy);
  });
});

describe('compareSortValues', () => {
  it('treats booleans as numbers', () => {
    expect(compareSortValues(false, true)).toBeLessThan(0);
  });
});

describe('nextSort', () => {
  it('starts ascending, then flips, then goes back to ascending', () => {
    const first = nextSort(null, 'clicks');
    expect(first).toEqual({ columnId: 'clicks', direction: 'ascending' });
    const second = nextSort(first, 'clicks');
    expect(second).toEqual({ columnId: 'clicks', direction: 'descending' });
    expect(nextSort(second, 'clicks')).toEqual(first);
  });

  it('starts ascending on a different column', () => {
    expect(nextSort({ columnId: 'clicks', direction: 'descending' }, 'name')).toEqual({
      columnId: 'name',
      direction: 'ascending',
    });
  });
});

describe('pagination of rows', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it('counts pages, with at least one', () => {
    expect(pageCountFor(23, 5)).toBe(5);
    expect(pageCountFor(25, 5)).toBe(5);
    expect(pageCountFor(0, 5)).toBe(1);
  });

  it('slices a page, the last one partial', () => {
    expect(pageRows(items, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRows(items, 5, 5)).toEqual([21, 22, 23]);
  });

  it('clamps a page past either end', () => {
    expect(pageRows(items, 9, 5)).toEqual([21, 22, 23]);
    expect(pageRows(items, 0, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('filterRows', () => {
  const people = [
    { name: 'Ada Lovelace', status: 'active' },
    { name: 'Grace Hopper', status: 'paused' },
    { name: 'Alan Turing', status: 'active' },
  ];
  const columns = [
    {
      id: 'name',
      filter: { type: 'text' as const },
      filterValue: (r: (typeof people)[number]) => r.name,
    },
    {
      id: 'status',
      filter: { type: 'select' as const },
      filterValue: (r: (typeof people)[number]) => r.status,
    },
    { id: 'other' },
  ];

  it('keeps every row without active filters', () => {
    expect(filterRows(people, columns, {})).toHaveLength(3);
    expect(filterRows(people, columns, { name: '  ', other: 'x' })).toHaveLength(3);
  });

  it('matches text anywhere, ignoring case, and select values exactly', () => {
    expect(filterRows(people, columns, { name: 'TUR' }).map((r) => r.name)).toEqual([
      'Alan Turing',
    ]);
    expect(filterRows(people, columns, { status: 'active' })).toHaveLength(2);
    expect(filterRows(people, columns, { status: 'activ' })).toHaveLength(0);
  });

  it('combines filters', () => {
    expect(filterRows(people, columns, { name: 'a', status: 'paused' }).map((r) => r.name)).toEqual(
      ['Grace Hopper'],
    );
  });
});
