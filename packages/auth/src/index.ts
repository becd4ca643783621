export * from './constants.ts';
export {
  AUTO_REFRESH_CONFLICT_MESSAGE,
  createAuthEngine,
  type AuthEngine,
  type AuthEngineDeps,
  type AuthEventListener,
  type RecoveryCodeInput,
  type RegisterResult,
} from './engine.ts';
export { createDeferredAuthEngine, PENDING_AUTH_SNAPSHOT } from './deferred.ts';
export {
  AUTH_FAILED_MESSAGE,
  AuthValidationError,
  SIGN_UP_ROLES,
  invitedByUsername,
  type RegisterInput,
  type SignUpMetadata,
  type SignUpRole,
} from './registration.ts';
export {
  PASSWORD_CHANGE_NEEDS_NEW_SIGN_IN,
  PASSWORD_CHANGE_NOT_SIGNED_IN,
  PasswordChangeError,
  isPasswordChangeError,
  type ChangePasswordInput,
  type PasswordChangeField,
  type PasswordChangeReason,
} from './password.ts';
export { ACTIVITY_EVENTS } from './environment.ts';
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
} from './types.ts';
export { DEMO_USER, DEFAULT_ROLE, hasRequiredRole } from './user.ts';
export { expiryStatus, warningWindow, type ExpiryStatus } from './expiry.ts';
export {
  type AuthIdentities,
  type AuthMfa,
  type AssuranceLevel,
  type AssuranceLevels,
  type TotpEnrollment,
} from './mfa.ts';
export { createMemoryStorage } from './storage.ts';
export { systemClock } from './clock.ts';
