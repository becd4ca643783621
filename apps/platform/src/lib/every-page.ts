import type { Page, PageInput } from '@verdant/api-client';

/** The most rows the API client hands out in one page. */
const PAGE_SIZE = 100;

/**
 * Every row of a list the API client hands out a page at a time: the first page says how many
 * there are, and the others are asked for together. Rows that moved on to the next page between
 * two requests (a row created meanwhile pushes the rest down) are kept once.
 */
export async function everyPage<T extends { id: string }>(
  fetchPage: (page: Required<PageInput>) => Promise<Page<T>>,
): Promise<Page<T>> {
  const first = await fetchPage({ page: 0, pageSize: PAGE_SIZE });
  const pageCount = Math.ceil(first.total / PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) =>
      fetchPage({ page: index + 1, pageSize: PAGE_SIZE }),
    ),
  );
  const seen = new Set<string>();
  const rows = [first, ...rest]
    .flatMap((page) => page.rows)
    .filter((row) => {
      if (seen.has(row.id)) return false;
      seen.add(row.id);
      return true;
    });
  return { rows, total: first.total };
}
