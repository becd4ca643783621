import type { VerdantSupabaseClient } from './context';
import { ApiError, fromPostgrestError, toApiError } from './errors';

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

/** The data of the successful branch of a response union. */
export type SuccessData<R extends PostgrestResult> = Extract<R, { error: null }>['data'];

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
  return result.data as SuccessData<R>;
}

/** Awaits a request whose data is not needed (e.g. a function returning void). */
export async function runVoid(request: PromiseLike<PostgrestResult>): Promise<void> {
  await settle(request);
}

/** Awaits a request made with `{ count: 'exact' }` and returns rows and the total. */
export async function runPage<R extends PostgrestResult>(
  request: PromiseLike<R>,
): Promise<{ rows: SuccessData<R>; total: number }> {
  const result = await settle(request);
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
