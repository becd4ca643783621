// Uploads: POST (create, or upsert with `x-upsert`), PUT (update), and uploads through a signed
// upload URL. Everything that can refuse an upload is checked before its body is read, and the
// body streams to disk with a running size check.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { normalizeContentType } from '../content-type.ts';
import { invalidRequest, notFound, rlsRefused, tooLarge } from './errors.ts';
import {
  USER_METADATA_LIMIT,
  bucketAndName,
  mimeAllowed,
  mimeRefused,
  parseUserMetadata,
  readBodyUpTo,
} from './input.ts';
import { readMultipart } from './multipart.ts';
import { tokenClaims } from './download.ts';
import type { CallerHandler, Handler } from './router.ts';
import type { ObjectMetadata } from './rows.ts';
import { type Claims, type StorageRuntime, bucketById, inTransaction, ownerOf } from './runtime.ts';

type Mode = 'create' | 'upsert' | 'update';

/** Bytes a multipart body may carry beyond its file (boundaries, part headers, fields). */
const MULTIPART_OVERHEAD = USER_METADATA_LIMIT + 64 * 1024;

interface Received {
  mime: string;
  size: number;
  md5: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Streams the body of an upload into `file` (raw bytes, or the file part of a multipart body),
 * stopping with 413 as soon as it passes `limit`. Nothing of the body is held in memory.
 */
async function receiveUpload(
  req: Request,
  file: string,
  limit: number,
  allowed: string[] | null,
  raw: { type: string; userMetadata: Record<string, unknown> | null } | null,
): Promise<Received> {
  const hash = createHash('md5');
  const out = createWriteStream(file, { flags: 'wx' });
  let failed: Error | undefined;
  out.on('error', (error) => {
    failed = error;
  });
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (failed) {
        reject(failed);
        return;
      }
      hash.update(chunk);
      out.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  try {
    let received: Omit<Received, 'md5'>;
    if (raw === null) {
      if (!req.body) throw invalidRequest('The multipart body could not be read');
      const form = await readMultipart(
        req.body,
        req.headers.get('content-type') ?? '',
        {
          fileSize: limit,
          fieldSize: USER_METADATA_LIMIT,
          tooLarge: () => tooLarge(),
          fieldTooLarge: (name) =>
            name === 'metadata'
              ? tooLarge('user_metadata')
              : invalidRequest('A form field is too large'),
        },
        (type) => {
          const mime = normalizeContentType(type);
          if (!mimeAllowed(allowed, mime)) throw mimeRefused(mime);
        },
        write,
      );
      if (!form.file) throw invalidRequest('The multipart body has no file');
      const cache = form.fields.get('cacheControl');
      received = {
        mime: normalizeContentType(form.file.type),
        size: form.file.size,
        cacheControl: `max-age=${cache && /^\d+$/.test(cache) ? cache : '3600'}`,
        userMetadata: parseUserMetadata(
          form.fields.get('metadata') ?? form.fields.get('userMetadata'),
          'json',
        ),
      };
    } else {
      const size = await readBodyUpTo(req, limit, write);
      received = {
        mime: raw.type,
        size,
        cacheControl: req.headers.get('cache-control') ?? 'max-age=3600',
        userMetadata: raw.userMetadata,
      };
    }
    await new Promise<void>((resolve, reject) => {
      if (failed) reject(failed);
      else out.end(() => (failed ? reject(failed) : resolve()));
    });
    return { ...received, md5: hash.digest('hex') };
  } catch (error) {
    // The stream opens its file asynchronously: wait until it is closed, or the caller's removal
    // could run before the file exists and leave it behind.
    await new Promise<void>((resolve) => {
      if (out.closed) resolve();
      else out.once('close', () => resolve()).destroy();
    });
    throw error;
  }
}

/**
 * Checks, without writing anything, that the caller may create (or, with upsert, replace) `name`.
 * Creating tries the insert as the caller: row-level security checks the new row before the
 * unique key is looked at, so a caller who may not write there is refused (403) whether or not
 * the object exists, and only a caller who may write learns that it does (409), as with
 * storage-api's own permission test.
 */
export async function checkMayUpload(
  rt: StorageRuntime,
  claims: Claims,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<void> {
  await bucketById(rt, bucketId);
  const owner = ownerOf(claims);
  await inTransaction(rt, claims, async (client) => {
    if (!upsert) {
      // A refusal raises 42501 (403) and an existing object 23505 (409 Duplicate).
      await client.query('savepoint probe');
      await client.query(
        'insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3, $4)',
        [bucketId, name, owner, owner ?? (typeof claims.sub === 'string' ? claims.sub : null)],
      );
      await client.query('rollback to savepoint probe');
      return;
    }
    const existing = await client.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    await client.query('savepoint probe');
    const probe = existing.rowCount
      ? await client.query(
          'update storage.objects set updated_at = now() where bucket_id = $1 and name = $2',
          [bucketId, name],
        )
      : await client.query('insert into storage.objects (bucket_id, name) values ($1, $2)', [
          bucketId,
          name,
        ]);
    if (!probe.rowCount) throw rlsRefused();
    await client.query('rollback to savepoint probe');
  });
}

const UPSERT_SQL = {
  create: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
  upsert: `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
             metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
             updated_at = now(), last_accessed_at = now()
           returning id`,
  update: `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
             updated_at = now(), last_accessed_at = now()
           where bucket_id = $1 and name = $2 returning id`,
} satisfies Record<Mode, string>;

async function upload(
  rt: StorageRuntime,
  req: Request,
  claims: Claims,
  bucketId: string,
  name: string,
  mode: Mode,
): Promise<Response> {
  // Everything that can refuse the upload is checked before a byte of the body is read: the
  // bucket, the declared length, the declared type, the metadata and whether the caller may write.
  const bucket = await bucketById(rt, bucketId);
  const limit = Math.min(
    bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit),
    rt.maxFileSize,
  );
  const contentType = req.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data\b/i.test(contentType.trim());
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit + (multipart ? MULTIPART_OVERHEAD : 0))
    throw tooLarge();
  let raw: { type: string; userMetadata: Record<string, unknown> | null } | null = null;
  if (!multipart) {
    raw = {
      type: normalizeContentType(contentType),
      userMetadata: parseUserMetadata(req.headers.get('x-metadata'), 'base64'),
    };
    if (!mimeAllowed(bucket.allowed_mime_types, raw.type)) throw mimeRefused(raw.type);
  }
  if (claims.role !== 'service_role')
    await checkMayUpload(rt, claims, bucketId, name, mode !== 'create');

