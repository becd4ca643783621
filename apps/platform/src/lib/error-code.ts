/**
 * The API client's code of an error (`conflict`, `not_found`, …), read by shape rather than by its
 * error class, so code that only asks which failure it was (the query client's retries, a page's
 * "not found") does not load the client's error module for it.
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
