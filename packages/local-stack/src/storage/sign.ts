// Signed URLs: to download an object for a while, and to upload one object once.
import { StorageError, invalidRequest } from './errors.ts';
import { bucketAndName, checkBucketId, checkObjectName, encodeName, jsonBody } from './input.ts';
import { checkMayUpload } from './upload.ts';
import type { CallerHandler } from './router.ts';
import { type StorageRuntime, readableObject } from './runtime.ts';

/** Signed upload URLs are valid for two hours, as on hosted Supabase. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/**
 * The latest expiry a signed URL may have, in seconds since the epoch: storage-api refuses an
 * `expiresIn` that would put a token's `exp` past `Number.MAX_SAFE_INTEGER` milliseconds, since
 * later times no longer count whole seconds exactly (and 1e30 would never expire).
 */
const MAX_EXPIRY_EPOCH_SECONDS = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

/** The most object names one batch signing request may list, as storage-api allows. */
export const MAX_PATHS_PER_SIGN_REQUEST = 1000;

/**
 * `expiresIn` checked as storage-api checks it: a whole number of seconds, at least 1 (its body
 * schema), and no later than the latest expiry (`InvalidParameter`, as its JWT signer answers).
 */
export function checkExpiresIn(expiresIn: unknown, now = Date.now()): number {
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) {
    throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  }
  if (expiresIn > MAX_EXPIRY_EPOCH_SECONDS - Math.floor(now / 1000)) {
    throw new StorageError(
      400,
      'InvalidParameter',
      'Invalid Parameter expiresIn',
      'InvalidParameter',
    );
  }
  return expiresIn;
}

/**
 * A download URL for `bucket/name`, valid for `expiresIn` seconds (checked by the caller). A
 * `transform` in the request is ignored, as hosted does when image transformation is not enabled:
 * the URL serves the original file.
 */
async function signedUrl(
  rt: StorageRuntime,
  bucketId: string,
  name: string,
  expiresIn: number,
): Promise<string> {
  const token = await rt.sign({ url: `${bucketId}/${name}`, kind: 'download' }, expiresIn);
  return `/object/sign/${bucketId}/${encodeName(name)}?token=${token}`;
}

export const signObject: CallerHandler = async (rt, { req, params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  const body = await jsonBody(req);
  // The body is checked before the object is looked up, as storage-api validates it first.
  const expiresIn = checkExpiresIn(body.expiresIn);
  await readableObject(rt, claims, bucket, name);
  return Response.json({ signedURL: await signedUrl(rt, bucket, name, expiresIn) });
};

export const signObjects: CallerHandler = async (rt, { req, params, claims }) => {
  const bucket = checkBucketId(params.bucket);
  const body = await jsonBody(req);
  if (!Array.isArray(body.paths) || !body.paths.every((item) => typeof item === 'string')) {
    throw invalidRequest('paths must be a list of object names');
  }
  // Each name costs a lookup and a signature: a batch is bounded before any of them is done.
  if (body.paths.length < 1 || body.paths.length > MAX_PATHS_PER_SIGN_REQUEST) {
    throw invalidRequest(`paths must list 1 to ${MAX_PATHS_PER_SIGN_REQUEST} object names`);
  }
  const expiresIn = checkExpiresIn(body.expiresIn);
  const results = [];
  for (const item of body.paths) {
    try {
      const name = checkObjectName(item);
      await readableObject(rt, claims, bucket, name);
      results.push({
        error: null,
        path: item,
        signedURL: await signedUrl(rt, bucket, name, expiresIn),
      });
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      if (error.error === 'InvalidRequest') throw error;
      results.push({
        error: 'Either the object does not exist or you do not have access to it',
        path: item,
        signedURL: null,
      });
    }
  }
  return Response.json(results);
};

export const signUpload: CallerHandler = async (rt, { req, params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  const upsert = req.headers.get('x-upsert') === 'true';
  await checkMayUpload(rt, claims, bucket, name, upsert);
  const owner = typeof claims.sub === 'string' ? { owner: claims.sub } : {};
  const token = await rt.sign(
    { url: `${bucket}/${name}`, kind: 'upload', upsert, ...owner },
    SIGNED_UPLOAD_SECONDS,
  );
  return Response.json({
    url: `/object/upload/sign/${bucket}/${encodeName(name)}?token=${token}`,
  });
};
