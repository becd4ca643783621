import { fromPostgrestError, toApiError } from './errors';

/** The shape every PostgREST builder of supabase-js resolves to. */
export interface PostgrestResult<T> {
  data: T | null;
  error: { message: string; code?: string | null; details?: string | null; hint?: string | null } | null;
  status: number;
  count?: number | null;
}

async function settle<T>(request: PromiseLike<PostgrestResult<T>>): Promise<PostgrestResult<T>> {
  try {
    const result = await request;
    if (result.error) throw fromPostgrestError(result.error, result.status);
    return result;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Awaits a PostgREST request and returns its data, or throws the mapped `ApiError`. */
export async function run<T>(request: PromiseLike<PostgrestResult<T>>): Promise<T> {
  const result = await settle(request);
  return result.data as T;
}

/** Awaits a request whose data is not needed (deletes, updates without a returned row). */
export async function runVoid<T>(request: PromiseLike<PostgrestResult<T>>): Promise<void> {
  await settle(request);
}

/** Awaits a request made with `{ count: 'exact' }` and returns rows and the total. */
export async function runPage<T>(
  request: PromiseLike<PostgrestResult<T[]>>,
): Promise<{ rows: T[]; total: number }> {
  const result = await settle(request);
  const rows = result.data ?? [];
  return { rows, total: result.count ?? rows.length };
}
