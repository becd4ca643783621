import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { WebHandler } from './http.js';

export interface StorageOptions {
  pool: pg.Pool;
  /** Files live in `<dataDir>/storage/<bucket>/<version>`. */
  dataDir: string;
  anonKey: string;
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<Record<string, unknown>>;
  /** Largest object accepted by any bucket (bytes). */
  maxFileSize: number;
  log: (line: string) => void;
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

type Claims = Record<string, unknown> & { role: string };

/** An error in storage-api's shape: `{ statusCode, error, message }`. */
class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (what = 'Object') => new StorageError(404, 'not_found', `${what} not found`);
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const RESERVED_BUCKETS = new Set([
  'public',
  'authenticated',
  'sign',
  'list',
  'list-v2',
  'info',
  'move',
  'copy',
  'upload',
]);
const BUCKET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

/** Signed upload URLs are valid for two hours, as on hosted Supabase. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

function encodeName(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

function errorResponse(error: StorageError): Response {
  return Response.json(
    { statusCode: String(error.status), error: error.code, message: error.message },
    { status: error.status },
  );
}

function checkBucketId(id: unknown): string {
  if (typeof id !== 'string' || !BUCKET_ID.test(id) || RESERVED_BUCKETS.has(id)) {
    throw new StorageError(400, 'InvalidBucketName', 'Bucket name invalid');
  }
  return id;
}

function checkObjectName(name: string): string {
  const segments = name.split('/');
  if (
    !name ||
    Buffer.byteLength(name) > 1024 ||
    /\p{Cc}/u.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`);
  }
  return name;
}

/** Parses `<bucket>/<name…>` from the path segments after a route prefix. */
function bucketAndName(rest: string[]): { bucket: string; name: string } {
  const [bucket, ...nameParts] = rest;
  return { bucket: checkBucketId(bucket), name: checkObjectName(nameParts.join('/')) };
}

/** "50MB", "1 MiB", 1024 → bytes; null when absent. */
function parseSize(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*$/i.exec(value);
    if (match) {
      const unit = (match[2] ?? 'b').toLowerCase();
      const factor =
        { b: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 }[unit] ?? 1;
      return Math.floor(Number(match[1]) * factor);
    }
  }
  throw new StorageError(
    400,
    'InvalidRequest',
    'file_size_limit must be a number of bytes or a size like "5MB"',
  );
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(item))
  ) {
    return value.length ? (value as string[]) : null;
  }
  throw new StorageError(
    400,
    'InvalidRequest',
    'allowed_mime_types must be a list of MIME types such as "image/png" or "image/*"',
  );
}

function mimeAllowed(allowed: string[] | null, mime: string): boolean {
  if (!allowed) return true;
  const base = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? base.startsWith(p.slice(0, -1)) : base === p;
  });
}

function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    id: row.id,
    bucket_id: row.bucket_id,
    owner: row.owner ?? undefined,
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    metadata: row.metadata,
  };
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new StorageError(400, 'InvalidJSON', 'The body must be a JSON object');
}

function pgError(error: unknown): StorageError | undefined {
  const code = (error as { code?: string }).code;
  if (code === '42501')
    return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
  if (code === '23503') return notFound('Bucket');
  if (code?.startsWith('22'))
    return new StorageError(400, 'InvalidRequest', (error as Error).message);
  return undefined;
}

/**
 * `/storage/v1`: buckets and objects as storage-api serves them, so supabase-js's storage client
 * works unchanged. Object and bucket rows are read and written as the caller's role with the
 * caller's JWT claims, so row level security on storage.* decides who may do what; the files
 * themselves live on disk.
 */
