/** A readable message from an error thrown by the API client. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
