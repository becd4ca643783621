export { SessionExpiringModal, type SessionExpiringModalProps } from './session-expiring-modal.tsx';
export { formatRemaining } from './format-remaining.ts';
