/**
 * Decides, in Postgres and as each subscriber, whether a changed row may be delivered to them.
 *
 * The check runs with the subscriber's role and JWT claims set (`role`, `request.jwt.claims`),
 * on the row image of the change itself (the new row of an INSERT or UPDATE, the old row of a
 * DELETE): the table's SELECT grant and its RLS policies for that role — permissive ones OR'ed,
 * restrictive ones AND'ed, as Postgres combines them — are evaluated on that image. Policy
 * functions such as `auth.uid()` and SECURITY DEFINER helpers run as they would in a `select` by
 * that user. Checking the image rather than looking the row up again means a row changed or
 * deleted right after the change is still judged as it was. Columns a DELETE's replica identity
 * does not carry are NULL, so a policy that needs them fails closed.
 *
 * For each table and role, a checker function in the stack's private schema holds the policies as
 * static SQL (planned once per session); it switches to the role and evaluates each row image with
 * that subscriber's claims. Checks queued while a query runs go together in the next one.
 */
import type pg from 'pg';
import type { RelationInfo } from './replication.ts';

export const REALTIME_SCHEMA = 'verdant_realtime';

const INSTALL_SQL = `
create schema if not exists ${REALTIME_SCHEMA};
revoke all on schema ${REALTIME_SCHEMA} from public;
drop function if exists ${REALTIME_SCHEMA}.visible_to(text[], text[], text[], jsonb);
drop function if exists ${REALTIME_SCHEMA}.visible_rows(text[], text[], text[], jsonb[]);
`;

/**
 * The checker of one table for one role: a function with the policies as static SQL, so
 * Postgres plans it once per session instead of once per row. It switches to the role, then for
 * each row image sets that subscriber's claims and evaluates the policies on the image.
 */
function checkerSql(
  name: string,
  role: string,
  table: string,
  alias: string,
  where: string,
): string {
  return `
create or replace function ${REALTIME_SCHEMA}.${name}(images jsonb[], claims text[])
returns boolean[]
language plpgsql
volatile
set search_path = ''
as $fn$
declare
  result boolean[] := array[]::boolean[];
  seen boolean;
begin
  perform set_config('role', '${role}', true);
  for i in 1 .. coalesce(array_length(images, 1), 0) loop
    perform set_config('request.jwt.claims', claims[i], true);
    begin
      seen := exists (select 1 from jsonb_populate_record(null::${table}, images[i]) as ${alias} where ${where});
    exception when others then
      seen := false;
    end;
    result := result || coalesce(seen, false);
  end loop;
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
  return result;
end
$fn$;
revoke all on function ${REALTIME_SCHEMA}.${name}(jsonb[], text[]) from public;
`;
}

/** Roles a realtime subscriber may act as (the `role` claim of their JWT). */
export const SUBSCRIBER_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type SubscriberRole = (typeof SUBSCRIBER_ROLES)[number];

export interface Viewer {
  role: SubscriberRole;
  /** The verified JWT claims, as JSON. */
  claimsJson: string;
}

const CACHE_MS = 5_000;
const MAX_PARALLEL = 2;
const MAX_BATCH_ROWS = 500;

