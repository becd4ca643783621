// What every storage route works with: the database (as the caller, so row level security on
// storage.* decides), the files on disk and the signing keys.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { bearerToken, isUuid } from '@verdant/validation';
import { StorageError, notFound, pgError } from './errors.ts';
import type { BucketRow, ObjectRow } from './rows.ts';

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

export type Claims = Record<string, unknown> & { role: string };

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface StorageRuntime extends StorageOptions {
  /** Where the file of `version` of an object in `bucket` lives. */
  fileOf(bucket: string, version: string): string;
  bucketDir(bucket: string): string;
}

export function createRuntime(opts: StorageOptions): StorageRuntime {
  const root = path.join(opts.dataDir, 'storage');
  return {
    ...opts,
    fileOf: (bucket, version) => path.join(root, bucket, version),
    bucketDir: (bucket) => path.join(root, bucket),
  };
}

/** The verified claims of the request's bearer token (or its API key, or the anon key). */
export async function claimsOf(rt: StorageRuntime, req: Request): Promise<Claims> {
  const token =
    bearerToken(req.headers.get('authorization')) ?? req.headers.get('apikey') ?? rt.anonKey;
  let claims: Record<string, unknown>;
  try {
    claims = await rt.verify(token);
  } catch (error) {
    throw new StorageError(400, 'InvalidJWT', (error as Error).message || 'Invalid JWT');
  }
  if (typeof claims.role !== 'string' || !API_ROLES.has(claims.role)) {
    throw new StorageError(403, 'Unauthorized', 'The token role is not allowed to use storage');
  }
  return claims as Claims;
}

/** Runs `body` in one transaction as the caller's role with the caller's claims (RLS applies). */
export async function inTransaction<T>(
  rt: StorageRuntime,
  claims: Claims,
  body: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await rt.pool.connect();
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
}

/** A bucket, read without row level security (existence and limits are not secrets of the caller). */
export async function bucketById(rt: StorageRuntime, id: string): Promise<BucketRow> {
  const { rows } = await rt.pool.query<BucketRow>('select * from storage.buckets where id = $1', [
    id,
  ]);
  if (!rows[0]) throw notFound('Bucket');
  return rows[0];
}

/** An object the caller may read, or 404. */
export async function readableObject(
  rt: StorageRuntime,
  claims: Claims,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  const row = await inTransaction(rt, claims, async (client) => {
    const { rows } = await client.query<ObjectRow>(
      'select * from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    return rows[0];
  });
  if (!row) throw notFound();
  return row;
}

/** Deletes the named objects the caller may delete, and their files; returns the deleted rows. */
export async function removeObjects(
  rt: StorageRuntime,
  claims: Claims,
  bucketId: string,
  names: string[],
): Promise<ObjectRow[]> {
  const rows = await inTransaction(rt, claims, async (client) => {
    const { rows: deleted } = await client.query<ObjectRow>(
      'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
      [bucketId, names],
    );
    return deleted;
  });
  await Promise.all(
    rows.flatMap((row) =>
      row.version ? [rm(rt.fileOf(bucketId, row.version), { force: true })] : [],
    ),
  );
  return rows;
}

/** The caller's user id when it is one (the owner of what the caller creates). */
export function ownerOf(claims: Claims): string | null {
  return isUuid(claims.sub) ? claims.sub : null;
}
