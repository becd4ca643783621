import { FunctionsHttpError } from '@supabase/supabase-js';
import type { ModuleContext } from '../context.ts';
import { ApiError, codeForStatus, toApiError } from '../errors.ts';

/**
 * Calls one of the payment functions and returns its JSON answer. Their errors have the shape
 * `{ error: { code, message } }`; the message and code are kept on the thrown `ApiError`.
 */
export async function invokeMoneyFunction<T>(
  { supabase }: ModuleContext,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let result: { data: unknown; error: unknown };
  try {
    result = await supabase.functions.invoke(name, {
      method: 'POST',
      body: body as object,
      headers,
    });
  } catch (thrown) {
    throw await toApiError(thrown);
  }
  if (result.error) {
    if (result.error instanceof FunctionsHttpError) {
      const response = result.error.context as Response;
      const parsed = await response
        .clone()
        .json()
        .catch(() => null);
      const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      if (error && typeof error.message === 'string') {
        throw new ApiError(codeForStatus(response.status), error.message, {
          status: response.status,
          ...(typeof error.code === 'string' ? { upstreamCode: error.code } : {}),
          cause: result.error,
        });
      }
    }
    throw await toApiError(result.error);
  }
  return result.data as T;
}
