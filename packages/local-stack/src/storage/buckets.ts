// /bucket routes: list, create, read, patch, empty and delete buckets.
import { rm } from 'node:fs/promises';
import { StorageError, notFound } from './errors.ts';
import { checkBucketId, jsonBody, parseMimeTypes, parseSize } from './input.ts';
import type { CallerHandler } from './router.ts';
import { type BucketRow, bucketJson } from './rows.ts';
import { bucketById, ownerOf, removeObjects } from './runtime.ts';

export const listBuckets: CallerHandler = async (_rt, { db }) => {
  const rows = await db(
    async (client) =>
      (await client.query<BucketRow>('select * from storage.buckets order by name')).rows,
  );
  return Response.json(rows.map(bucketJson));
};

export const createBucket: CallerHandler = async (_rt, { req, claims, db }) => {
  const body = await jsonBody(req);
  const bucketId = checkBucketId(body.id ?? body.name);
  const name = checkBucketId(body.name ?? bucketId);
  const size = parseSize(body.file_size_limit);
  const mimes = parseMimeTypes(body.allowed_mime_types);
  const owner = ownerOf(claims);
  await db((client) =>
    client.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner, owner_id) values ($1, $2, $3, $4, $5, $6, $7)`,
      [bucketId, name, body.public === true, size, mimes, owner, owner],
    ),
  );
  return Response.json({ name: bucketId });
};

export const getBucket: CallerHandler = async (_rt, { params, db }) => {
  const bucketId = checkBucketId(params.bucket);
  const row = await db(
    async (client) =>
      (await client.query<BucketRow>('select * from storage.buckets where id = $1', [bucketId]))
        .rows[0],
  );
  if (!row) throw notFound('Bucket');
  return Response.json(bucketJson(row));
};

/** A patch, as on hosted: fields the request does not name stay as they were. */
export const updateBucket: CallerHandler = async (_rt, { req, params, db }) => {
  const bucketId = checkBucketId(params.bucket);
  const body = await jsonBody(req);
  const changes: Array<[string, unknown]> = [];
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean')
      throw new StorageError(400, 'InvalidRequest', 'public must be true or false');
    changes.push(['public', body.public]);
  }
  if (body.file_size_limit !== undefined)
    changes.push(['file_size_limit', parseSize(body.file_size_limit)]);
  if (body.allowed_mime_types !== undefined)
    changes.push(['allowed_mime_types', parseMimeTypes(body.allowed_mime_types)]);
  const updated = await db((client) =>
    client.query(
      `update storage.buckets set ${changes.map(([column], i) => `${column} = $${i + 2}`).join(', ')}${changes.length ? ', ' : ''}updated_at = now() where id = $1`,
      [bucketId, ...changes.map(([, value]) => value)],
    ),
  );
  if (!updated.rowCount) throw notFound('Bucket');
  return Response.json({ message: 'Successfully updated' });
};

/**
 * Hosted queues the deletion of every object in the bucket and answers at once; the local stack
 * deletes them before answering, with hosted's answer. Only the service role may (as on hosted).
 */
export const emptyBucket: CallerHandler = async (rt, request) => {
  const bucketId = checkBucketId(request.params.bucket);
  await bucketById(rt, bucketId);
  const names = await request.db(async (client) =>
    (
      await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1',
        [bucketId],
      )
    ).rows.map((row) => row.name),
  );
  await removeObjects(rt, request.claims, bucketId, names);
  return Response.json({
    message: 'Empty bucket has been queued. Completion may take up to an hour.',
  });
};

export const deleteBucket: CallerHandler = async (rt, { params, db }) => {
  const bucketId = checkBucketId(params.bucket);
  await bucketById(rt, bucketId);
  const { rows } = await rt.pool.query(
    'select 1 from storage.objects where bucket_id = $1 limit 1',
    [bucketId],
  );
  if (rows.length)
    throw new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
  const deleted = await db((client) =>
    client.query('delete from storage.buckets where id = $1', [bucketId]),
  );
  if (!deleted.rowCount)
    throw new StorageError(403, 'Unauthorized', 'You may not delete this bucket');
  await rm(rt.bucketDir(bucketId), { recursive: true, force: true });
  return Response.json({ message: 'Successfully deleted' });
};