interface PendingCheck {
  fn: string;
  claims: string;
  image: string;
  resolve: (visible: boolean) => void;
  reject: (error: unknown) => void;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

async function inTransaction<T>(
  pool: pg.Pool,
  setup: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(setup);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

interface Cached<T> {
  at: number;
  value: T;
}

export interface Visibility {
  install(): Promise<void>;
  /** For each viewer, whether they may see `rowImage` (a `jsonb_populate_record` input) of `relation`. */
  check(
    relation: RelationInfo,
    rowImage: Record<string, unknown>,
    viewers: Viewer[],
  ): Promise<boolean[]>;
  /** Columns `role` may select in `relation`. */
  visibleColumns(relation: RelationInfo, role: SubscriberRole): Promise<Set<string>>;
  /** Primary key columns of `relation` (empty when it has none). */
  primaryKey(relation: RelationInfo): Promise<string[]>;
}

export function createVisibility(pool: pg.Pool): Visibility {
  const keys = new Map<number, Cached<string[]>>();
  const checkers = new Map<string, Cached<{ name: string; sql: string }>>();
  const building = new Map<string, Promise<string>>();
  const columns = new Map<string, Cached<Set<string>>>();

  const fresh = <T>(entry: Cached<T> | undefined): entry is Cached<T> =>
    !!entry && Date.now() - entry.at < CACHE_MS;

  const primaryKey = async (relation: RelationInfo): Promise<string[]> => {
    const cached = keys.get(relation.oid);
    if (fresh(cached)) return cached.value;
    const { rows } = await pool.query<{ attname: string }>(
      `select a.attname from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::oid and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
      [relation.oid],
    );
    const value = rows.map((row) => row.attname);
    keys.set(relation.oid, { at: Date.now(), value });
    return value;
  };

  const qualified = (relation: RelationInfo) =>
    `${ident(relation.schema)}.${ident(relation.table)}`;

  /** The name of the checker function of `relation` for `role`, (re)created when its policies changed. */
  const checker = (relation: RelationInfo, role: SubscriberRole): Promise<string> => {
    const cacheKey = `${relation.oid}:${role}`;
    const cached = checkers.get(cacheKey);
    const current = cached?.value;
    if (fresh(cached)) return Promise.resolve(cached.value.name);
    // One (re)build per table and role at a time: concurrent CREATE OR REPLACE of one function
    // fails. While a known checker is rebuilt (policies re-read), the current one keeps serving.
    let pending = building.get(cacheKey);
    if (!pending) {
      pending = buildChecker(relation, role, current?.sql).finally(() => building.delete(cacheKey));
      building.set(cacheKey, pending);
    }
    if (current) {
      pending.catch(() => undefined);
      return Promise.resolve(current.name);
    }
    return pending;
  };

  const buildChecker = async (
    relation: RelationInfo,
    role: SubscriberRole,
    previousSql: string | undefined,
  ): Promise<string> => {
    const cacheKey = `${relation.oid}:${role}`;
    const table = qualified(relation);
    const meta = await pool.query<{ rls: boolean; bypass: boolean }>(
      `select c.relrowsecurity as rls, r.rolbypassrls as bypass
         from pg_class c, pg_roles r where c.oid = $1::oid and r.rolname = $2`,
      [relation.oid, role],
    );
    const { rls = true, bypass = false } = meta.rows[0] ?? {};
    let where = `has_table_privilege(${literal(table)}, 'SELECT')`;
    if (rls && !bypass) {
      // Deparsed with an empty search path, so every name in the policies comes out qualified
      // (the checker runs with an empty search path too).
      const { rows } = await inTransaction(pool, "set local search_path = ''", (client) =>
        client.query<{ permissive: boolean; qual: string | null }>(
          `select p.polpermissive as permissive,
                pg_get_expr(coalesce(p.polqual, p.polwithcheck), p.polrelid) as qual
           from pg_policy p
          where p.polrelid = $1::oid and p.polcmd in ('r', '*')
            and (0::oid = any(p.polroles)
                 or exists (select 1 from unnest(p.polroles) as r(oid) where pg_has_role($2, r.oid, 'MEMBER')))`,
          [relation.oid, role],
        ),
      );
      const permissive = rows.filter((row) => row.permissive).map((row) => row.qual ?? 'true');
      const restrictive = rows.filter((row) => !row.permissive).map((row) => row.qual ?? 'true');
      where += permissive.length ? ` and ((${permissive.join(') or (')}))` : ' and false';
      for (const qual of restrictive) where += ` and (${qual})`;
    }
    const name = `check_${relation.oid}_${role}`;
    const sql = checkerSql(name, role, table, ident(relation.table), where);
    if (previousSql !== sql) await pool.query(sql);
    checkers.set(cacheKey, { at: Date.now(), value: { name, sql } });
    return name;
  };

  // Checks of several changes travel in one query when changes arrive faster than one round trip:
  // at most MAX_PARALLEL queries run, and whatever queued meanwhile goes in the next one.
  const queue: PendingCheck[] = [];
  let running = 0;
  const flush = () => {
    while (running < MAX_PARALLEL && queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH_ROWS);
      const groups = new Map<string, PendingCheck[]>();
      for (const item of batch) groups.set(item.fn, [...(groups.get(item.fn) ?? []), item]);
      const calls: string[] = [];
      const params: unknown[] = [];
      for (const [fn, items] of groups) {
        params.push(
          items.map((item) => item.image),
          items.map((item) => item.claims),
        );
        calls.push(
          `${REALTIME_SCHEMA}.${fn}($${params.length - 1}::jsonb[], $${params.length}::text[])`,
        );
      }
      running += 1;
      pool
        .query<{ verdicts: boolean[][] }>(`select array[${calls.join(', ')}] as verdicts`, params)
        .then(
          ({ rows }) => {
            const verdicts = rows[0]?.verdicts ?? [];
            [...groups.values()].forEach((items, g) =>
              items.forEach((item, i) => item.resolve(verdicts[g]?.[i] === true)),
            );
          },
          (error: unknown) => {
            for (const item of batch) item.reject(error);
          },
        )
        .finally(() => {
          running -= 1;
          flush();
        });
    }
  };

  return {
    async install() {
      await pool.query(INSTALL_SQL);
    },
    primaryKey,
    async check(relation, rowImage, viewers) {
      const image = JSON.stringify(rowImage);
      return Promise.all(
        viewers.map(async (viewer) => {
          const fn = await checker(relation, viewer.role);
          return new Promise<boolean>((resolve, reject) => {
            queue.push({ fn, claims: viewer.claimsJson, image, resolve, reject });
            flush();
          });
        }),
      );
    },
    async visibleColumns(relation, role) {
      const cacheKey = `${relation.oid}:${role}`;
      const cached = columns.get(cacheKey);
      if (fresh(cached)) return cached.value;
      const { rows } = await pool.query<{ attname: string }>(
        `select attname from pg_attribute
          where attrelid = $1::oid and attnum > 0 and not attisdropped
            and has_column_privilege($2, attrelid, attnum, 'SELECT')`,
        [relation.oid, role],
      );
      const value = new Set(rows.map((row) => row.attname));
      columns.set(cacheKey, { at: Date.now(), value });
      return value;
    },
  };
}
