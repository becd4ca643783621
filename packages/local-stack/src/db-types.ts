import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { scratchDir } from './scratch.ts';
import { startStack, findProjectRoot } from './stack.ts';

const run = promisify(execFile);

/** Where the generated types live, relative to the project root. */
export const DATABASE_TYPES_FILE = 'packages/api-client/src/database.types.ts';

/**
 * Generates TypeScript types for `schemas` with `@supabase/postgres-meta`'s generator, the one
 * `supabase gen types typescript` runs, against the database at `dbUrl`.
 */
export async function generateDatabaseTypes(
  dbUrl: string,
  schemas: string[] = ['public'],
): Promise<string> {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve('@supabase/postgres-meta/package.json');
  } catch {
    throw new Error(
      '@supabase/postgres-meta is not installed (it is a development dependency of @verdant/local-stack)',
    );
  }
  const server = path.join(path.dirname(packageJson), 'dist', 'server', 'server.js');
  const { stdout } = await run(process.execPath, [server], {
    env: {
      PATH: process.env.PATH,
      PG_META_DB_URL: dbUrl,
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: schemas.join(','),
      PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
      PG_META_POSTGREST_VERSION: '12',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.endsWith('\n') ? stdout : `${stdout}\n`;
}

/**
 * `db-types [--check]`: applies the migrations to a throw-away database, generates the types and
 * writes them to {@link DATABASE_TYPES_FILE} — or, with `--check`, fails when the committed file
 * differs. Resolves with the exit code.
 */
export async function runDbTypesCommand(opts: { check?: boolean } = {}): Promise<number> {
  const root = await findProjectRoot();
  const target = path.join(root, DATABASE_TYPES_FILE);
  const dataDir = await mkdtemp(path.join(await scratchDir(), 'verdant-db-types-'));
  let types: string;
  try {
    const stack = await startStack({
      dataDir,
      apiPort: 0,
      webPort: 0,
      seed: false,
      quiet: true,
      ephemeral: true,
    });
    try {
      types = await generateDatabaseTypes(stack.dbUrl);
    } finally {
      await stack.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (opts.check) {
    const committed = await readFile(target, 'utf8').catch(() => '');
    if (committed !== types) {
      process.stderr.write(
        `${DATABASE_TYPES_FILE} is stale: run \`npm run db:types\` and commit the result.\n`,
      );
      return 1;
    }
    process.stdout.write(`${DATABASE_TYPES_FILE} is up to date.\n`);
    return 0;
  }
  await writeFile(target, types);
  process.stdout.write(`Wrote ${DATABASE_TYPES_FILE}.\n`);
  return 0;
}
