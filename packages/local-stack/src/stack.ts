import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { applyBootstrap } from './bootstrap.ts';
import { copyMigratedCluster } from './cluster-template.ts';
import { authSettingsFromEnv, createAuthService } from './auth/index.ts';
import { readProjectConfig } from './config.ts';
import { createLocalCheckout } from './checkout.ts';
import { scheduleCheckoutExpiry } from './checkout-expiry.ts';
import { createFunctions, type FunctionsHandler } from './functions.ts';
import { parsePayoutTime, schedulePayouts } from './payout-schedule.ts';
import { createGateway, type GatewayOptions } from './gateway.ts';
import { loadOrCreateKeys } from './keys.ts';
import { rateLimitedLog } from './log.ts';
import { ProjectNotFoundError, isProject } from './project.ts';
import { applyMigrations, applySeed } from './migrate.ts';
import { startDatabase } from './postgres.ts';
import { exists } from './postgres-process.ts';
import { createOutbox, newOutboxToken } from './outbox.ts';
import { startPostgrest, type Postgrest } from './postgrest.ts';
import { createRealtime } from './realtime/index.ts';
import { createStorage } from './storage/index.ts';
import { createWebServer } from './web.ts';

export interface StartStackOptions {
  /** The project (a directory with `supabase/migrations`). Default: found from the working directory upwards. */
  projectDir?: string;
  /** Where the database, keys, files and mails live. Default `<project>/.verdant`. */
  dataDir?: string;
  /** Gateway port; 0 picks a free one. Default 54321. */
  apiPort?: number;
  /** Web server port; 0 picks a free one. Default 3000. */
  webPort?: number;
  /** Wipe the data directory first. */
  reset?: boolean;
  /** Use this external Postgres instead of the embedded one. */
  databaseUrl?: string;
  /** Default `<project>/supabase/migrations`. */
  migrationsDir?: string;
  /** `false`: no seed; a path: that seed file; default `<project>/supabase/seed.sql`. */
  seed?: boolean | string;
  /** Default `<project>/supabase/functions`. */
  functionsDir?: string;
  /** Directory of the built web app. Default `<project>/apps/platform/dist`. */
  webRoot?: string;
  /**
   * The web app's page renderer (see `WebServerOptions.pageRenderer`). Default, when `webRoot` is
   * the default too: `<project>/apps/platform/dist-server/entry-server.mjs`.
   */
  pageRenderer?: string;
  /** No log output. */
  quiet?: boolean;
  /** Extra environment for functions (e.g. STRIPE_SECRET_KEY). */
  env?: Record<string, string>;
  /** Receives log lines (default: stderr unless quiet). */
  log?: (line: string) => void;
  /**
   * Trade durability for speed (throw-away test data). A new ephemeral cluster is a copy of a
   * migrated template in the scratch directory (`/dev/shm` when it has room), built once per set
   * of migrations.
   */
  ephemeral?: boolean;
  /**
   * When the daily payout run happens: `HH:MM` in UTC, as pg_cron runs it on hosted Supabase
   * (default 06:00), or `false` for none (see `payout-schedule.ts`).
   */
  payoutTime?: string | false;
  /**
   * How often unpaid local test checkouts past their hour are expired (ms, default 60 000), or
   * `false` for never (see `checkout-expiry.ts`). Not used with a Stripe key: Stripe sends the
   * events itself.
   */
  checkoutExpiryMs?: number | false;
}

export interface RunningStack {
  /** Opens the mail outbox (`/outbox?token=…`); changes on every start. */
  outboxToken: string;
  apiUrl: string;
  webUrl: string;
  /** Superuser connection string for local tooling. */
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The secret Stripe webhook events are signed with (`whsec_…`; generated per data directory). */
  stripeWebhookSecret: string;
  dataDir: string;
  /** Superuser pool. */
  pool: pg.Pool;
  /**
   * Migration files applied by this start (for a new ephemeral cluster, every file its migrated
   * template holds).
   */
  appliedMigrations: string[];
  /** PostgREST itself on loopback, without the gateway (for diagnostics and benchmarks). */
  restUrl: string;
  stop(): Promise<void>;
}

/** The contents of `<dataDir>/stack.json`. */
export interface StackInfo {
  outboxToken: string;
  apiUrl: string;
  webUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  stripeWebhookSecret: string;
}

/** The data directory's webhook secret, created on first use (STRIPE_WEBHOOK_SECRET overrides it). */
async function loadOrCreateWebhookSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'stripe-webhook-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (/^whsec_[A-Za-z0-9]{32,}$/.test(existing)) return existing;
  } catch {
    // first start
  }
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The project root: the nearest directory (from cwd upwards) that has `supabase/config.toml` or `supabase/migrations`. */
export async function findProjectRoot(from = process.cwd()): Promise<string> {
  let dir = path.resolve(from);
  for (;;) {
    for (const marker of ['supabase/config.toml', 'supabase/migrations']) {
      try {
        await access(path.join(dir, marker));
        return dir;
      } catch {
        // keep looking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
}

/** A port already taken gives one clear line naming it. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  constructor(
    readonly port: number,
    what: string,
  ) {
    super(
      `Port ${port} (${what}) is already in use; stop the other process or choose another port`,
    );
  }
}

function listen(server: Server, port: number, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, what) : error);
    };
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Stops accepting connections, lets requests in flight finish (at most `graceMs`), then closes the rest. */
function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** STRIPE_* variables of this process, passed on to functions. */
function stripeEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('STRIPE_') && !!entry[1],
    ),
  );
}

