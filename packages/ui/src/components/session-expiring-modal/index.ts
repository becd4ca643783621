export { SessionExpiringModal, type SessionExpiringModalProps } from './session-expiring-modal';
export { formatRemaining } from './format-remaining';
