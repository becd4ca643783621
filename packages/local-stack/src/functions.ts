import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { tsImport } from 'tsx/esm/api';
import { bearerToken } from '@verdant/validation';
import WebSocket from 'ws';
import { jsonResponse, type PlainRequest, type PlainResponse, type WebHandler } from './http.ts';

export interface FunctionsOptions {
  /** `supabase/functions`: one directory per function with a `handler.ts`. */
  functionsDir: string;
  /** `supabase/config.toml` (for `[functions.<name>] verify_jwt`); missing means every function verifies JWTs. */
  configFile: string;
  /** Environment the functions see (SUPABASE_URL, keys, STRIPE_*, …). */
  env: Record<string, string>;
  /** Verifies a JWT; throws when it is not valid. */
  verify(token: string): Promise<Record<string, unknown>>;
  log: (line: string) => void;
}

/** A function's handler; `close()`, when present, finishes buffered work (e.g. the go tracker's clicks). */
type Handler = ((req: Request) => Promise<Response>) & { close?: () => Promise<void> };

/** A function's plain handler (see `PlainRequest`), offered by functions on a hot path. */
type PlainHandler = ((req: PlainRequest) => PlainResponse | Promise<PlainResponse>) & {
  close?: () => Promise<void>;
};

type FunctionEnv = { get(name: string): string | undefined };

interface HandlerModule {
  createHandler?: (env: FunctionEnv) => Handler;
  /** Optional: the same function as a plain handler; then its web handler is built over it. */
  createPlainHandler?: (env: FunctionEnv) => PlainHandler;
}

interface Loaded {
  web: Handler;
  plain?: PlainHandler;
}

/**
 * The functions route; `close()` lets every loaded function finish its buffered work (on
 * shutdown). `plain()` answers a body-less request to a function that offers a plain handler
 * without web `Request`/`Response` objects, and resolves to undefined for any other function
 * (then the request takes the web route).
 */
export type FunctionsHandler = WebHandler & {
  close(): Promise<void>;
  plain(
    req: PlainRequest,
    info: { path: string; ip: string },
  ): PlainResponse | undefined | Promise<PlainResponse | undefined>;
};