/** The `authenticator` password, derived from the superuser URL so every stack on one database agrees. */
function authenticatorPassword(superuserUrl: string): string {
  return createHash('sha256').update(`verdant-authenticator:${superuserUrl}`).digest('base64url');
}

function authenticatorUrl(superuserUrl: string, password: string): string {
  const url = new URL(superuserUrl);
  url.username = 'authenticator';
  url.password = password;
  return url.toString();
}

/**
 * Starts the whole local backend: Postgres (bootstrap, migrations, seed), PostgREST, auth,
 * functions, storage, the API gateway and the web server. Resolves once every part is ready.
 */
export async function startStack(opts: StartStackOptions = {}): Promise<RunningStack> {
  const log = rateLimitedLog(
    opts.log ??
      (opts.quiet ? () => undefined : (line: string) => process.stderr.write(`${line}\n`)),
  );
  const root = opts.projectDir ? path.resolve(opts.projectDir) : await findProjectRoot();
  // Started outside the project, the stack would come up "ready" with no schema at all.
  if (!opts.migrationsDir && !(await isProject(root))) throw new ProjectNotFoundError(root);
  // A bad time is refused before anything starts.
  const payoutTime = opts.payoutTime === false ? null : parsePayoutTime(opts.payoutTime);
  const dataDir = path.resolve(opts.dataDir ?? path.join(root, '.verdant'));
  if (opts.reset) await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });

  const cleanup: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const step of cleanup.splice(0).reverse())
      await step().catch((error: unknown) => log(`[stack] ${String(error)}`));
  };

  try {
    // supabase/config.toml: the settings hosted applies, read by every part below.
    const config = await readProjectConfig(path.join(root, 'supabase', 'config.toml'));
    const migrationsDir = opts.migrationsDir ?? path.join(root, 'supabase', 'migrations');
    // A new throw-away cluster starts as a copy of a migrated one (built once per set of
    // migrations) instead of running initdb, the stack's SQL and every migration again.
    const fromTemplate =
      opts.ephemeral && !opts.databaseUrl && !(await exists(path.join(dataDir, 'postgres')))
        ? await copyMigratedCluster({ dataDir, migrationsDir, log })
        : undefined;
    const [db, keys] = await Promise.all([
      startDatabase({
        dataDir,
        port: 0,
        databaseUrl: opts.databaseUrl,
        reset: opts.reset,
        ephemeral: opts.ephemeral,
        // Postgres's routine LOG lines and the errors of client statements (which their clients
        // receive) are left out; start-up problems, crashes and shutdown trouble are shown.
        log: (line) => {
          if (
            !/\b(LOG|DETAIL|STATEMENT|ERROR|HINT|CONTEXT):/.test(line) &&
            !line.includes('administrator command')
          )
            log(`[db] ${line}`);
        },
      }),
      loadOrCreateKeys(dataDir),
    ]);
    cleanup.push(() => db.stop());
    if (!fromTemplate) await applyBootstrap(db.pool);
    await db.pool.query(
      `alter role authenticator with login password '${authenticatorPassword(db.superuserUrl)}'`,
    );
    const appliedMigrations = [
      ...(fromTemplate ?? []),
      ...(await applyMigrations(db.pool, migrationsDir)),
    ];
    if (opts.seed !== false) {
      await applySeed(
        db.pool,
        typeof opts.seed === 'string' ? opts.seed : path.join(root, 'supabase', 'seed.sql'),
      );
    }

    const rest: Postgrest = await startPostgrest({
      dbUri: authenticatorUrl(db.superuserUrl, authenticatorPassword(db.superuserUrl)),
      jwks: keys.jwks,
      pidFile: path.join(dataDir, 'postgrest.pid'),
      maxRows: config.api.maxRows,
      log: (line) => log(`[rest] ${line}`),
    });
    cleanup.push(() => rest.stop());

    // The gateway's routes are filled in once its URL (which the services need) is known.
    const routes: GatewayOptions = {
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      postgrestUrl: () => rest.url,
      storageBodyLimit: config.storage.fileSizeLimit,
      allowedOrigins: [],
      log,
    };
    const gateway = createGateway(routes);
    const apiPort = await listen(gateway, opts.apiPort ?? 54321, 'API');
    cleanup.push(() => closeServer(gateway));
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // Assigned once the functions runtime starts, below; the cleanup reads it when it runs.
    // eslint-disable-next-line prefer-const
    let functions: FunctionsHandler | undefined;
    // Runs after the web server stopped taking requests and before the gateway closes, so the go
    // tracker's buffered clicks are written on shutdown.
    cleanup.push(async () => functions?.close());
    const extraEnv = { ...stripeEnv(), ...opts.env };
    const stripeWebhookSecret =
      extraEnv.STRIPE_WEBHOOK_SECRET ?? (await loadOrCreateWebhookSecret(dataDir));
    const webhookUrl = `${apiUrl}/functions/v1/stripe-webhook`;
    const checkout = extraEnv.STRIPE_SECRET_KEY
      ? undefined
      : createLocalCheckout({
          webhookUrl,
          webhookSecret: stripeWebhookSecret,
          pool: db.pool,
          log,
        });

    // The site's origin, known once the web server listens.
    const site: { url?: string } = {};
    const web = createWebServer({
      platformRoot: opts.webRoot ?? path.join(root, 'apps', 'platform', 'dist'),
      pageRenderer:
        opts.pageRenderer ??
        (opts.webRoot
          ? undefined
          : path.join(root, 'apps', 'platform', 'dist-server', 'entry-server.mjs')),
      oneSheetsRoot: path.join(root, 'apps', 'one-sheets', 'dist'),
      log,
      apiUrl,
      anonKey: keys.anonKey,
      functions: () => functions,
      checkout: () => checkout,
      siteUrl: () => site.url,
    });
    const webPort = await listen(web, opts.webPort ?? 3000, 'web');
    cleanup.push(() => closeServer(web));
    const webUrl = `http://localhost:${webPort}`;
    site.url = webUrl;
    routes.allowedOrigins = [webUrl, `http://127.0.0.1:${webPort}`];

    const outboxToken = newOutboxToken();
    const outbox = createOutbox(dataDir, {
      serviceRoleKey: keys.serviceRoleKey,
      token: outboxToken,
    });
    routes.outbox = (req) => outbox.handle(req);
    routes.health = async () => {
      const [database, api] = await Promise.all([
        db.health(),
        rest.ready(1_000).then(
          () => ({ status: 'ok' as const }),
          () => ({ status: 'down' as const }),
        ),
      ]);
      return { database, rest: api };
    };
    const auth = createAuthService({
      pool: db.pool,
      keys,
      outbox,
      apiUrl,
      siteUrl: webUrl,
      config,
      settings: authSettingsFromEnv({ ...process.env, ...opts.env }),
      log,
    });
    cleanup.push(() => auth.close());
    routes.auth = (req, info) => auth.handle(req, info);
    routes.storage = createStorage({
      pool: db.pool,
      dataDir,
      anonKey: keys.anonKey,
      sign: (claims, expiresIn) => keys.sign(claims, expiresIn),
      verify: (token) => keys.verify(token),
      maxFileSize: config.storage.fileSizeLimit,
      log,
    });

    functions = await createFunctions({
      functionsDir: opts.functionsDir ?? path.join(root, 'supabase', 'functions'),
      configFile: path.join(root, 'supabase', 'config.toml'),
      env: {
        SITE_URL: webUrl,
        ...(checkout ? { LOCAL_CHECKOUT_URL: `${webUrl}/local-checkout` } : {}),
        ...extraEnv,
        STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        SUPABASE_DB_URL: db.superuserUrl,
      },
      verify: (token) => keys.verify(token),
      log,
    });
    routes.functions = functions;

    // Realtime: changes through logical replication (a temporary slot, gone when the stack stops).
    const realtime = await createRealtime({
      pool: db.pool,
      databaseUrl: () => db.superuserUrl,
      verify: (token) => keys.verify(token),
      log,
    });
    cleanup.push(() => realtime.stop());
    routes.realtime = realtime;

    await rest.ready();
    await realtime.ready();

    if (payoutTime) {
      const schedule = schedulePayouts({
        time: payoutTime,
        run: async () =>
          (
            await db.pool.query<{ n: number }>(
              'select count(*)::int as n from public.run_scheduled_payouts()',
            )
          ).rows[0]?.n ?? 0,
        log,
      });
      cleanup.push(async () => schedule.stop());
    }

    if (checkout && opts.checkoutExpiryMs !== false) {
      const expiry = scheduleCheckoutExpiry({
        pool: db.pool,
        webhookUrl,
        webhookSecret: stripeWebhookSecret,
        siteUrl: webUrl,
        log,
        intervalMs: opts.checkoutExpiryMs,
      });
      cleanup.push(() => expiry.stop());
    }

    const info: StackInfo = {
      outboxToken,
      apiUrl,
      webUrl,
      dbUrl: db.superuserUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      stripeWebhookSecret,
    };
    await writeFile(path.join(dataDir, 'stack.json'), `${JSON.stringify(info, null, 2)}\n`, {
      mode: 0o600,
    });
    cleanup.push(() => rm(path.join(dataDir, 'stack.json'), { force: true }));

    let stopping: Promise<void> | undefined;
    return {
      ...info,
      dataDir,
      pool: db.pool,
      appliedMigrations,
      get restUrl() {
        return rest.url;
      },
      stop: () => (stopping ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
