// Errors in storage-api's shape: `{ statusCode, error, message }` (and `code` where hosted sends one).

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** storage-api's machine-readable `code`, for errors whose hosted answer carries one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Object') =>
  new StorageError(404, 'not_found', `${what} not found`);

export const routeNotFound = () => new StorageError(404, 'not_found', 'Route not found');

export const tooLarge = (entity = 'object') =>
  new StorageError(413, 'Payload too large', `The ${entity} exceeded the maximum allowed size`);

export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);

export const rlsRefused = () =>
  new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');

/** What hosted answers for a feature the project's plan does not include (image transforms). */
export const featureNotEnabled = () =>
  new StorageError(
    403,
    'FeatureNotEnabled',
    'feature not enabled for this tenant',
    'FeatureNotEnabled',
  );

export function errorResponse(error: StorageError): Response {
  return Response.json(
    {
      statusCode: String(error.status),
      ...(error.code ? { code: error.code } : {}),
      error: error.error,
      message: error.message,
    },
    { status: error.status },
  );
}

/** A Postgres error a storage request can cause, as storage-api reports it. */
export function pgError(error: unknown): StorageError | undefined {
  const code = (error as { code?: string }).code;
  if (code === '42501') return rlsRefused();
  if (code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
  if (code === '23503') return notFound('Bucket');
  if (code?.startsWith('22')) return invalidRequest((error as Error).message);
  return undefined;
}
