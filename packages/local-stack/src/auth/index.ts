import type pg from 'pg';
import { DEFAULT_PROJECT_CONFIG, type ProjectConfig } from '../config.ts';
import type { StackKeys } from '../keys.ts';
import type { Outbox } from '../outbox.ts';
import {
  API_VERSION_HEADER,
  AuthError,
  OAuthError,
  errorBody,
  negotiateApiVersion,
} from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { resolve } from './router.ts';
import type { AuthRuntime } from './runtime.ts';
import { authSettingsFromConfig, resolveSettings, type AuthSettingsInput } from './settings.ts';

export { authSettingsFromConfig, authSettingsFromEnv, DEFAULT_AUTH_SETTINGS } from './settings.ts';
export { ERROR_CODES, type ErrorCode } from './errors.ts';
export type { AuthSettings, AuthSettingsInput, RateLimit, RateLimitName } from './settings.ts';

export interface AuthServiceContext {
  pool: pg.Pool;
  keys: StackKeys;
  outbox: Outbox;
  /** Public URL of the API gateway; access tokens are issued by `<apiUrl>/auth/v1`. */
  apiUrl: string;
  /** Default target of links in mails (the web app). */
  siteUrl: string;
  /** Clock in milliseconds (tests move it). */
  now?: () => number;
  /** The project's `supabase/config.toml` (default: the Supabase CLI's defaults). */
  config?: ProjectConfig;
  /** Overrides of the project's settings (rate limits from the environment, tests' limits, …). */
  settings?: AuthSettingsInput;
  /** Where unexpected failures are reported. */
  log?: (line: string) => void;
}

export interface AuthService {
  /** Answers one request; `path` is the part after `/auth/v1`, e.g. `/token`. */
  handle(req: Request, info: { path: string; ip: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The GoTrue-compatible auth service of the local stack: routes, bodies, status codes and error
 * codes as supabase/auth has them, state in the `auth.*` tables.
 */
export function createAuthService(ctx: AuthServiceContext): AuthService {
  const now = ctx.now ?? Date.now;
  const settings = resolveSettings(
    ctx.settings,
    authSettingsFromConfig(ctx.config ?? DEFAULT_PROJECT_CONFIG),
  );
  const apiUrl = ctx.apiUrl.replace(/\/+$/, '');
  const rt: AuthRuntime = {
    pool: ctx.pool,
    keys: ctx.keys,
    outbox: ctx.outbox,
    apiUrl,
    siteUrl: ctx.siteUrl || apiUrl,
    issuer: `${apiUrl}/auth/v1`,
    now,
    settings,
    limiter: new RateLimiter(settings.rateLimits, now),
  };
  const log = ctx.log ?? ((line: string) => process.stderr.write(`${line}\n`));

  return {
    async handle(req, info) {
      const apiVersion = negotiateApiVersion(req.headers.get(API_VERSION_HEADER));
      let response: Response;
      try {
        const { handler, params } = resolve(req.method, info.path);
        response = await handler(rt, { req, url: new URL(req.url), ip: info.ip, params });
      } catch (error) {
        if (error instanceof AuthError || error instanceof OAuthError) {
          response = Response.json(errorBody(error, apiVersion), { status: error.status });
          if (error instanceof AuthError && error.retryAfterSeconds)
            response.headers.set('retry-after', String(error.retryAfterSeconds));
        } else if (isDataException(error)) {
          // Input Postgres cannot store (a safety net behind the routes' own checks).
          const invalid = new AuthError(
            400,
            'validation_failed',
            `Invalid input: ${(error as Error).message}`,
          );
          response = Response.json(errorBody(invalid, apiVersion), { status: 400 });
        } else {
          log(
            `[auth] ${req.method} ${info.path} failed: ${(error as Error).stack ?? String(error)}`,
          );
          const failure = new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          );
          response = Response.json(errorBody(failure, apiVersion), { status: 500 });
        }
      }
      if (apiVersion) response.headers.set(API_VERSION_HEADER, apiVersion);
      return response;
    },
    async close() {
      // The pool belongs to the stack; nothing of the service's own needs closing.
    },
  };
}

/** Postgres SQLSTATE class 22: the value itself is unacceptable (too long, malformed, out of range). */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
