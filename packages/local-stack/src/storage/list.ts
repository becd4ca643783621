// Listing objects: `/object/list` (one folder level, offset paging) and `/object/list-v2`
// (flat or folder-grouped, cursor paging), both as the caller.
import { invalidRequest } from './errors.ts';
import { checkBucketId, jsonBody } from './input.ts';
import type { CallerHandler } from './router.ts';
import { type ObjectRow, objectJson } from './rows.ts';
import { bucketById } from './runtime.ts';

const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);

type Entry = { name: string; id: string | null } & Record<string, unknown>;

/** Compares names bytewise, as Postgres's "C" collation (and so hosted) orders them. */
function byName(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const listObjects: CallerHandler = async (rt, { req, params, db }) => {
  const bucketId = checkBucketId(params.bucket);
  await bucketById(rt, bucketId);
  const body = await jsonBody(req);
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
    throw invalidRequest('limit must be 1–1000 and offset at least 0');
  }
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (!SORT_COLUMNS.has(column) || (order !== 'asc' && order !== 'desc')) {
    throw invalidRequest(
      'sortBy must name a column (name, created_at, updated_at, last_accessed_at) and an order (asc, desc)',
    );
  }
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const rows = await db(
    async (client) =>
      (
        await client.query<ObjectRow>(
          `select * from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
          [bucketId, likePrefix(prefix)],
        )
      ).rows,
  );
  const entries = new Map<string, Entry>();
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
  const sorted = [...entries.values()].sort((a, b) => {
    const x = (a[column] as string | null) ?? '';
    const y = (b[column] as string | null) ?? '';
    const primary = x < y ? -1 : x > y ? 1 : 0;
    const result = primary || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    return order === 'asc' ? result : -result;
  });
  return Response.json(sorted.slice(offset, offset + limit));
};

interface Cursor {
  /** The name (full key) of the last entry of the previous page. */
  after: string;
  /** Its sort value when sorting by a timestamp. */
  at?: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: unknown): Cursor | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    const cursor: unknown = JSON.parse(Buffer.from(String(value), 'base64url').toString('utf8'));
    const { after, at } = cursor as Partial<Cursor>;
    if (typeof after === 'string' && (at === undefined || typeof at === 'string'))
      return { after, ...(at === undefined ? {} : { at }) };
  } catch {
    // fall through
  }
  throw invalidRequest('Invalid Parameter cursor');
}

const V2_COLUMNS = new Set(['name', 'created_at', 'updated_at']);

/**
 * `POST /object/list-v2/{bucket}` (storage-js `listV2`): every object under `prefix` (a plain
 * string prefix, not necessarily a folder), or with `with_delimiter` the objects directly under it
 * and its sub-folders (`name` ending in "/", `key` the last segment). Pages of `limit` (at most
 * 1000) follow `nextCursor`.
 */
export const listObjectsV2: CallerHandler = async (rt, { req, params, db }) => {
  const bucketId = checkBucketId(params.bucket);
  const body = await jsonBody(req);
  const prefix = body.prefix === undefined ? '' : body.prefix;
  const limit = body.limit === undefined ? 1000 : body.limit;
  const delimited = body.with_delimiter === undefined ? false : body.with_delimiter;
  const sortBy = (body.sortBy ?? { column: 'name' }) as { column?: unknown; order?: unknown };
  const order = sortBy.order === undefined ? 'asc' : sortBy.order;
  if (typeof prefix !== 'string') throw invalidRequest('prefix must be a string');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
    throw invalidRequest('limit must be a whole number, at least 1');
  if (typeof delimited !== 'boolean') throw invalidRequest('with_delimiter must be true or false');
  if (
    typeof sortBy !== 'object' ||
    !V2_COLUMNS.has(sortBy.column as string) ||
    (order !== 'asc' && order !== 'desc')
  ) {
    throw invalidRequest(
      'sortBy must name a column (name, created_at, updated_at) and an order (asc, desc)',
    );
  }
  const column = sortBy.column as 'name' | 'created_at' | 'updated_at';
  const cursor = decodeCursor(body.cursor);
  const pageSize = Math.min(limit, 1000);
  await bucketById(rt, bucketId);
  const rows = await db(
    async (client) =>
      (
        await client.query<ObjectRow>(
          `select * from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
          [bucketId, likePrefix(prefix)],
        )
      ).rows,
  );

  // Folder-grouped listings show each sub-folder once, dated by its oldest object.
  const levels = prefix.split('/').length;
  type Item = { entry: Entry; sortValue: string };
  const items = new Map<string, Item>();
  for (const row of rows) {
    const slash = row.name.indexOf('/', prefix.length);
    const stamp = (date: Date) => date.toISOString();
    if (delimited && slash !== -1) {
      const name = row.name.slice(0, slash + 1);
      const created = stamp(row.created_at);
      const existing = items.get(name);
      if (existing && existing.sortValue <= created) continue;
      items.set(name, {
        entry: {
          key: name.split('/')[levels - 1] ?? '',
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        },
        sortValue: column === 'name' ? name : created,
      });
      continue;
    }
    items.set(row.name, {
      entry: {
        ...(delimited ? { key: row.name.split('/')[levels - 1] ?? '' } : {}),
        name: row.name,
        id: row.id,
        updated_at: stamp(row.updated_at),
        created_at: stamp(row.created_at),
        last_accessed_at: stamp(row.last_accessed_at),
        metadata: row.metadata,
      },
      sortValue: column === 'name' ? row.name : stamp(row[column]),
    });
  }
  const compare = (
    a: { sortValue: string; name: string },
    b: { sortValue: string; name: string },
  ) => {
    const primary =
      column === 'name' ? 0 : a.sortValue < b.sortValue ? -1 : a.sortValue > b.sortValue ? 1 : 0;
    const result = primary || byName(a.name, b.name);
    return order === 'asc' ? result : -result;
  };
  const sorted = [...items.values()]
    .map((item) => ({ ...item, name: item.entry.name }))
    .sort(compare);
  const start = cursor
    ? sorted.findIndex(
        (item) => compare(item, { name: cursor.after, sortValue: cursor.at ?? cursor.after }) > 0,
      )
    : 0;
  const rest = start === -1 ? [] : sorted.slice(start);
  const page = rest.slice(0, pageSize);
  const hasNext = rest.length > pageSize;
  const last = page.at(-1);
  return Response.json({
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({
            after: last.name,
            ...(column === 'name' ? {} : { at: last.sortValue }),
          }),
          nextCursorKey: last.name,
        }
      : {}),
    folders: page.filter((item) => item.entry.id === null).map((item) => item.entry),
    objects: page.filter((item) => item.entry.id !== null).map((item) => item.entry),
  });
};
