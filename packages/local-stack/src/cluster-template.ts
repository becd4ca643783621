import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFile,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { applyBootstrap, bootstrapFiles } from './bootstrap.ts';
import { applyMigrations } from './migrate.ts';
import { startDatabase } from './postgres.ts';
import { embeddedBinaries, exists } from './postgres-process.ts';
import { removeStale, scratchDir } from './scratch.ts';

/** Bump when the way a cluster is created changes (initdb's options, the secrets file). */
const TEMPLATE_FORMAT = 1;
const PREFIX = 'verdant-cluster-';
const LIST = 'migrations.json';

/**
 * The Postgres server binary's digest, once per process: the same build gives the same template
 * whatever its path or install time (a fresh `npm ci` reuses it), another build another one.
 */
let binaryDigest: Promise<string> | undefined;

function postgresDigest(): Promise<string> {
  binaryDigest ??= embeddedBinaries().then(async ({ postgres }) =>
    createHash('sha256')
      .update(await readFile(postgres))
      .digest('hex'),
  );
  return binaryDigest;
}

/**
 * What a migrated cluster is made of: the Postgres binary, the stack's own SQL and every
 * migration file (names and contents).
 */
async function fingerprint(migrationsDir: string): Promise<string> {
  const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
  hash.update(`${await postgresDigest()}\n`);
  for (const [name, sql] of await bootstrapFiles()) hash.update(`${name}\n${sql}\n`);
  const files = (await readdir(migrationsDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.sql'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\n`).update(await readFile(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 24);
}

/** Where the template for these migrations is kept. */
export async function templatePath(migrationsDir: string): Promise<string> {
  return path.join(await scratchDir(), `${PREFIX}${await fingerprint(migrationsDir)}`);
}

/** Creates, bootstraps and migrates a cluster, stops it cleanly and publishes it at `template`. */
async function buildTemplate(template: string, migrationsDir: string): Promise<void> {
  const staging = await mkdtemp(`${template}.building-`);
  try {
    const db = await startDatabase({ dataDir: staging, port: 0, ephemeral: true });
    let applied: string[];
    try {
      await applyBootstrap(db.pool);
      applied = await applyMigrations(db.pool, migrationsDir);
    } finally {
      await db.stop();
    }
    await writeFile(path.join(staging, LIST), JSON.stringify(applied));
    // Published whole or not at all; when another process published the same template first,
    // its copy is used and this one is dropped.
    await rename(staging, template).catch(async (error: unknown) => {
      if (!(await exists(path.join(template, LIST)))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await removeStale(path.dirname(template), PREFIX, template);
}

/**
 * Gives a new throw-away (test) data directory its cluster as a copy of a migrated template, kept
 * in the scratch directory, one per set of migrations (templates unused for a day go), instead of
 * running initdb, the stack's SQL and every migration for each test stack. The first stack to
 * need a template builds it. Returns the migration files the copied cluster holds, or `undefined`
 * when no template could be used: the caller then creates the cluster itself (and meets any
 * error, such as a failing migration, there).
 */
export async function copyMigratedCluster(options: {
  dataDir: string;
  migrationsDir: string;
  log: (line: string) => void;
}): Promise<string[] | undefined> {
  const { dataDir, migrationsDir, log } = options;
  try {
    const template = await templatePath(migrationsDir);
    if (!(await exists(path.join(template, LIST)))) await buildTemplate(template, migrationsDir);
    // `cp -a` keeps the owner: as root, the cluster belongs to the postgres user that runs it.
    await promisify(execFile)('cp', ['-a', path.join(template, 'postgres'), dataDir]);
    await copyFile(
      path.join(template, 'postgres-secrets.json'),
      path.join(dataDir, 'postgres-secrets.json'),
    );
    const now = new Date();
    // In use: not stale for the runs of other checkouts.
    await utimes(template, now, now);
    return JSON.parse(await readFile(path.join(template, LIST), 'utf8')) as string[];
  } catch (error) {
    log(`[db] creating the cluster without a template: ${(error as Error).message}`);
    await rm(path.join(dataDir, 'postgres'), { recursive: true, force: true });
    await rm(path.join(dataDir, 'postgres-secrets.json'), { force: true });
    return undefined;
  }
}
