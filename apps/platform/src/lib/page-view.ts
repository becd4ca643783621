/**
 * The data of a public page that the server sent with its HTML: for `/@{username}` and `/s/{slug}`
 * the page-meta function's `view` (what `getPublicPage` answers), in a JSON script marked with the
 * page's path. A page that finds its data here renders at once, without waiting for the API client
 * and a request; elsewhere, or when the server sent none, it asks as usual.
 */
export const PAGE_VIEW_ID = 'verdant-page-view';

/** The query key of `/@{username}`'s data. */
export const linkPageQueryKey = (username: string) => ['link-pages', 'public', username] as const;

/** The query key of `/s/{slug}`'s data. */
export const storefrontQueryKey = (slug: string) => ['storefronts', 'public', slug] as const;

/**
 * The query key of the public page at `path` (`/@{username}`, `/s/{slug}`, as the router reads
 * them), or undefined for any other path. The server renders such a page with its data under this
 * key, and the page asks for it under the same key, so both draw the same thing.
 */
export function publicPageQueryKey(path: string): readonly string[] | undefined {
  const match = /^\/(?:@([^/]+)|s\/([^/]+))\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return match[1] !== undefined
      ? linkPageQueryKey(decodeURIComponent(match[1]))
      : storefrontQueryKey(decodeURIComponent(match[2]!));
  } catch {
    // A malformed escape (`%E0`) names no page.
    return undefined;
  }
}

/** The data script sent for `path` (compared without case, as usernames and slugs are), if any. */
function sentScript(
  path: string,
  doc: Pick<Document, 'getElementById'> | undefined,
): HTMLElement | undefined {
  const script = doc?.getElementById(PAGE_VIEW_ID);
  return script?.getAttribute('data-path')?.toLowerCase() === path.toLowerCase()
    ? script
    : undefined;
}

/**
 * Whether the server said there is no page at `path` (an unknown username or storefront: it sent
 * the HTML with status 404 and an empty data script marked `data-missing`), so the not-found page
 * shows at once, without asking the API.
 */
export function sentPageMissing(
  path: string,
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): boolean {
  return sentScript(path, doc)?.hasAttribute('data-missing') ?? false;
}

/** The data sent for `path` (compared without case, as usernames and slugs are), if any. */
export function sentPageView(
  path: string,
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): unknown {
  const script = sentScript(path, doc);
  if (!script || script.hasAttribute('data-missing')) return undefined;
  try {
    return JSON.parse(script.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Options for a page's query that start from the data sent with the HTML, dated when this document
 * was requested, so the query cache's usual staleness rules apply to it.
 */
export function sentPageQuery<T>(path: string): { initialData?: T; initialDataUpdatedAt?: number } {
  const view = sentPageView(path) as T | undefined;
  return view === undefined
    ? {}
    : { initialData: view, initialDataUpdatedAt: Math.round(performance.timeOrigin) };
}
