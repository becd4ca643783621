export {
  EMAIL_MAX_LENGTH,
  ENGAGEMENT_TEXT_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  PASSWORD_MAX_BYTES,
  PASSWORD_MAX_SCORE,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRONG_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  SANITIZE_MAX_DEPTH,
  SANITIZE_MAX_LENGTH,
} from './constants.ts';
export {
  ENGAGEMENT_METRIC_TYPES,
  validateEngagementMetric,
  type DemoViewMetadata,
  type EngagementMetadata,
  type EngagementMetric,
  type EngagementMetricResult,
  type EngagementMetricType,
  type PageLoadTimeMetadata,
  type ScriptErrorMetadata,
  type UnhandledRejectionMetadata,
} from './engagement.ts';
export {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RULE,
  SLUG_PATTERN,
  UUID_PATTERN,
  bearerToken,
  isIdempotencyKey,
  isUuid,
} from './identifiers.ts';
export { slugFrom } from './slug.ts';
export { EMAIL_MESSAGES, validateEmail, type EmailValidationResult } from './email.ts';
export {
  PASSWORD_LIMITS,
  PASSWORD_MESSAGES,
  PASSWORD_RULES,
  passwordStrength,
  validatePassword,
  type PasswordRule,
  type PasswordRuleId,
  type PasswordStrength,
  type PasswordValidationResult,
} from './password.ts';
export {
  ROLES,
  ROLE_CHANGE_MESSAGES,
  isRole,
  validateRoleChange,
  type Role,
  type RoleChangeInput,
  type RoleChangeResult,
} from './roles.ts';
export { BASIC_HTML_TAGS, sanitizeText, type SanitizeOptions } from './sanitize.ts';
export {
  LINK_DESTINATION_MAX_LENGTH,
  LINK_DESTINATION_MESSAGES,
  newLinkCode,
  validateLinkDestination,
  type LinkDestinationResult,
} from './links.ts';
export {
  WEB_URL_MAX_LENGTH,
  WEB_URL_REASONS,
  isWebHostname,
  validateWebUrl,
  type WebUrlOptions,
  type WebUrlResult,
} from './web-url.ts';
export {
  PAID_TIER_IDS,
  PLAN_LIMITS,
  PLAN_RESOURCES,
  SUBSCRIPTION_TIERS,
  HELD_SUBSCRIPTION_STATUSES,
  heldPlan,
  isPaidTierId,
  paidTier,
  type PaidTierId,
  type PlanLimit,
  type PlanResource,
  type SubscriptionAudience,
  type SubscriptionTier,
} from './tiers.ts';
export {
  PRODUCT_MAX_CO2E_GRAMS,
  PRODUCT_MAX_PRICE_CENTS,
  PRODUCT_MAX_STOCK,
  PRODUCT_MESSAGES,
  PRODUCT_MIN_PRICE_CENTS,
  PROGRAM_MAX_FLAT_CENTS,
  PROGRAM_TERMS_MESSAGES,
  parseWholeNumber,
  validateProductDraft,
  validateProgramTermsDraft,
  type FieldErrors,
  type ProductDraft,
  type ProgramTermsDraft,
} from './forms.ts';
export { shareMetaTags, type ShareMetaTag, type SharePage } from './share.ts';
export { PAYOUTS_CSV_HEADER, csvCell, payoutsCsv, type PayoutCsvRow } from './payouts-csv.ts';
export {
  RESERVED_USERNAMES,
  RESERVED_USERNAME_MESSAGE,
  RESERVED_USERNAME_PREFIX,
  isReservedUsername,
  isUsername,
} from './usernames.ts';
