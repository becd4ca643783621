import type { VerdantSupabaseClient } from './context.ts';
import { ApiError, fromPostgrestError, toApiError } from './errors.ts';
import type { Page, Row, TableName } from './types.ts';
import { range, type PageInput } from './validate.ts';

/** The shape every PostgREST builder of supabase-js resolves to. */
export interface PostgrestResult {
  data: unknown;
  error: {
    message: string;
    code?: string | null;
    details?: string | null;
    hint?: string | null;
  } | null;
  status: number;
  count?: number | null;
}

/**
 * The data of the successful branch of a response union. A response typed without such a branch
 * (`error` is never narrowed to `null`) yields its `data` as declared, not `never`.
 */
export type SuccessData<R extends PostgrestResult> = [Extract<R, { error: null }>] extends [never]
  ? R['data']
  : Extract<R, { error: null }>['data'];

async function settle<R extends PostgrestResult>(request: PromiseLike<R>): Promise<R> {
  try {
    const result = await request;
    if (result.error) throw fromPostgrestError(result.error, result.status);
    return result;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Awaits a PostgREST request and returns its data, or throws the mapped `ApiError`. */
export async function run<R extends PostgrestResult>(
  request: PromiseLike<R>,
): Promise<SuccessData<R>> {
  const result = await settle(request);
  return result.data;
}

/**
 * Awaits a read of at most one row (a `.maybeSingle()` request) and returns it; none is
 * `not_found` ("{what} not found"). Unlike `.single()`, a missing row is an ordinary answer from
 * the server, not a 406 that the browser reports as a failed request.
 */
export async function runOne<R extends PostgrestResult>(
  request: PromiseLike<R>,
  what: string,
): Promise<NonNullable<SuccessData<R>>> {
  const row = await run(request);
  if (row == null) throw new ApiError('not_found', `${what} not found`);
  return row;
}

/** Awaits a request whose data is not needed (e.g. a function returning void). */
export async function runVoid(request: PromiseLike<PostgrestResult>): Promise<void> {
  await settle(request);
}

/** PostgREST's answer to a page that starts past the last row ("Requested range not satisfiable"). */
const RANGE_NOT_SATISFIABLE = 'PGRST103';

/**
 * Awaits a request made with `{ count: 'exact' }` and returns rows and the total. A page past the
 * last one (an old bookmark, a list that shrank) has no rows rather than being an error; PostgREST
 * states the total in that answer's details ("… but there are only 24 rows").
 */
export async function runPage<R extends PostgrestResult>(
  request: PromiseLike<R>,
): Promise<{ rows: SuccessData<R>; total: number }> {
  let answer: R;
  try {
    answer = await request;
  } catch (error) {
    throw await toApiError(error);
  }
  if (answer.error?.code === RANGE_NOT_SATISFIABLE) {
    const total = /only (\d+) rows?/.exec(answer.error.details ?? '')?.[1];
    return { rows: [] as unknown as SuccessData<R>, total: total ? Number(total) : 0 };
  }
  const result = await settle(Promise.resolve(answer));
  const rows = (result.data ?? []) as SuccessData<R> & unknown[];
  return { rows, total: result.count ?? rows.length };
}

/** Awaits a delete made with `.select('id')`; nothing deleted (absent or not visible) is `not_found`. */
export async function runDelete(
  request: PromiseLike<PostgrestResult>,
  what: string,
): Promise<void> {
  const rows = (await run(request)) as unknown[] | null;
  if (!rows || rows.length === 0) throw new ApiError('not_found', `${what} not found`);
}

/** The signed-in user's id from the local session (no request); `unauthorized` without one. */
export async function currentUserId(supabase: VerdantSupabaseClient): Promise<string> {
  const { data, error } = await supabase.auth.getSession();
  if (error) throw await toApiError(error);
  const id = data.session?.user.id;
  if (!id) throw new ApiError('unauthorized', 'Sign in first');
  return id;
}

/** Tables whose rows carry a `created_at` to list them newest first. */
type DatedTable = {
  [T in TableName]: 'created_at' extends keyof Row<T> ? T : never;
}[TableName];

/**
 * One page of the signed-in user's rows of `table` — those whose `ownerColumn` holds the
 * user's id — newest first. Row-level security still decides what is visible.
 */
export async function listOwnRows<T extends DatedTable>(
  supabase: VerdantSupabaseClient,
  table: T,
  ownerColumn: Extract<keyof Row<T>, string>,
  page?: PageInput,
): Promise<Page<Row<T>>> {
  const { from, to } = range(page);
  const me = await currentUserId(supabase);
  // supabase-js cannot check a column name against a table chosen by a type parameter; the
  // signature above does that, so the builder is used untyped here.
  const builder = supabase.from(table).select('*', { count: 'exact' }) as unknown as {
    eq(
      column: string,
      value: string,
    ): {
      order(
        column: string,
        options: { ascending: boolean },
      ): {
        range(from: number, to: number): PromiseLike<PostgrestResult>;
      };
    };
  };
  const result = await runPage(
    builder.eq(ownerColumn, me).order('created_at', { ascending: false }).range(from, to),
  );
  return result as Page<Row<T>>;
}
