export * from './constants';
export {
  AUTO_REFRESH_CONFLICT_MESSAGE,
  createAuthEngine,
  type AuthEngine,
  type AuthEngineDeps,
  type AuthEventListener,
  type RegisterResult,
} from './engine';
export { createDeferredAuthEngine, PENDING_AUTH_SNAPSHOT } from './deferred';
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
export { DEMO_USER, DEFAULT_ROLE, hasRequiredRole } from './user';
export { expiryStatus, warningWindow, type ExpiryStatus } from './expiry';
export {
  type AuthIdentities,
  type AuthMfa,
  type AssuranceLevel,
  type AssuranceLevels,
  type TotpEnrollment,
} from './mfa';
export { createMemoryStorage } from './storage';
export { systemClock } from './clock';
