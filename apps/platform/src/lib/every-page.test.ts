import { describe, expect, it } from 'vitest';
import { everyPage } from './every-page.ts';

const rows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ id: String(from + i) }));

describe('everyPage', () => {
  it('asks once when the first page holds every row', async () => {
    const asked: number[] = [];
    const all = await everyPage(async ({ page }) => {
      asked.push(page);
      return { rows: rows(0, 7), total: 7 };
    });
    expect(asked).toEqual([0]);
    expect(all).toEqual({ rows: rows(0, 7), total: 7 });
  });

  it('asks for the other pages and keeps a row that moved between pages once', async () => {
    const asked: number[] = [];
    const all = await everyPage(async ({ page, pageSize }) => {
      asked.push(page);
      // The second page starts one row early, as after a row was created between the requests.
      const start = page === 0 ? 0 : page * pageSize - 1;
      return { rows: rows(start, Math.min(start + pageSize, 205)), total: 205 };
    });
    expect(asked.sort()).toEqual([0, 1, 2]);
    expect(all.rows.map((row) => row.id)).toEqual(rows(0, 205).map((row) => row.id));
    expect(all.total).toBe(205);
  });
});
