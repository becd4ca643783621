export { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';
export type { ApiLogger, VerdantSupabaseClient } from './context.ts';
export {
  ApiError,
  API_ERROR_CODES,
  isApiError,
  toApiError,
  type ApiErrorCode,
  type ApiErrorOptions,
} from './errors.ts';
export {
  NO_ROWS_CODE,
  PROFILE_FETCH_ATTEMPTS,
  PROFILE_FETCH_BACKOFF_MS,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_MS,
  REALTIME_TIMEOUT_MS,
  TRACK_ENGAGEMENT_FUNCTION,
} from './constants.ts';
export { LINK_CODE_PATTERN, MAX_PAGE_SIZE, SLUG_PATTERN, USERNAME_PATTERN } from './validate.ts';
export type { PageInput, TextRules, ValidationDetails } from './validate.ts';
export type { Insert, Page, Row, TableName, Update } from './types.ts';
export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';

export type {
  Profile,
  ProfileUpdate,
  ProfilesModule,
  SubscriptionState,
} from './modules/profiles.ts';
export type { Invitee, MyInvitations } from './modules/profiles.ts';
export {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type AccountModule,
  type AvatarType,
  type PublicProfile,
} from './modules/account.ts';
export {
  AFFILIATE_DASHBOARD_RANGES,
  type AffiliateBalance,
  type AffiliateDashboard,
  type AffiliateDashboardDay,
  type AffiliateModule,
  type AffiliateRecentCommission,
  type AffiliateTopLink,
  type CatalogProgram,
  type VerifiedClaim,
} from './modules/affiliate.ts';
export {
  METRIC_TYPES,
  type EngagementMetadata,
  type MetricType,
  type ScriptErrorMetadata,
  type TrackEngagement,
  type UnhandledRejectionMetadata,
} from './modules/engagement.ts';
export type {
  AffiliateLink,
  AffiliateLinkChanges,
  LinkClickDay,
  LinksModule,
  NewAffiliateLink,
} from './modules/links.ts';
export {
  LINK_AUDIENCE_MAX_DAYS,
  UNKNOWN_AUDIENCE_VALUE,
  type AudienceValue,
  type LinkAudience,
  type LinkAudienceInput,
} from './modules/links.ts';
export {
  PROGRAM_STATUSES,
  type AffiliateProgram,
  type ProgramCommission,
  type NewProgram,
  type ProgramChanges,
  type ProgramStatus,
  type ProgramsModule,
} from './modules/programs.ts';
export {
  MEMBERSHIP_DECISIONS,
  type MembershipDecision,
  type MembershipsModule,
  type ProgramMembership,
} from './modules/memberships.ts';
export {
  MERCHANT_PRODUCT_STATUSES,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  SUSTAINABILITY_ATTRIBUTES,
  type ProductCategory,
  type ProductStatus,
  type SustainabilityAttribute,
} from './modules/product-vocabulary.ts';
export {
  PRODUCT_SORTS,
  type MyProductQuery,
  type NewProduct,
  type Product,
  type ProductChanges,
  type ProductDetail,
  type ProductFields,
  type ProductQuery,
  type ProductSort,
  type ProductsModule,
  type PublicClaim,
  type ProductCard,
  type ProductClaims,
  type ProductMerchant,
} from './modules/products.ts';
export {
  MERCHANT_ORDER_STATUSES,
  PURCHASE_STATUSES,
  shippingAddressOf,
  type MerchantOrder,
  type MerchantOrderItem,
  type MerchantOrderStatus,
  type MerchantOrdersInput,
  type Order,
  type OrderItem,
  type OrderStatus,
  type OrderWithItems,
  type OrdersModule,
  type Purchase,
  type PurchaseItem,
  type PurchaseStatus,
  type PurchasesInput,
  type RevenueMonth,
  type ShippingAddress,
} from './modules/orders.ts';
export {
  COMMISSION_STATUSES,
  type Commission,
  type CommissionQuery,
  type CommissionStatus,
  type CommissionTotals,
  type CommissionsModule,
  type Payout,
} from './modules/commissions.ts';
export {
  PAGE_THEMES,
  type NewStorefrontItem,
  type PageTheme,
  type PublicStorefrontItem,
  type PublicStorefrontView,
  type Storefront,
  type StorefrontClaim,
  type StorefrontFields,
  type StorefrontItem,
  type StorefrontOwner,
  type StorefrontProduct,
  type StorefrontWithItems,
  type StorefrontsModule,
} from './modules/storefronts.ts';
export type {
  LinkPage,
  LinkPageFields,
  LinkPageItem,
  LinkPagePreviewItem,
  LinkPageWithItems,
  LinkPagesModule,
  NewLinkPageItem,
  PublicLinkPageItem,
  PublicLinkPageView,
} from './modules/link-pages.ts';
export type {
  Certificate,
  CertificateCheck,
  Course,
  CourseModule,
  CourseProgress,
  CourseWithModules,
  CoursesModule,
  Enrollment,
} from './modules/courses.ts';
export {
  POST_CATEGORIES,
  REACTION_KINDS,
  REPORT_REASONS,
  type Comment,
  type CommentWithAuthor,
  type CommunityModule,
  type CommunityTarget,
  type Post,
  type PostAuthor,
  type PostCategory,
  type PostFields,
  type PostQuery,
  type PostWithAuthor,
  type PostWithComments,
  type Reaction,
  type ReactionKind,
  type Report,
  type ReportReason,
} from './modules/community.ts';
export type {
  Conversation,
  ConversationSummary,
  Message,
  MessagesModule,
  OpenConversation,
  StartConversation,
  StartedConversation,
} from './modules/messages.ts';
export {
  CLAIM_CATEGORIES,
  EVIDENCE_TYPES,
  ONBOARDING_STEPS,
  PRODUCT_IMAGE_TYPES,
  evidenceDocumentName,
  type ClaimCategory,
  type CompanyFields,
  type MerchantClaim,
  type MerchantCompany,
  type MerchantsModule,
  type NewClaim,
  type OnboardingStep,
} from './modules/merchants.ts';
export {
  DASHBOARD_RANGES,
  type MerchantAffiliate,
  type MerchantDashboard,
  type MerchantDashboardDay,
  type MerchantTopAffiliate,
  type MerchantTopProduct,
  type VendorModule,
} from './modules/vendor.ts';
export {
  CLAIM_REVIEW_STATUSES,
  HIDDEN_CONTENT_LIMIT,
  MERCHANT_APPROVAL_STATUSES,
  MERCHANT_ONBOARDING_FILTERS,
  MODERATION_STATUSES,
  PRODUCT_REVIEW_DECISIONS,
  REPORT_RESOLUTIONS,
  REVIEW_REASON_MAX,
  type AdminModule,
  type AdminUser,
  type ClaimForReview,
  type ContentAuthor,
  type EngagementMetric,
  type HiddenContent,
  type MerchantProfile,
  type MerchantQueueFilter,
  type PlatformMetrics,
  type ProductForReview,
  type ProfileQuery,
  type RoleChange,
  type SustainabilityClaim,
} from './modules/admin.ts';
export {
  CONTACT_LIMITS,
  CONTACT_SOURCES,
  validateContactMessage,
  type ContactMessage,
  type ContactModule,
  type ContactSource,
  type NewContactMessage,
} from './modules/contact.ts';
export type {
  MarketingFigures,
  MarketingModule,
  PublicProgramTerms,
} from './modules/platform-figures.ts';
export {
  CHECKOUT_MAX_ITEMS,
  CHECKOUT_MAX_QUANTITY,
  CREATE_CHECKOUT_FUNCTION,
  SITE_CHECKOUT_PATH,
  validateOrderCheckout,
  type CheckoutItem,
  type CheckoutModule,
  type CheckoutSession,
  type OrderCheckoutInput,
  type OrderCheckoutOptions,
} from './modules/checkout.ts';
export {
  DEFAULT_PAYOUT_MINIMUM_CENTS,
  PAYOUT_EXPORT_MAX_DAYS,
  RUN_PAYOUTS_FUNCTION,
  type PayoutAffiliate,
  type PayoutExport,
  type PayoutExportInput,
  type PayoutRun,
  type PayoutRunInput,
  type PayoutWithAffiliate,
  type PayoutsModule,
} from './modules/payouts.ts';
export {
  CREATE_SUBSCRIPTION_CHECKOUT_FUNCTION,
  CHANGE_SUBSCRIPTION_FUNCTION,
  CUSTOMER_PORTAL_FUNCTION,
  FREE_STOREFRONT_LIMIT,
  PLAN_LIMITS,
  PLAN_RESOURCES,
  SUBSCRIPTION_TIERS,
  hasPaidTier,
  planLimit,
  storefrontLimit,
  type ChangedPlan,
  type PaidTierId,
  type PlanHolder,
  type PlanLimit,
  type PlanResource,
  type Subscription,
  type SubscriptionTier,
  type SubscriptionsModule,
} from './modules/subscriptions.ts';
export type { RevenueTransparencyMonth, TrackingModule } from './modules/tracking.ts';
export {
  fetchUnreadCounts,
  subscribeToConversationMessages,
  subscribeToMerchantCommissions,
  subscribeToNewCommissions,
  subscribeToUnreadCounts,
  type ConversationMessageHandlers,
  type RealtimeStatus,
  type RealtimeSubscription,
  type RealtimeSubscriptionOptions,
  type UnreadCounts,
} from './modules/realtime.ts';
