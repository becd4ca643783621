/** A readable message from an error thrown by the API client. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Whether a public page's read says there is no such page: the API client's `not_found`, or
 * `validation_failed` for a name that no page can have. Read from the error's code, so a page
 * need not load the client's error class to tell.
 */
export function isMissingPage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === 'not_found' || code === 'validation_failed';
}
