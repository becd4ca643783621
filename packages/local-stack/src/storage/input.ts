// Checks of what a storage request names and sends: bucket ids, object keys, sizes, MIME type
// lists, JSON bodies and user metadata.
import { StorageError, invalidRequest, tooLarge } from './errors.ts';

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

/** Largest JSON body of a storage request (list, sign, move, …). */
const JSON_BODY_LIMIT = 1024 * 1024;

/** Largest user metadata of an object (bytes of JSON), as on hosted. */
export const USER_METADATA_LIMIT = 1024 * 1024;

export function checkBucketId(id: unknown): string {
  if (typeof id !== 'string' || !BUCKET_ID.test(id) || RESERVED_BUCKETS.has(id)) {
    throw new StorageError(400, 'InvalidBucketName', 'Bucket name invalid');
  }
  return id;
}

export function checkObjectName(name: string): string {
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

/** The bucket and object key of a `/{bucket}/{key…}` route. */
export function bucketAndName(params: { bucket?: string; path?: string }): {
  bucket: string;
  name: string;
} {
  return { bucket: checkBucketId(params.bucket), name: checkObjectName(params.path ?? '') };
}

/** An object key as a URL path, each segment encoded. */
export function encodeName(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

/** "50MB", "1 MiB", 1024 → bytes; null when absent. */
export function parseSize(value: unknown): number | null {
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
  throw invalidRequest('file_size_limit must be a number of bytes or a size like "5MB"');
}

export function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(item))
  ) {
    return value.length ? (value as string[]) : null;
  }
  throw invalidRequest(
    'allowed_mime_types must be a list of MIME types such as "image/png" or "image/*"',
  );
}

export function mimeAllowed(allowed: string[] | null, mime: string): boolean {
  if (!allowed) return true;
  const base = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? base.startsWith(p.slice(0, -1)) : base === p;
  });
}

export const mimeRefused = (mime: string) =>
  new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);

/**
 * Hands `req`'s body to `onChunk` chunk by chunk, and refuses it with 413 as soon as it passes
 * `limit` bytes (without reading the rest); returns the number of bytes read.
 */
export async function readBodyUpTo(
  req: Request,
  limit: number,
  onChunk: (chunk: Buffer) => void | Promise<void>,
): Promise<number> {
  if (!req.body) return 0;
  let size = 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      await onChunk(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
  } finally {
    reader.releaseLock();
  }
  return size;
}

/** Reads at most `limit` bytes of `req`'s body as text; more is refused with 413. */
async function limitedText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  await readBodyUpTo(req, limit, (chunk) => void chunks.push(Buffer.from(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await limitedText(req, JSON_BODY_LIMIT);
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

/**
 * User metadata of an upload: a JSON object, sent as the form field `metadata` (`encoding:
 * 'json'`) or base64-encoded in the `x-metadata` header. Hosted ignores metadata it cannot parse;
 * the local stack refuses it, so the mistake shows before deployment.
 */
export function parseUserMetadata(
  value: string | null | undefined,
  encoding: 'json' | 'base64',
): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const json = encoding === 'base64' ? Buffer.from(value, 'base64').toString('utf8') : value;
  if (Buffer.byteLength(json) > USER_METADATA_LIMIT) throw tooLarge('user_metadata');
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw invalidRequest(
    encoding === 'base64'
      ? 'x-metadata must be a base64-encoded JSON object'
      : 'The metadata field must be a JSON object',
  );
}
