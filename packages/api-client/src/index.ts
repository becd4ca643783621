export { createApiClient, type ApiClient, type ApiClientOptions } from './client';
export type { ApiLogger, VerdantSupabaseClient } from './context';
export {
  ApiError,
  API_ERROR_CODES,
  isApiError,
  toApiError,
  type ApiErrorCode,
  type ApiErrorOptions,
} from './errors';
export {
  NO_ROWS_CODE,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_BACKOFF_MS,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_MS,
  REALTIME_TIMEOUT_MS,
  SUBSCRIPTION_RECHECK_DELAY_MS,
  TRACK_ENGAGEMENT_FUNCTION,
} from './constants';
export { LINK_CODE_PATTERN, MAX_PAGE_SIZE, SLUG_PATTERN, USERNAME_PATTERN } from './validate';
export type { PageInput, TextRules, ValidationDetails } from './validate';
export type { Insert, Page, Row, TableName, Update } from './types';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';

export type { Profile, ProfileUpdate, ProfilesModule, SubscriptionState } from './modules/profiles';
export {
  METRIC_TYPES,
  type EngagementMetadata,
  type MetricType,
  type ScriptErrorMetadata,
  type TrackEngagement,
  type UnhandledRejectionMetadata,
} from './modules/engagement';
export type {
  AffiliateLink,
  AffiliateLinkChanges,
  LinkClickDay,
  LinksModule,
  NewAffiliateLink,
} from './modules/links';
export {
  PROGRAM_STATUSES,
  type AffiliateProgram,
  type ProgramCommission,
  type NewProgram,
  type ProgramChanges,
  type ProgramStatus,
  type ProgramsModule,
} from './modules/programs';
export {
  MEMBERSHIP_DECISIONS,
  type MembershipDecision,
  type MembershipsModule,
  type ProgramMembership,
} from './modules/memberships';
export {
  MERCHANT_PRODUCT_STATUSES,
  PRODUCT_CATEGORIES,
  SUSTAINABILITY_ATTRIBUTES,
  type NewProduct,
  type Product,
  type ProductCategory,
  type ProductChanges,
  type ProductFields,
  type ProductQuery,
  type ProductsModule,
  type SustainabilityAttribute,
} from './modules/products';
export type {
  Order,
  OrderItem,
  OrderWithItems,
  OrdersModule,
  RevenueMonth,
} from './modules/orders';
export {
  COMMISSION_STATUSES,
  type Commission,
  type CommissionQuery,
  type CommissionStatus,
  type CommissionTotals,
  type CommissionsModule,
  type Payout,
} from './modules/commissions';
export {
  PAGE_THEMES,
  type NewStorefrontItem,
  type PageTheme,
  type Storefront,
  type StorefrontFields,
  type StorefrontItem,
  type StorefrontWithItems,
  type StorefrontsModule,
} from './modules/storefronts';
export type {
  LinkPage,
  LinkPageFields,
  LinkPageItem,
  LinkPageWithItems,
  LinkPagesModule,
  NewLinkPageItem,
} from './modules/link-pages';
export type {
  Certificate,
  CertificateCheck,
  Course,
  CourseModule,
  CourseProgress,
  CourseWithModules,
  CoursesModule,
  Enrollment,
} from './modules/courses';
export {
  POST_CATEGORIES,
  REACTION_KINDS,
  REPORT_REASONS,
  type Comment,
  type CommunityModule,
  type CommunityTarget,
  type Post,
  type PostCategory,
  type PostFields,
  type PostQuery,
  type PostWithComments,
  type Reaction,
  type ReactionKind,
  type Report,
  type ReportReason,
} from './modules/community';
export type { Conversation, Message, MessagesModule, OpenConversation } from './modules/messages';
export {
  CLAIM_REVIEW_STATUSES,
  MERCHANT_APPROVAL_STATUSES,
  MODERATION_STATUSES,
  PRODUCT_REVIEW_DECISIONS,
  REPORT_RESOLUTIONS,
  type AdminModule,
  type EngagementMetric,
  type MerchantProfile,
  type ProfileQuery,
  type RoleChange,
  type SustainabilityClaim,
} from './modules/admin';
