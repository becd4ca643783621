export { startStack, findProjectRoot, PortInUseError } from './stack.ts';
export type { StartStackOptions, RunningStack, StackInfo } from './stack.ts';
export { startDatabase } from './postgres.ts';
export type { Database, StartDatabaseOptions } from './postgres.ts';
export { applyBootstrap } from './bootstrap.ts';
export { applyMigrations, applySeed, MigrationError } from './migrate.ts';
export { loadOrCreateKeys } from './keys.ts';
export type { StackKeys } from './keys.ts';
