import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { tsImport } from 'tsx/esm/api';
import { bearerToken } from '@verdant/validation';
import WebSocket from 'ws';
import { jsonResponse, type WebHandler } from './http.ts';

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

interface HandlerModule {
  createHandler?: (env: { get(name: string): string | undefined }) => Handler;
}

/** The functions route; `close()` lets every loaded function finish its buffered work (on shutdown). */
export type FunctionsHandler = WebHandler & { close(): Promise<void> };

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
  const handlers = new Map<string, { version: number; handler: Promise<Handler> }>();
  const checked = new Map<string, { at: number; version: Promise<number | undefined> }>();

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
  const load = async (name: string): Promise<Handler | undefined> => {
    const dir = path.join(opts.functionsDir, name);
    // Looking at the files on every request would cost more than the request itself (the go
    // tracker answers thousands per second); once a second is enough to pick up an edit.
    let check = checked.get(name);
    if (!check || Date.now() - check.at > VERSION_CHECK_MS) {
      check = { at: Date.now(), version: versionOf(dir) };
      checked.set(name, check);
    }
    const version = await check.version;
    if (version === undefined) return undefined;
    const cached = handlers.get(name);
    if (cached && cached.version === version) return cached.handler;
    const file = path.join(dir, 'handler.ts');
    const handler = (async () => {
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as HandlerModule;
      if (typeof mod.createHandler !== 'function') {
        throw new Error(`${file} does not export createHandler(env)`);
      }
      return mod.createHandler(env);
    })();
    handlers.set(name, { version, handler });
    return handler;
  };

  const route = async (req: Request, info: { path: string; ip: string }): Promise<Response> => {
    const name = info.path.split('/')[1] ?? '';
    if (!NAME.test(name))
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const handler = await load(name).catch((error: unknown) => {
      opts.log(`[functions] ${name} failed to load: ${(error as Error).stack ?? String(error)}`);
      return null;
    });
    if (handler === undefined)
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (handler === null)
      return jsonResponse(500, {
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });

    if ((settings.get(name)?.verifyJwt ?? true) && req.method !== 'OPTIONS') {
      const token = bearerToken(req.headers.get('authorization'));
      if (!token)
        return jsonResponse(401, {
          code: 'UNAUTHORIZED_NO_AUTH_HEADER',
          message: 'Missing authorization header',
        });
      try {
        await opts.verify(token);
      } catch {
        return jsonResponse(401, {
          code: 'UNAUTHORIZED_INVALID_JWT_FORMAT',
          message: 'Invalid JWT',
        });
      }
    }

    // The client address as hosted Supabase passes it on; never the client's own claim.
    if (info.ip) req.headers.set('x-forwarded-for', info.ip);
    try {
      return await handler(req);
    } catch (error) {
      opts.log(`[functions] ${name}: ${(error as Error).stack ?? String(error)}`);
      return jsonResponse(500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    }
  };

  const close = async () => {
    const loaded = await Promise.all(
      [...handlers.values()].map((entry) => entry.handler.catch(() => undefined)),
    );
    await Promise.all(
      loaded.map(async (handler) => {
        try {
          await handler?.close?.();
        } catch (error) {
          opts.log(`[functions] ${String(error)}`);
        }
      }),
    );
  };
  return Object.assign(route, { close });
}
