import { InvalidContentTypeError } from '../content-type.ts';
import { PayloadTooLargeError, type WebHandler } from '../http.ts';
import * as buckets from './buckets.ts';
import { callerObject, publicObject, signedObject } from './download.ts';
import { StorageError, errorResponse, pgError, tooLarge } from './errors.ts';
import { listObjects, listObjectsV2 } from './list.ts';
import { MultipartError } from './multipart.ts';
import * as objects from './objects.ts';
import { renderImage } from './render.ts';
import { caller, resolve, route, serviceRole } from './router.ts';
import { type StorageOptions, createRuntime } from './runtime.ts';
import { signObject, signObjects, signUpload } from './sign.ts';
import { createObject, updateObject, uploadToSignedUrl } from './upload.ts';

export type { StorageOptions } from './runtime.ts';

/*
 * The routes of storage-api that supabase-js's storage client calls. `caller(…)` verifies the
 * token and hands the handler a transaction as the caller; routes without it are public or carry
 * their own signed token. More specific paths come first.
 */
const ROUTES = [
  route('/bucket', { GET: caller(buckets.listBuckets), POST: caller(buckets.createBucket) }),
  route('/bucket/:bucket', {
    GET: caller(buckets.getBucket),
    PUT: caller(buckets.updateBucket),
    DELETE: caller(buckets.deleteBucket),
  }),
  route('/bucket/:bucket/empty', { POST: serviceRole(buckets.emptyBucket) }),
  route('/object/public/:bucket/*', { GET: publicObject }),
  route('/object/authenticated/:bucket/*', { GET: caller(callerObject) }),
  route('/object/sign/:bucket', { POST: caller(signObjects) }),
  route('/object/sign/:bucket/*', { GET: signedObject, POST: caller(signObject) }),
  route('/object/upload/sign/:bucket/*', { POST: caller(signUpload), PUT: uploadToSignedUrl }),
  route('/object/list/:bucket', { POST: caller(listObjects) }),
  route('/object/list-v2/:bucket', { POST: caller(listObjectsV2) }),
  route('/object/info/public/:bucket/*', { GET: objects.publicObjectInfo }),
  route('/object/info/authenticated/:bucket/*', { GET: caller(objects.objectInfo) }),
  route('/object/info/:bucket/*', { GET: caller(objects.objectInfo) }),
  route('/object/move', { POST: caller(objects.moveObject) }),
  route('/object/copy', { POST: caller(objects.copyObject) }),
  route('/object/:bucket', { DELETE: caller(objects.deleteObjects) }),
  route('/object/:bucket/*', {
    GET: caller(callerObject),
    POST: caller(createObject),
    PUT: caller(updateObject),
    DELETE: caller(objects.deleteObject),
  }),
  route('/render/image/public/:bucket/*', { GET: renderImage }),
  route('/render/image/authenticated/:bucket/*', { GET: renderImage }),
  route('/render/image/sign/:bucket/*', { GET: renderImage }),
];

/** The path's segments after the mount point, decoded; a trailing slash is tolerated. */
function segmentsOf(path: string): string[] {
  let segments: string[];
  try {
    segments = path
      .split('/')
      .filter((_, index) => index > 0)
      .map(decodeURIComponent);
  } catch {
    throw new StorageError(400, 'InvalidKey', 'Malformed path');
  }
  // supabase-js never sends empty folders; a trailing slash is tolerated.
  if (segments.at(-1) === '') segments.pop();
  return segments;
}

/** Any failure as storage-api reports it; unexpected ones are logged and answer 500. */
function failure(error: unknown, log: () => void): Response {
  if (error instanceof StorageError) return errorResponse(error);
  if (error instanceof InvalidContentTypeError)
    return errorResponse(new StorageError(400, 'invalid_mime_type', error.message));
  if (error instanceof MultipartError)
    return errorResponse(new StorageError(400, 'InvalidRequest', error.message));
  if (error instanceof PayloadTooLargeError) return errorResponse(tooLarge());
  const mapped = pgError(error);
  if (mapped) return errorResponse(mapped);
  log();
  return errorResponse(new StorageError(500, 'internal', 'Internal error'));
}

/**
 * `/storage/v1`: buckets and objects as storage-api serves them, so supabase-js's storage client
 * works unchanged. Object and bucket rows are read and written as the caller's role with the
 * caller's JWT claims, so row level security on storage.* decides who may do what; the files
 * themselves live on disk.
 */
export function createStorage(opts: StorageOptions): WebHandler {
  const rt = createRuntime(opts);
  return async (req, info) => {
    try {
      const { handler, params } = resolve(ROUTES, req.method, segmentsOf(info.path));
      return await handler(rt, { req, url: new URL(req.url), params });
    } catch (error) {
      return failure(error, () =>
        opts.log(
          `[storage] ${req.method} ${info.path}: ${(error as Error).stack ?? String(error)}`,
        ),
      );
    }
  };
}