export function createStorage(opts: StorageOptions): WebHandler {
  const root = path.join(opts.dataDir, 'storage');
  const fileOf = (bucket: string, version: string) => path.join(root, bucket, version);

  const claimsOf = async (req: Request): Promise<Claims> => {
    const bearer = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = bearer ?? req.headers.get('apikey') ?? opts.anonKey;
    let claims: Record<string, unknown>;
    try {
      claims = await opts.verify(token);
    } catch (error) {
      throw new StorageError(400, 'InvalidJWT', (error as Error).message || 'Invalid JWT');
    }
    if (typeof claims.role !== 'string' || !API_ROLES.has(claims.role)) {
      throw new StorageError(403, 'Unauthorized', 'The token role is not allowed to use storage');
    }
    return claims as Claims;
  };

  /** Runs `body` in a transaction as the caller's role with the caller's claims (RLS applies). */
  const asCaller = async <T>(
    claims: Claims,
    body: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> => {
    const client = await opts.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [claims.role, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
      );
      const result = await body(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw pgError(error) ?? error;
    } finally {
      client.release();
    }
  };

  const bucketById = async (id: string): Promise<BucketRow> => {
    const { rows } = await opts.pool.query<BucketRow>(
      'select * from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw notFound('Bucket');
    return rows[0];
  };

  const serveFile = async (req: Request, row: ObjectRow): Promise<Response> => {
    if (!row.version) throw notFound();
    let data: Buffer;
    try {
      data = await readFile(fileOf(row.bucket_id, row.version));
    } catch {
      throw notFound();
    }
    const meta = row.metadata;
    const headers = new Headers({
      'content-type': meta?.mimetype ?? 'application/octet-stream',
      'content-length': String(data.length),
      'cache-control': meta?.cacheControl ?? 'no-cache',
      etag: meta?.eTag ?? `"${row.version}"`,
      'last-modified': row.updated_at.toUTCString(),
    });
    const download = new URL(req.url).searchParams.get('download');
    if (download !== null) {
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
  };

  const readUpload = async (
    req: Request,
  ): Promise<{ data: Uint8Array; mime: string; cacheControl: string }> => {
    const contentType = req.headers.get('content-type') ?? '';
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      let form: FormData;
      try {
        form = await req.formData();
      } catch {
        throw new StorageError(400, 'InvalidRequest', 'The multipart body could not be read');
      }
      let file: File | undefined;
      form.forEach((value) => {
        if (!file && typeof value !== 'string') file = value;
      });
      if (!file) throw new StorageError(400, 'InvalidRequest', 'The multipart body has no file');
      const cache = form.get('cacheControl');
      return {
        data: new Uint8Array(await file.arrayBuffer()),
        mime: file.type || 'application/octet-stream',
        cacheControl: `max-age=${typeof cache === 'string' && /^\d+$/.test(cache) ? cache : '3600'}`,
      };
    }
    return {
      data: new Uint8Array(await req.arrayBuffer()),
      mime: contentType || 'application/octet-stream',
      cacheControl: req.headers.get('cache-control') ?? 'max-age=3600',
    };
  };

  const upload = async (
    req: Request,
    claims: Claims,
    bucketId: string,
    name: string,
    mode: 'create' | 'upsert' | 'update',
  ) => {
    const bucket = await bucketById(bucketId);
    const { data, mime, cacheControl } = await readUpload(req);
    const limit = Math.min(
      bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit),
      opts.maxFileSize,
    );
    if (data.length > limit)
      throw new StorageError(
        413,
        'Payload too large',
        'The object exceeded the maximum allowed size',
      );
    if (!mimeAllowed(bucket.allowed_mime_types, mime)) {
      throw new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
    }
    const version = randomUUID();
    const now = new Date();
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(data).digest('hex')}"`,
      size: data.length,
      mimetype: mime,
      cacheControl,
      lastModified: now.toUTCString(),
      contentLength: data.length,
      httpStatusCode: 200,
    };
    const file = fileOf(bucketId, version);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.upload`;
    await writeFile(temporary, data);
    const owner = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
    let replaced: string | null = null;
    let row: { id: string };
    try {
      row = await asCaller(claims, async (client) => {
        const previous = await client.query<{ version: string | null }>(
          'select version from storage.objects where bucket_id = $1 and name = $2',
          [bucketId, name],
        );
        replaced = previous.rows[0]?.version ?? null;
        if (mode === 'update' && !previous.rows[0]) throw notFound();
        const values = [
          bucketId,
          name,
          owner,
          owner ?? (typeof claims.sub === 'string' ? claims.sub : null),
          JSON.stringify(metadata),
          version,
        ];
        const sql =
          mode === 'create'
            ? `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, $5, $6) returning id`
            : mode === 'upsert'
              ? `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, $5, $6)
                 on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                   metadata = excluded.metadata, version = excluded.version, updated_at = now(), last_accessed_at = now()
                 returning id`
              : `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, updated_at = now(), last_accessed_at = now()
                 where bucket_id = $1 and name = $2 returning id`;
        const { rows } = await client.query<{ id: string }>(sql, values);
        if (!rows[0])
          throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
        await rename(temporary, file);
        return rows[0];
      });
    } catch (error) {
      // Nothing was recorded, so no file may stay behind either.
      await Promise.all([rm(temporary, { force: true }), rm(file, { force: true })]);
      throw error;
    }
    if (replaced) await rm(fileOf(bucketId, replaced), { force: true }).catch(() => undefined);
    return Response.json({ Id: row.id, Key: `${bucketId}/${name}` });
  };

  const readableObject = async (
    claims: Claims,
    bucketId: string,
    name: string,
  ): Promise<ObjectRow> => {
    const row = await asCaller(claims, async (client) => {
      const { rows } = await client.query<ObjectRow>(
        'select * from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      );
      return rows[0];
    });
    if (!row) throw notFound();
    return row;
  };

  const removeObjects = async (claims: Claims, bucketId: string, names: string[]) => {
    const rows = await asCaller(claims, async (client) => {
      const { rows: deleted } = await client.query<ObjectRow>(
        'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
        [bucketId, names],
      );
      return deleted;
    });
    await Promise.all(
      rows.map((row) =>
        row.version ? rm(fileOf(bucketId, row.version), { force: true }) : undefined,
      ),
    );
    return rows;
  };

  const list = async (claims: Claims, bucketId: string, body: Record<string, unknown>) => {
    const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix;
    const limit = body.limit === undefined ? 100 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 1000 ||
      !Number.isInteger(offset) ||
      offset < 0
    ) {
      throw new StorageError(400, 'InvalidRequest', 'limit must be 1–1000 and offset at least 0');
    }
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
    const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
    if (!SORT_COLUMNS.has(column) || (order !== 'asc' && order !== 'desc')) {
      throw new StorageError(
        400,
        'InvalidRequest',
        'sortBy must name a column (name, created_at, updated_at, last_accessed_at) and an order (asc, desc)',
      );
    }
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const like = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const rows = await asCaller(claims, async (client) => {
      const { rows: found } = await client.query<ObjectRow>(
        `select * from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
        [bucketId, like],
      );
      return found;
    });
    const entries = new Map<
      string,
      | ReturnType<typeof objectJson>
      | {
          name: string;
          id: null;
          updated_at: null;
          created_at: null;
          last_accessed_at: null;
          metadata: null;
        }
    >();
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entryName = slash === -1 ? rest : rest.slice(0, slash);
      if (search && !entryName.toLowerCase().startsWith(search)) continue;
      if (slash === -1) entries.set(`f:${entryName}`, { ...objectJson(row), name: entryName });
      else if (!entries.has(`d:${entryName}`)) {
        entries.set(`d:${entryName}`, {
          name: entryName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    }
    const key = column as 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
    const sorted = [...entries.values()].sort((a, b) => {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      const primary = x < y ? -1 : x > y ? 1 : 0;
      const result = primary || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
      return order === 'asc' ? result : -result;
    });
    return sorted.slice(offset, offset + limit);
  };

  const signedUrl = async (bucketId: string, name: string, expiresIn: unknown): Promise<string> => {
    if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) {
      throw new StorageError(
        400,
        'InvalidRequest',
        'expiresIn must be a whole number of seconds, at least 1',
      );
    }
    const token = await opts.sign({ url: `${bucketId}/${name}`, kind: 'download' }, expiresIn);
    return `/object/sign/${bucketId}/${encodeName(name)}?token=${token}`;
  };

  /** Verifies a signed-URL token of `kind` for exactly `bucket/name`. */
  const tokenClaims = async (
    req: Request,
    kind: 'download' | 'upload',
    bucket: string,
    name: string,
  ) => {
    const token = new URL(req.url).searchParams.get('token');
    if (!token) throw new StorageError(400, 'InvalidSignature', 'The signature is missing');
    let claims: Record<string, unknown>;
    try {
      claims = await opts.verify(token);
    } catch (error) {
      throw new StorageError(400, 'InvalidJWT', (error as Error).message || 'Invalid token');
    }
    if (claims.kind !== kind || claims.url !== `${bucket}/${name}`) {
      throw new StorageError(400, 'InvalidSignature', 'The signature does not match this file');
    }
    return claims;
  };

  /** Checks, without writing anything, that the caller may create (or, with upsert, replace) `name`. */
  const checkMayUpload = async (
    claims: Claims,
    bucketId: string,
    name: string,
    upsert: boolean,
  ) => {
    await bucketById(bucketId);
    await asCaller(claims, async (client) => {
      const existing = await client.query(
        'select 1 from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      );
      if (existing.rowCount && !upsert)
        throw new StorageError(409, 'Duplicate', 'The resource already exists');
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
      if (!probe.rowCount)
        throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
      await client.query('rollback to savepoint probe');
    });
  };

  /** Moves or copies an object (possibly into another bucket), as the caller. */
  const relocate = async (
    req: Request,
    claims: Claims,
    mode: 'move' | 'copy',
  ): Promise<Response> => {
    const body = await jsonBody(req);
    const fromBucket = checkBucketId(body.bucketId);
    const toBucket = checkBucketId(body.destinationBucket ?? fromBucket);
    const from = checkObjectName(typeof body.sourceKey === 'string' ? body.sourceKey : '');
    const to = checkObjectName(typeof body.destinationKey === 'string' ? body.destinationKey : '');
    const target = await bucketById(toBucket);
    const source = await readableObject(claims, fromBucket, from);
    const size = source.metadata?.size ?? 0;
    if (target.file_size_limit !== null && size > Number(target.file_size_limit)) {
      throw new StorageError(
        413,
        'Payload too large',
        'The object exceeded the maximum allowed size',
      );
    }
    if (
      !mimeAllowed(
        target.allowed_mime_types,
        source.metadata?.mimetype ?? 'application/octet-stream',
      )
    ) {
      throw new StorageError(
        415,
        'invalid_mime_type',
        `mime type ${source.metadata?.mimetype} is not supported`,
      );
    }
    if (!source.version) throw notFound();
    const sourceFile = fileOf(fromBucket, source.version);
    if (mode === 'move') {
      await asCaller(claims, async (client) => {
        const moved = await client.query(
          'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
          [fromBucket, from, toBucket, to],
        );
        if (!moved.rowCount)
          throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
      });
      if (toBucket !== fromBucket) {
        await mkdir(path.join(root, toBucket), { recursive: true });
        await rename(sourceFile, fileOf(toBucket, source.version));
      }
      return Response.json({ message: 'Successfully moved' });
    }
    const version = randomUUID();
    const copyFile = fileOf(toBucket, version);
    await mkdir(path.dirname(copyFile), { recursive: true });
    await writeFile(copyFile, await readFile(sourceFile));
    const owner = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
    try {
      const row = await asCaller(claims, async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, $5, $6) returning id`,
          [toBucket, to, owner, owner, JSON.stringify(source.metadata), version],
        );
        return rows[0];
      });
      return Response.json({ Id: row?.id, Key: `${toBucket}/${to}` });
    } catch (error) {
      await rm(copyFile, { force: true });
      throw error;
    }
  };

  const bucketRoutes = async (req: Request, segments: string[]): Promise<Response> => {
    const claims = await claimsOf(req);
    const [id, action] = segments;
    if (req.method === 'GET' && !id) {
      const rows = await asCaller(
        claims,
        async (client) =>
          (await client.query<BucketRow>('select * from storage.buckets order by name')).rows,
      );
      return Response.json(rows.map(bucketJson));
    }
    if (req.method === 'POST' && !id) {
      const body = await jsonBody(req);
      const bucketId = checkBucketId(body.id ?? body.name);
      const name = checkBucketId(body.name ?? bucketId);
      const size = parseSize(body.file_size_limit);
      const mimes = parseMimeTypes(body.allowed_mime_types);
      const owner = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
      await asCaller(claims, (client) =>
        client.query(
          `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner, owner_id) values ($1, $2, $3, $4, $5, $6, $7)`,
          [bucketId, name, body.public === true, size, mimes, owner, owner],
        ),
      );
      return Response.json({ name: bucketId });
    }
    if (!id) throw new StorageError(404, 'not_found', 'Route not found');
    const bucketId = checkBucketId(id);
    if (req.method === 'GET' && !action) {
      const row = await asCaller(
        claims,
        async (client) =>
          (await client.query<BucketRow>('select * from storage.buckets where id = $1', [bucketId]))
            .rows[0],
      );
      if (!row) throw notFound('Bucket');
      return Response.json(bucketJson(row));
    }
    if (req.method === 'PUT' && !action) {
      const body = await jsonBody(req);
      const size = parseSize(body.file_size_limit);
      const mimes = parseMimeTypes(body.allowed_mime_types);
      const updated = await asCaller(claims, (client) =>
        client.query(
          `update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1`,
          [bucketId, body.public === true, size, mimes],
        ),
      );
      if (!updated.rowCount) throw notFound('Bucket');
      return Response.json({ message: 'Successfully updated' });
    }
    if (req.method === 'POST' && action === 'empty') {
      await bucketById(bucketId);
      const names = await asCaller(claims, async (client) =>
        (
          await client.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1',
            [bucketId],
          )
        ).rows.map((row) => row.name),
      );
      await removeObjects(claims, bucketId, names);
      return Response.json({ message: 'Successfully emptied' });
    }
    if (req.method === 'DELETE' && !action) {
      await bucketById(bucketId);
      const { rows } = await opts.pool.query(
        'select 1 from storage.objects where bucket_id = $1 limit 1',
        [bucketId],
      );
      if (rows.length)
        throw new StorageError(
          409,
          'InvalidRequest',
          'The bucket you tried to delete is not empty',
        );
      const deleted = await asCaller(claims, (client) =>
        client.query('delete from storage.buckets where id = $1', [bucketId]),
      );
      if (!deleted.rowCount)
        throw new StorageError(403, 'Unauthorized', 'You may not delete this bucket');
      await rm(path.join(root, bucketId), { recursive: true, force: true });
      return Response.json({ message: 'Successfully deleted' });
    }
    throw new StorageError(404, 'not_found', 'Route not found');
  };

  const objectRoutes = async (req: Request, segments: string[]): Promise<Response> => {
    const [first, ...rest] = segments;
    const method = req.method;

    if (first === 'public' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = bucketAndName(rest);
      const row = await bucketById(bucket).catch(() => undefined);
      if (!row?.public) throw notFound();
      const { rows } = await opts.pool.query<ObjectRow>(
        'select * from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      if (!rows[0]) throw notFound();
      return serveFile(req, rows[0]);
    }
    if (first === 'sign' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = bucketAndName(rest);
      await tokenClaims(req, 'download', bucket, name);
      const { rows } = await opts.pool.query<ObjectRow>(
        'select * from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      );
      if (!rows[0]) throw notFound();
      return serveFile(req, rows[0]);
    }
    if (first === 'upload' && rest[0] === 'sign' && method === 'PUT') {
      const { bucket, name } = bucketAndName(rest.slice(1));
      const token = await tokenClaims(req, 'upload', bucket, name);
      const uploader: Claims = {
        role: 'service_role',
        ...(typeof token.owner === 'string' ? { sub: token.owner } : {}),
      };
      const res = await upload(
        req,
        uploader,
        bucket,
        name,
        token.upsert === true ? 'upsert' : 'create',
      );
      const { Key } = (await res.json()) as { Key: string };
      return Response.json({ Key });
    }

    const claims = await claimsOf(req);
    if (first === 'sign' && method === 'POST') {
      const body = await jsonBody(req);
      if (rest.length === 1) {
        const bucket = checkBucketId(rest[0]);
        if (!Array.isArray(body.paths) || !body.paths.every((item) => typeof item === 'string')) {
          throw new StorageError(400, 'InvalidRequest', 'paths must be a list of object names');
        }
        const results = [];
        for (const item of body.paths as string[]) {
          try {
            const name = checkObjectName(item);
            await readableObject(claims, bucket, name);
            results.push({
              error: null,
              path: item,
              signedURL: await signedUrl(bucket, name, body.expiresIn),
            });
          } catch (error) {
            if (!(error instanceof StorageError)) throw error;
            if (error.code === 'InvalidRequest') throw error;
            results.push({
              error: 'Either the object does not exist or you do not have access to it',
              path: item,
              signedURL: null,
            });
          }
        }
        return Response.json(results);
      }
      const { bucket, name } = bucketAndName(rest);
      await readableObject(claims, bucket, name);
      return Response.json({ signedURL: await signedUrl(bucket, name, body.expiresIn) });
    }
    if (first === 'upload' && rest[0] === 'sign' && method === 'POST') {
      const { bucket, name } = bucketAndName(rest.slice(1));
      const upsert = req.headers.get('x-upsert') === 'true';
      await checkMayUpload(claims, bucket, name, upsert);
      const claimsOwner = typeof claims.sub === 'string' ? { owner: claims.sub } : {};
      const token = await opts.sign(
        { url: `${bucket}/${name}`, kind: 'upload', upsert, ...claimsOwner },
        SIGNED_UPLOAD_SECONDS,
      );
      return Response.json({
        url: `/object/upload/sign/${bucket}/${encodeName(name)}?token=${token}`,
      });
    }
    if ((first === 'move' || first === 'copy') && method === 'POST' && rest.length === 0)
      return relocate(req, claims, first);
    if (first === 'list' && method === 'POST') {
      const bucket = checkBucketId(rest[0]);
      await bucketById(bucket);
      return Response.json(await list(claims, bucket, await jsonBody(req)));
    }
    if (first === 'info' && method === 'GET') {
      const { bucket, name } = bucketAndName(rest);
      const row = await readableObject(claims, bucket, name);
      return Response.json({
        ...objectJson(row),
        version: row.version,
        size: row.metadata?.size,
        content_type: row.metadata?.mimetype,
        etag: row.metadata?.eTag,
        cache_control: row.metadata?.cacheControl,
      });
    }
    if (first === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = bucketAndName(rest);
      return serveFile(req, await readableObject(claims, bucket, name));
    }
    if (first === undefined) throw new StorageError(404, 'not_found', 'Route not found');
    if (RESERVED_BUCKETS.has(first)) throw new StorageError(404, 'not_found', 'Route not found');

    if (method === 'DELETE' && rest.length === 0) {
      const bucket = checkBucketId(first);
      const body = await jsonBody(req);
      if (
        !Array.isArray(body.prefixes) ||
        !body.prefixes.every((item) => typeof item === 'string')
      ) {
        throw new StorageError(400, 'InvalidRequest', 'prefixes must be a list of object names');
      }
      await bucketById(bucket);
      const deleted = await removeObjects(claims, bucket, body.prefixes as string[]);
      return Response.json(deleted.map(objectJson));
    }
    const { bucket, name } = bucketAndName([first, ...rest]);
    if (method === 'GET' || method === 'HEAD')
      return serveFile(req, await readableObject(claims, bucket, name));
    if (method === 'POST')
      return upload(
        req,
        claims,
        bucket,
        name,
        req.headers.get('x-upsert') === 'true' ? 'upsert' : 'create',
      );
    if (method === 'PUT') return upload(req, claims, bucket, name, 'update');
    if (method === 'DELETE') {
      const [deleted] = await removeObjects(claims, bucket, [name]);
      if (!deleted) throw notFound();
      return Response.json({ message: 'Successfully deleted' });
    }
    throw new StorageError(405, 'MethodNotAllowed', `${method} is not supported here`);
  };

  return async (req, info) => {
    try {
      let segments: string[];
      try {
        segments = info.path
          .split('/')
          .filter((_, index) => index > 0)
          .map(decodeURIComponent);
      } catch {
        throw new StorageError(400, 'InvalidKey', 'Malformed path');
      }
      // supabase-js never sends empty folders; a trailing slash is tolerated.
      if (segments.at(-1) === '') segments.pop();
      const [area, ...rest] = segments;
      if (area === 'bucket') return await bucketRoutes(req, rest);
      if (area === 'object') return await objectRoutes(req, rest);
      throw new StorageError(404, 'not_found', 'Route not found');
    } catch (error) {
      if (error instanceof StorageError) return errorResponse(error);
      const mapped = pgError(error);
      if (mapped) return errorResponse(mapped);
      opts.log(`[storage] ${req.method} ${info.path}: ${(error as Error).stack ?? String(error)}`);
      return errorResponse(new StorageError(500, 'internal', 'Internal error'));
    }
  };
}
