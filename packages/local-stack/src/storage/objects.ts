// Object routes besides up- and download: info, delete, move and copy.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { notFound, invalidRequest, rlsRefused, tooLarge } from './errors.ts';
import {
  bucketAndName,
  checkBucketId,
  checkObjectName,
  jsonBody,
  mimeAllowed,
  mimeRefused,
} from './input.ts';
import { anyObject } from './download.ts';
import type { CallerHandler, Handler } from './router.ts';
import { type ObjectRow, objectJson } from './rows.ts';
import { bucketById, ownerOf, readableObject, removeObjects } from './runtime.ts';

/** An object's details as storage-api's `/object/info` answers (storage-js `info()`). */
function infoJson(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** Info of an object the caller may read; in a public bucket, of any object. */
export const objectInfo: CallerHandler = async (rt, { params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  const row = await bucketById(rt, bucket);
  return Response.json(
    infoJson(
      row.public
        ? await anyObject(rt, bucket, name)
        : await readableObject(rt, claims, bucket, name),
    ),
  );
};

/** Info of an object in a public bucket, without a token. */
export const publicObjectInfo: Handler = async (rt, { params }) => {
  const { bucket, name } = bucketAndName(params);
  const row = await bucketById(rt, bucket);
  if (!row.public) throw notFound('Bucket');
  return Response.json(infoJson(await anyObject(rt, bucket, name)));
};

export const deleteObject: CallerHandler = async (rt, { params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  const [deleted] = await removeObjects(rt, claims, bucket, [name]);
  if (!deleted) throw notFound();
  return Response.json({ message: 'Successfully deleted' });
};

export const deleteObjects: CallerHandler = async (rt, { req, params, claims }) => {
  const bucket = checkBucketId(params.bucket);
  const body = await jsonBody(req);
  if (!Array.isArray(body.prefixes) || !body.prefixes.every((item) => typeof item === 'string')) {
    throw invalidRequest('prefixes must be a list of object names');
  }
  await bucketById(rt, bucket);
  const deleted = await removeObjects(rt, claims, bucket, body.prefixes);
  return Response.json(deleted.map(objectJson));
};

/** Moves or copies an object (possibly into another bucket), as the caller. */
function relocate(mode: 'move' | 'copy'): CallerHandler {
  return async (rt, { req, claims, db }) => {
    const body = await jsonBody(req);
    const fromBucket = checkBucketId(body.bucketId);
    const toBucket = checkBucketId(body.destinationBucket ?? fromBucket);
    const from = checkObjectName(typeof body.sourceKey === 'string' ? body.sourceKey : '');
    const to = checkObjectName(typeof body.destinationKey === 'string' ? body.destinationKey : '');
    const target = await bucketById(rt, toBucket);
    const source = await readableObject(rt, claims, fromBucket, from);
    const size = source.metadata?.size ?? 0;
    if (target.file_size_limit !== null && size > Number(target.file_size_limit)) throw tooLarge();
    const mime = source.metadata?.mimetype ?? 'application/octet-stream';
    if (!mimeAllowed(target.allowed_mime_types, mime)) throw mimeRefused(mime);
    if (!source.version) throw notFound();
    const sourceFile = rt.fileOf(fromBucket, source.version);
    if (mode === 'move') {
      await db(async (client) => {
        const moved = await client.query(
          'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
          [fromBucket, from, toBucket, to],
        );
        if (!moved.rowCount) throw rlsRefused();
      });
      if (toBucket !== fromBucket) {
        await mkdir(rt.bucketDir(toBucket), { recursive: true });
        await rename(sourceFile, rt.fileOf(toBucket, source.version));
      }
      return Response.json({ message: 'Successfully moved' });
    }
    const version = randomUUID();
    const copyFile = rt.fileOf(toBucket, version);
    await mkdir(path.dirname(copyFile), { recursive: true });
    await writeFile(copyFile, await readFile(sourceFile));
    const owner = ownerOf(claims);
    try {
      const row = await db(async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [
            toBucket,
            to,
            owner,
            owner,
            JSON.stringify(source.metadata),
            version,
            source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
          ],
        );
        return rows[0];
      });
      return Response.json({ Id: row?.id, Key: `${toBucket}/${to}` });
    } catch (error) {
      await rm(copyFile, { force: true });
      throw error;
    }
  };
}

export const moveObject = relocate('move');
export const copyObject = relocate('copy');
