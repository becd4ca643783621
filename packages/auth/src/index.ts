export * from './constants';
export {
  createAuthEngine,
  type AuthEngine,
  type AuthEngineDeps,
  type AuthEventListener,
  type RegisterResult,
} from './engine';
export {
  AUTH_FAILED_MESSAGE,
  AuthValidationError,
  SIGN_UP_ROLES,
  type RegisterInput,
  type SignUpRole,
} from './registration';
export { ACTIVITY_EVENTS } from './environment';
export type {
  AuthApi,
  AuthClient,
  AuthEnvironment,
  AuthEventName,
  AuthSnapshot,
  AuthState,
  Clock,
  DocumentLike,
  EventSourceLike,
  Logger,
  ProfileRecord,
  Role,
  StorageLike,
  SubscriptionRecord,
  User,
  WindowLike,
} from './types';
export {
  DEMO_USER,
  DEFAULT_ROLE,
  hasRequiredRole,
  userFromAuthMetadata,
  userFromProfile,
} from './user';
export { obfuscate, deobfuscate } from './obfuscation';
export { browserFingerprint } from './fingerprint';
export { expiryStatus, warningWindow, type ExpiryStatus } from './expiry';
export { isRetryableRefreshError, refreshRetryDelay, needsRefresh } from './refresh';
export {
  assuranceLevels,
  type AssuranceLevel,
  type AssuranceLevels,
  type TotpEnrollment,
} from './mfa';
export { createMemoryStorage } from './storage';
export { systemClock } from './clock';
