import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../src/testing.ts';
import { unguardedWrites } from './sql-writes.ts';
import { startConformanceStack } from './support.ts';

/*
 * What keeps the project deployable to hosted Supabase: the local bootstrap's auth and storage
 * columns and the API roles' settings match a recorded snapshot of hosted's, and no function the
 * API can call runs a DELETE or UPDATE that hosted's pg-safeupdate would refuse.
 */

interface ColumnSnapshot {
  type: string;
  nullable: boolean;
  default: string | null;
  generated?: boolean;
}

interface HostedSnapshot {
  columns: Record<string, Record<string, ColumnSnapshot>>;
  roleSettings: Record<string, string[]>;
}

let stack: RunningStack;
let hosted: HostedSnapshot;

beforeAll(async () => {
  hosted = JSON.parse(
    await readFile(new URL('./hosted-schema.snapshot.json', import.meta.url), 'utf8'),
  ) as HostedSnapshot;
  stack = await startConformanceStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/**
 * A default expression without its type casts (`''::character varying` → `''`); a NULL default
 * is no default.
 */
function withoutCasts(expression: string | null): string | null {
  const bare = expression?.replace(/::[a-z ]+(\(\d+\))?(\[\])?/g, '') ?? null;
  return bare === 'NULL' ? null : bare;
}

async function localColumns(table: string): Promise<Record<string, ColumnSnapshot>> {
  const [schema, name] = table.split('.');
  const { rows } = await stack.pool.query<{
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
    generated: boolean;
  }>(
    `select a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
            not a.attnotnull as nullable,
            case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default,
            a.attgenerated <> '' as generated
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [schema, name],
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.column,
      {
        type: row.type,
        nullable: row.nullable,
        default: withoutCasts(row.default),
        ...(row.generated ? { generated: true } : {}),
      },
    ]),
  );
}

/** Columns the local stack adds for its own bookkeeping, which hosted does not have. */
const LOCAL_ONLY: Record<string, string[]> = {
  'auth.users': [],
  'auth.identities': [],
  'storage.buckets': [],
  'storage.objects': [],
};

describe('drift from hosted', () => {
  it.each(['auth.users', 'auth.identities', 'storage.buckets', 'storage.objects'])(
    '%s has hosted’s columns, types, nullability and defaults',
    async (table) => {
      const local = await localColumns(table);
      const expected = hosted.columns[table]!;
      for (const [column, definition] of Object.entries(expected)) {
        expect({ column, ...local[column] }).toEqual({
          column,
          ...definition,
          default: withoutCasts(definition.default),
        });
      }
      const extra = Object.keys(local).filter(
        (column) => !(column in expected) && !LOCAL_ONLY[table]!.includes(column),
      );
      expect(extra).toEqual([]);
    },
  );

  it('the API roles have hosted’s statement and lock timeouts', async () => {
    const { rows } = await stack.pool.query<{ role: string; settings: string[] | null }>(
      `select r.rolname as role, s.setconfig as settings
       from pg_roles r
       left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0
       where r.rolname = any($1)`,
      [Object.keys(hosted.roleSettings)],
    );
    const local = Object.fromEntries(
      rows.map((row) => [row.role, [...(row.settings ?? [])].sort()]),
    );
    expect(local).toEqual(hosted.roleSettings);
  });

  it('PostgREST applies the anon role’s 3 s statement timeout to API requests', async () => {
    await stack.pool.query(
      `create function public.conformance_sleep(seconds double precision) returns void
       language sql as 'select pg_sleep(seconds)';
       grant execute on function public.conformance_sleep(double precision) to anon`,
    );
    try {
      const call = (seconds: number) =>
        fetch(`${stack.apiUrl}/rest/v1/rpc/conformance_sleep`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ seconds }),
        });
      // PostgREST reloads its schema cache after the DDL: wait until it knows the function.
      const deadline = Date.now() + 10_000;
      while ((await call(0)).status === 404 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const response = await call(4);
      expect(await response.json()).toMatchObject({ code: '57014' });
    } finally {
      await stack.pool.query('drop function public.conformance_sleep(double precision)');
    }
  }, 30_000);
});

describe('pg-safeupdate: no DELETE or UPDATE without WHERE in API-callable functions', () => {
  it('finds the writes it must find and passes guarded ones', () => {
    expect(unguardedWrites('delete from public.t')).toEqual(['delete from public.t']);
    expect(unguardedWrites('update t set a = 1; select 1')).toHaveLength(1);
    expect(
      unguardedWrites('with gone as (delete from t returning id) select count(*) from gone'),
    ).toHaveLength(1);
    expect(unguardedWrites('begin update t set a = (select 1 where true); end')).toHaveLength(1);
    expect(unguardedWrites('delete from t where true')).toEqual([]);
    expect(unguardedWrites('update t set a = 1 where id = $1 returning *')).toEqual([]);
    expect(
      unguardedWrites(
        "insert into t values (1) on conflict (id) do update set a = 2; select * from t for update; -- delete from t\nselect 'delete from t'",
      ),
    ).toEqual([]);
    expect(unguardedWrites('with x as (update t set a = 1 where b) delete from u where c')).toEqual(
      [],
    );
  });

  it('holds for every function anon, authenticated or service_role may execute', async () => {
    const { rows } = await stack.pool.query<{ name: string; body: string }>(
      `select p.oid::regprocedure::text as name, p.prosrc as body
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_language l on l.oid = p.prolang
       where n.nspname not in ('pg_catalog', 'information_schema', 'auth', 'storage', 'extensions')
         and l.lanname in ('sql', 'plpgsql')
         and p.prorettype <> 'trigger'::regtype
         and p.prokind in ('f', 'p')
         and (has_function_privilege('anon', p.oid, 'execute')
           or has_function_privilege('authenticated', p.oid, 'execute')
           or has_function_privilege('service_role', p.oid, 'execute'))`,
    );
    expect(rows.map((row) => row.name)).toContain('refresh_link_click_daily()');
    const offenders = rows
      .map((row) => ({ name: row.name, writes: unguardedWrites(row.body) }))
      .filter((row) => row.writes.length > 0);
    expect(offenders).toEqual([]);
  });
});
