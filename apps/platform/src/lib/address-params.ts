import { useSearchParams } from 'react-router';

/**
 * A list page's filters and page number kept in the address (`?status=…&page=…`), so a reload, a
 * shared link and Back keep them. `update` sets (or, with null or '', removes) parameters and, unless
 * it sets the page itself, goes back to the first page; the scroll position stays. Page 1 is the
 * address without `page`.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | null>, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { preventScrollReset: true, replace },
    );
  const setPage = (next: number, options?: { replace: boolean }) =>
    update({ page: next === 1 ? null : String(next) }, options);
  return { params, page, update, setPage };
}
