// Serving object files: public, authenticated (as the caller) and through signed URLs.
import { readFile } from 'node:fs/promises';
import { storedFileHeaders } from '../content-type.ts';
import { StorageError, notFound } from './errors.ts';
import { bucketAndName } from './input.ts';
import type { CallerHandler, Handler } from './router.ts';
import type { BucketRow, ObjectRow } from './rows.ts';
import { type StorageRuntime, bucketById, readableObject } from './runtime.ts';

/** The file of `row` with its stored headers (or 304 when the client has this version). */
async function serveFile(rt: StorageRuntime, req: Request, row: ObjectRow): Promise<Response> {
  if (!row.version) throw notFound();
  let data: Buffer;
  try {
    data = await readFile(rt.fileOf(row.bucket_id, row.version));
  } catch {
    throw notFound();
  }
  const meta = row.metadata;
  const bucket = await rt.pool.query<Pick<BucketRow, 'allowed_mime_types'>>(
    'select allowed_mime_types from storage.buckets where id = $1',
    [row.bucket_id],
  );
  // Files are served as data: the stored type is re-validated, the browser may not sniff, run
  // script or keep the API's origin, and document types download unless the bucket lists them.
  const safe = storedFileHeaders(meta?.mimetype, bucket.rows[0]?.allowed_mime_types ?? null);
  const headers = new Headers({
    ...safe.headers,
    'content-type': safe.contentType,
    'content-length': String(data.length),
    'cache-control': meta?.cacheControl ?? 'no-cache',
    etag: meta?.eTag ?? `"${row.version}"`,
    'last-modified': row.updated_at.toUTCString(),
  });
  const download = new URL(req.url).searchParams.get('download');
  if (download !== null || safe.attachment) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers.set(
      'content-disposition',
      `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
  }
  if (req.headers.get('if-none-match') === headers.get('etag'))
    return new Response(null, { status: 304, headers });
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(data), {
    status: 200,
    headers,
  });
}

/** An object read without row level security (public buckets, signed URLs). */
export async function anyObject(
  rt: StorageRuntime,
  bucket: string,
  name: string,
): Promise<ObjectRow> {
  const { rows } = await rt.pool.query<ObjectRow>(
    'select * from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Verifies a signed-URL token of `kind` for exactly `bucket/name`; returns its claims. */
export async function tokenClaims(
  rt: StorageRuntime,
  url: URL,
  kind: 'download' | 'upload',
  bucket: string,
  name: string,
): Promise<Record<string, unknown>> {
  const token = url.searchParams.get('token');
  if (!token) throw new StorageError(400, 'InvalidSignature', 'The signature is missing');
  let claims: Record<string, unknown>;
  try {
    claims = await rt.verify(token);
  } catch (error) {
    throw new StorageError(400, 'InvalidJWT', (error as Error).message || 'Invalid token');
  }
  if (claims.kind !== kind || claims.url !== `${bucket}/${name}`) {
    throw new StorageError(400, 'InvalidSignature', 'The signature does not match this file');
  }
  return claims;
}

export const publicObject: Handler = async (rt, { req, params }) => {
  const { bucket, name } = bucketAndName(params);
  const row = await bucketById(rt, bucket).catch(() => undefined);
  if (!row?.public) throw notFound();
  return serveFile(rt, req, await anyObject(rt, bucket, name));
};

export const signedObject: Handler = async (rt, { req, url, params }) => {
  const { bucket, name } = bucketAndName(params);
  await tokenClaims(rt, url, 'download', bucket, name);
  return serveFile(rt, req, await anyObject(rt, bucket, name));
};

export const callerObject: CallerHandler = async (rt, { req, params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  return serveFile(rt, req, await readableObject(rt, claims, bucket, name));
};