  const version = randomUUID();
  const now = new Date();
  const file = rt.fileOf(bucketId, version);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.upload`;
  let received: Received;
  try {
    received = await receiveUpload(req, temporary, limit, bucket.allowed_mime_types, raw);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const metadata: ObjectMetadata = {
    eTag: `"${received.md5}"`,
    size: received.size,
    mimetype: received.mime,
    cacheControl: received.cacheControl,
    lastModified: now.toUTCString(),
    contentLength: received.size,
    httpStatusCode: 200,
  };
  const owner = ownerOf(claims);
  let replaced: string | null = null;
  let row: { id: string };
  try {
    row = await inTransaction(rt, claims, async (client) => {
      const previous = await client.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      );
      replaced = previous.rows[0]?.version ?? null;
      if (mode === 'update' && !previous.rows[0]) throw notFound();
      const { rows } = await client.query<{ id: string }>(UPSERT_SQL[mode], [
        bucketId,
        name,
        owner,
        owner ?? (typeof claims.sub === 'string' ? claims.sub : null),
        JSON.stringify(metadata),
        version,
        received.userMetadata === null ? null : JSON.stringify(received.userMetadata),
      ]);
      if (!rows[0]) throw rlsRefused();
      await rename(temporary, file);
      return rows[0];
    });
  } catch (error) {
    // Nothing was recorded, so no file may stay behind either.
    await Promise.all([rm(temporary, { force: true }), rm(file, { force: true })]);
    throw error;
  }
  if (replaced) await rm(rt.fileOf(bucketId, replaced), { force: true }).catch(() => undefined);
  return Response.json({ Id: row.id, Key: `${bucketId}/${name}` });
}

export const createObject: CallerHandler = async (rt, { req, params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  const mode = req.headers.get('x-upsert') === 'true' ? 'upsert' : 'create';
  return upload(rt, req, claims, bucket, name, mode);
};

export const updateObject: CallerHandler = async (rt, { req, params, claims }) => {
  const { bucket, name } = bucketAndName(params);
  return upload(rt, req, claims, bucket, name, 'update');
};

/** PUT /object/upload/sign/{bucket}/{key}?token=…: an upload the token's issuer allowed. */
export const uploadToSignedUrl: Handler = async (rt, { req, url, params }) => {
  const { bucket, name } = bucketAndName(params);
  const token = await tokenClaims(rt, url, 'upload', bucket, name);
  const uploader: Claims = {
    role: 'service_role',
    ...(typeof token.owner === 'string' ? { sub: token.owner } : {}),
  };
  const res = await upload(
    rt,
    req,
    uploader,
    bucket,
    name,
    token.upsert === true ? 'upsert' : 'create',
  );
  const { Key } = (await res.json()) as { Key: string };
  return Response.json({ Key });
};
