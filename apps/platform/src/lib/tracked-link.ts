/** Where a tracked link code takes a visitor: the tracker, a full page load (not in-app). */
export const trackedHref = (code: string) => `/go/${encodeURIComponent(code)}`;