/** The web handler over a plain one (the same instance, so one buffer and one cache). */
function webOverPlain(plain: PlainHandler): Handler {
  const handler: Handler = async (req) => {
    const answer = await plain({
      method: req.method,
      url: req.url,
      header: (name) => req.headers.get(name),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  const { close } = plain;
  if (close) handler.close = () => close();
  return handler;
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** How long a function's files are trusted unchanged before they are looked at again. */
const VERSION_CHECK_MS = 1_000;

const NAME = /^[a-z0-9][a-z0-9_-]*$/i;

/** Reads `verify_jwt` per function from config.toml; functions not listed verify JWTs (hosted default). */
export async function readFunctionSettings(
  configFile: string,
): Promise<Map<string, { verifyJwt: boolean }>> {
  const settings = new Map<string, { verifyJwt: boolean }>();
  let text: string;
  try {
    text = await readFile(configFile, 'utf8');
  } catch {
    return settings;
  }
  const config = parseToml(text) as { functions?: Record<string, { verify_jwt?: unknown }> };
  for (const [name, entry] of Object.entries(config.functions ?? {})) {
    settings.set(name, { verifyJwt: entry.verify_jwt !== false });
  }
  return settings;
}

/**
 * Functions are written for Deno, which has a global WebSocket (supabase-js needs one for its
 * realtime client); Node 20 has none, so the local runtime provides the `ws` implementation.
 */
function provideDenoGlobals(): void {
  const scope = globalThis as { WebSocket?: unknown };
  scope.WebSocket ??= WebSocket;
}

/**
 * Serves `/functions/v1/<name>` from `<functionsDir>/<name>/handler.ts`: the same web-standard
 * handler that the function's `index.ts` hands to `Deno.serve` on hosted Supabase, loaded in
 * Node with tsx. `verify_jwt` is enforced here, as the hosted relay does. A function whose files
 * change is loaded again on its next request.
 */
export async function createFunctions(opts: FunctionsOptions): Promise<FunctionsHandler> {
  provideDenoGlobals();
  const settings = await readFunctionSettings(opts.configFile);
  const env = { get: (name: string) => opts.env[name] };
  // Each also keeps its settled value, so that a hot route can find a loaded, current function
  // without waiting on a promise (`current`).
  const handlers = new Map<
    string,
    { version: number; handler: Promise<Loaded>; loaded?: Loaded }
  >();
  const checked = new Map<
    string,
    { at: number; version: Promise<number | undefined>; settled?: { version: number | undefined } }
  >();

  /** The newest modification time of the function's files: a change reloads the function. */
  const versionOf = async (dir: string): Promise<number | undefined> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true, recursive: true });
    } catch {
      return undefined;
    }
    if (
      !entries.some(
        (entry) => entry.isFile() && entry.name === 'handler.ts' && entry.parentPath === dir,
      )
    ) {
      return undefined;
    }
    const times = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          stat(path.join(entry.parentPath, entry.name)).then(
            (info) => info.mtimeMs,
            () => 0,
          ),
        ),
    );
    return Math.max(...times);
  };

  /** The function's handler, loaded (again) when its files changed; undefined when there is no such function. */
  const load = async (name: string): Promise<Loaded | undefined> => {
    const dir = path.join(opts.functionsDir, name);
    // Looking at the files on every request would cost more than the request itself (the go
    // tracker answers thousands per second); once a second is enough to pick up an edit.
    let check = checked.get(name);
    if (!check || Date.now() - check.at > VERSION_CHECK_MS) {
      const fresh: NonNullable<typeof check> = { at: Date.now(), version: versionOf(dir) };
      void fresh.version.then((version) => {
        fresh.settled = { version };
      });
      check = fresh;
      checked.set(name, check);
    }
    const version = await check.version;
    if (version === undefined) return undefined;
    const cached = handlers.get(name);
    if (cached && cached.version === version) return cached.handler;
    const file = path.join(dir, 'handler.ts');
    const handler = (async () => {
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as HandlerModule;
      if (typeof mod.createPlainHandler === 'function') {
        const plain = mod.createPlainHandler(env);
        return { web: webOverPlain(plain), plain };
      }
      if (typeof mod.createHandler !== 'function') {
        throw new Error(`${file} does not export createHandler(env)`);
      }
      return { web: mod.createHandler(env) };
    })();
    const entry: { version: number; handler: Promise<Loaded>; loaded?: Loaded } = {
      version,
      handler,
    };
    handler.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => undefined,
    );
    handlers.set(name, entry);
    return handler;
  };

  const NOT_FOUND: Refusal = {
    status: 404,
    code: 'NOT_FOUND',
    message: 'Requested function was not found',
  };

  /** The function `name` loaded, or why the request is refused (hosted Supabase's answers). */
  const prepare = async (
    name: string,
    method: string,
    authorization: string | null,
  ): Promise<Loaded | Refusal> => {
    if (!NAME.test(name)) return NOT_FOUND;
    const loaded = await load(name).catch((error: unknown) => {
      opts.log(`[functions] ${name} failed to load: ${(error as Error).stack ?? String(error)}`);
      return null;
    });
    if (loaded === undefined) return NOT_FOUND;
    if (loaded === null)
      return {
        status: 500,
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      };
    if ((settings.get(name)?.verifyJwt ?? true) && method !== 'OPTIONS') {
      const token = bearerToken(authorization);
      if (!token)
        return {
          status: 401,
          code: 'UNAUTHORIZED_NO_AUTH_HEADER',
          message: 'Missing authorization header',
        };
      try {
        await opts.verify(token);
      } catch {
        return { status: 401, code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' };
      }
    }
    return loaded;
  };
  const refused = (outcome: Loaded | Refusal): outcome is Refusal => 'status' in outcome;
  const WORKER_ERROR: Refusal = {
    status: 500,
    code: 'WORKER_ERROR',
    message: 'Function exited due to an error (please check logs)',
  };

  const route = async (req: Request, info: { path: string; ip: string }): Promise<Response> => {
    const name = info.path.split('/')[1] ?? '';
    const outcome = await prepare(name, req.method, req.headers.get('authorization'));
    if (refused(outcome))
      return jsonResponse(outcome.status, { code: outcome.code, message: outcome.message });
    // The client address as hosted Supabase passes it on; never the client's own claim.
    if (info.ip) req.headers.set('x-forwarded-for', info.ip);
    try {
      return await outcome.web(req);
    } catch (error) {
      opts.log(`[functions] ${name}: ${(error as Error).stack ?? String(error)}`);
      return jsonResponse(WORKER_ERROR.status, {
        code: WORKER_ERROR.code,
        message: WORKER_ERROR.message,
      });
    }
  };

  /**
   * The function `name` when it is loaded, its files were looked at within the last second, and it
   * needs no JWT: what a hot route can call at once. Anything else takes the full path.
   */
  const current = (name: string): Loaded | undefined => {
    const check = checked.get(name);
    if (!check?.settled || Date.now() - check.at > VERSION_CHECK_MS) return undefined;
    const entry = handlers.get(name);
    if (!entry?.loaded || entry.version !== check.settled.version) return undefined;
    return (settings.get(name)?.verifyJwt ?? true) ? undefined : entry.loaded;
  };

  const plainAnswer = (refusal: Refusal): PlainResponse => ({
    status: refusal.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ code: refusal.code, message: refusal.message }),
  });

  /** Calls a plain handler as the web route calls a web one: the connection's address, errors caught. */
  const callPlain = (
    name: string,
    handler: PlainHandler,
    req: PlainRequest,
    ip: string,
  ): PlainResponse | Promise<PlainResponse> => {
    const forwarded: PlainRequest = {
      method: req.method,
      url: req.url,
      header: (header) =>
        ip && header.toLowerCase() === 'x-forwarded-for' ? ip : req.header(header),
    };
    const failed = (error: unknown) => {
      opts.log(`[functions] ${name}: ${(error as Error).stack ?? String(error)}`);
      return plainAnswer(WORKER_ERROR);
    };
    try {
      const answer = handler(forwarded);
      return answer instanceof Promise ? answer.catch(failed) : answer;
    } catch (error) {
      return failed(error);
    }
  };

  const plain = (
    req: PlainRequest,
    info: { path: string; ip: string },
  ): PlainResponse | undefined | Promise<PlainResponse | undefined> => {
    const name = info.path.split('/')[1] ?? '';
    const ready = current(name);
    if (ready) return ready.plain ? callPlain(name, ready.plain, req, info.ip) : undefined;
    return prepare(name, req.method, req.header('authorization')).then((outcome) => {
      if (refused(outcome)) return plainAnswer(outcome);
      return outcome.plain ? callPlain(name, outcome.plain, req, info.ip) : undefined;
    });
  };

  const close = async () => {
    const loaded = await Promise.all(
      [...handlers.values()].map((entry) => entry.handler.catch(() => undefined)),
    );
    await Promise.all(
      loaded.map(async (handler) => {
        try {
          await handler?.web.close?.();
        } catch (error) {
          opts.log(`[functions] ${String(error)}`);
        }
      }),
    );
  };
  return Object.assign(route, { close, plain });
}
