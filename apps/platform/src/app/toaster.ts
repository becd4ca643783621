// A module boundary of its own: the toast viewport loads after the first page, and shows whatever
// the toast store already holds when it mounts.
export { Toaster } from '@verdant/ui';
