// A module boundary of its own: the shell loads the session warning dialog only when it is due.
export { SessionExpiringModal } from '@verdant/ui';
