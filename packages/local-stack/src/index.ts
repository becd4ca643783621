export { startStack, findProjectRoot, PortInUseError } from './stack.js';
export type { StartStackOptions, RunningStack, StackInfo } from './stack.js';
export { startDatabase } from './postgres.js';
export type { Database, StartDatabaseOptions } from './postgres.js';
export { applyBootstrap } from './bootstrap.js';
export { applyMigrations, applySeed, MigrationError } from './migrate.js';
export { loadOrCreateKeys } from './keys.js';
export type { StackKeys } from './keys.js';
